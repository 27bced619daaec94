package scope

import (
	"strings"
	"testing"
)

// TestSetDeps: VTBOUND_DEPS values, and off entering the build hash.
func TestSetDeps(t *testing.T) {
	sc, _ := Parse("example.com/m")
	raw := sc.Raw
	if err := sc.SetDeps("on"); err != nil || !sc.Deps || sc.Raw != raw {
		t.Errorf("SetDeps(on): deps=%v raw=%q err=%v", sc.Deps, sc.Raw, err)
	}
	if err := sc.SetDeps("off"); err != nil || sc.Deps || sc.Raw == raw {
		t.Errorf("SetDeps(off): deps=%v raw=%q err=%v; want off recorded in Raw", sc.Deps, sc.Raw, err)
	}
	if err := sc.SetDeps("maybe"); err == nil || !strings.Contains(err.Error(), DepsEnv) {
		t.Errorf("SetDeps(maybe): err = %v; want an error naming %s", err, DepsEnv)
	}
}

func TestScopePatterns(t *testing.T) {
	tests := []struct {
		pattern, path string
		want          bool
	}{
		{"example.com/m/...", "example.com/m", true},
		{"example.com/m/...", "example.com/m/sub/x", true},
		{"example.com/m/...", "example.com/mx", false},
		{"example.com/.../x", "example.com/a/b/x", true},
		{"example.com/m", "example.com/m/sub", false},
		{"...", "anything/at/all", true},
		{"a.b", "axb", false},
	}
	for _, tt := range tests {
		if got := Match(tt.pattern, tt.path); got != tt.want {
			t.Errorf("Match(%q, %q) = %v; want %v", tt.pattern, tt.path, got, tt.want)
		}
	}
}

func TestParseScope(t *testing.T) {
	sc, err := Parse(" example.com/a/... , -example.com/a/gen ,")
	if err != nil {
		t.Fatal(err)
	}
	if sc.Default || sc.Raw != "example.com/a/...,-example.com/a/gen" {
		t.Errorf("Default=%v Raw=%q", sc.Default, sc.Raw)
	}
	loc := Locations{GOROOT: "/goroot", GOMODCACHE: "/mod"}
	if !sc.Contains("example.com/a/x", "/mod/example.com/a@v1/x", loc) || sc.Contains("example.com/a/gen", "/src", loc) || sc.Contains("example.com/b", "/src/b", loc) {
		t.Error("include/exclude patterns not applied")
	}
	if _, err := Parse("-"); err == nil || !strings.Contains(err.Error(), Env) {
		t.Errorf("bad pattern: err = %v; want an error naming %s", err, Env)
	}
	if sc, _ := Parse(""); !sc.Default || sc.Raw != "" {
		t.Errorf("empty scope: Default=%v Raw=%q", sc.Default, sc.Raw)
	}
}

func TestIsLocal(t *testing.T) {
	loc := Locations{GOROOT: "/usr/local/go", GOMODCACHE: "/root/go/pkg/mod"}
	tests := map[string]bool{
		"/home/u/proj":                       true,
		"/home/u/proj/internal/x":            true,
		"/usr/local/go/src/sync":             false,
		"/usr/local/gopher/proj":             true,
		"/root/go/pkg/mod/golang.org/x/sync": false,
		"/home/u/proj/vendor/example.com/d":  false,
		"":                                   false,
	}
	for dir, want := range tests {
		if got := loc.IsLocal(dir); got != want {
			t.Errorf("IsLocal(%q) = %v; want %v", dir, got, want)
		}
	}
}

func TestSourceDir(t *testing.T) {
	work := "/tmp/go-build123"
	for _, tc := range []struct {
		files []string
		want  string
	}{
		{[]string{"/root/go/pkg/mod/example.com/m@v1.0.0/a.go"}, "/root/go/pkg/mod/example.com/m@v1.0.0"},
		{[]string{work + "/b001/_testmain.go", "/src/m/x_test.go"}, "/src/m"},
		{[]string{"./a.go", "./b.go"}, "/cwd"},
		{[]string{work + "/b002/covervars.go"}, "/cwd"},
	} {
		if got := SourceDir(tc.files, "/cwd", work); got != tc.want {
			t.Errorf("SourceDir(%v) = %q, want %q", tc.files, got, tc.want)
		}
	}
}
