package toolexec

import (
	"errors"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// captureEnv is the environment the captured command lines ran in.
func captureEnv(t *testing.T, c capture, dir, scope string) *Env {
	t.Helper()
	sc, err := ParseScope(scope)
	if err != nil {
		t.Fatal(err)
	}
	return &Env{
		Locations:  Locations{GOROOT: "/usr/local/go", GOMODCACHE: "/root/go/pkg/mod"},
		ImportPath: c.importPath,
		Dir:        dir,
		Scope:      sc,
	}
}

func TestSkipRules(t *testing.T) {
	tests := []struct {
		capture, dir, scope string
		skip                string   // reason substring; "" = instrumented
		rewrite             []string // base names handed to the rewriter
	}{
		{"compile_test_internal_race", "/tmp/cap/m", "", "", []string{"a.go", "a_test.go"}},
		{"compile_test_external_race", "/tmp/cap/m", "", "", []string{"x_test.go"}},
		{"compile_main", "/tmp/cap/m2", "", "", []string{"main.go"}},
		{"compile_embed", "/tmp/cap/m2/em", "", "", []string{"em.go"}},
		{"compile_asm", "/tmp/cap/m2/as", "", "", []string{"as.go"}},
		{"compile_std_runtime", "/usr/local/go/src/runtime", "", "standard library", nil},
		{"compile_std_sync", "/usr/local/go/src/sync", "", "standard library", nil},
		{"compile_testmain_race", "/tmp/cap/m", "", "generated test main", nil},
		{"compile_testmain_cover_trimpath", "/tmp/cap/m", "", "generated test main", nil},
		{"compile_cgo", "/tmp/cap/m2/cg", "", "only generated files", nil},
		// The cover tool's copy of a.go is rewritten, its counters file
		// is not.
		{"compile_test_internal_cover_trimpath", "/tmp/cap/m", "", "", []string{"a.cover.go", "a_test.go"}},
		// Module cache and vendor directories are out of the default
		// scope: dependencies, whose concurrency operations only are
		// rewritten (see TestDependencyMode).
		{"compile_test_internal_race", "/root/go/pkg/mod/example.com/m@v1.0.0", "", "", []string{"a.go", "a_test.go"}},
		{"compile_test_internal_race", "/tmp/cap/vendor/example.com/m", "", "", []string{"a.go", "a_test.go"}},
		// VTBOUND_SCOPE narrows and widens; an excluding pattern also
		// excludes a package from the dependencies' rewriting.
		{"compile_test_internal_race", "/tmp/cap/m", "-example.com/m", "out of scope", nil},
		{"compile_test_external_race", "/tmp/cap/m", "-example.com/m", "out of scope", nil},
		{"compile_test_internal_race", "/root/go/pkg/mod/example.com/m@v1.0.0", "example.com/...", "", []string{"a.go", "a_test.go"}},
		{"compile_main", "/tmp/cap/m2", "example.com/other/...", "", []string{"main.go"}},
		{"compile_main", "/tmp/cap/m2", "default,example.com/other/...", "", []string{"main.go"}},
	}
	for _, tt := range tests {
		t.Run(tt.capture+"/"+tt.scope, func(t *testing.T) {
			c := readCapture(t, tt.capture)
			c.argv = relocate(c.argv, tt.dir)
			cmd, err := ParseCompile(c.argv)
			if err != nil {
				t.Fatal(err)
			}
			p, err := planCompile(cmd, captureEnv(t, c, tt.dir, tt.scope))
			if tt.skip != "" {
				if !errors.Is(err, errSkip) || !strings.Contains(err.Error(), tt.skip) {
					t.Fatalf("planCompile err = %v; want skip %q", err, tt.skip)
				}
				return
			}
			if err != nil {
				t.Fatalf("planCompile: %v", err)
			}
			var bases []string
			for _, f := range p.rewrite {
				bases = append(bases, filepath.Base(f))
			}
			if !slices.Equal(bases, tt.rewrite) {
				t.Errorf("rewrite %v; want %v", bases, tt.rewrite)
			}
		})
	}
}

// TestDependencyMode: packages out of scope (module cache, vendor, or
// not named by VTBOUND_SCOPE) get their concurrency operations rewritten
// unless VTBOUND_DEPS=off or an excluding pattern names them.
func TestDependencyMode(t *testing.T) {
	tests := []struct {
		dir, scope, deps string
		want             Mode
	}{
		{"/tmp/cap/m", "", "", Full},
		{"/root/go/pkg/mod/example.com/m@v1.0.0", "", "", Concurrency},
		{"/tmp/cap/vendor/example.com/m", "", "1", Concurrency},
		{"/root/go/pkg/mod/example.com/m@v1.0.0", "", "off", Skip},
		{"/tmp/cap/vendor/example.com/m", "", "0", Skip},
		{"/root/go/pkg/mod/example.com/m@v1.0.0", "-example.com/m", "", Skip},
		{"/root/go/pkg/mod/example.com/m@v1.0.0", "example.com/m", "off", Full},
		{"/tmp/cap/m", "example.com/other", "", Concurrency},
	}
	for _, tt := range tests {
		c := readCapture(t, "compile_test_internal_race")
		c.argv = relocate(c.argv, tt.dir)
		cmd, err := ParseCompile(c.argv)
		if err != nil {
			t.Fatal(err)
		}
		env := captureEnv(t, c, tt.dir, tt.scope)
		if err := env.Scope.SetDeps(tt.deps); err != nil {
			t.Fatal(err)
		}
		p, err := planCompile(cmd, env)
		got := Skip
		if err == nil {
			got = p.mode
		} else if !errors.Is(err, errSkip) {
			t.Fatalf("%s scope=%q deps=%q: %v", tt.dir, tt.scope, tt.deps, err)
		}
		if got != tt.want {
			t.Errorf("%s scope=%q deps=%q: mode %v, want %v", tt.dir, tt.scope, tt.deps, got, tt.want)
		}
	}
}

// TestSetDeps: VTBOUND_DEPS values, and off entering the build hash.
func TestSetDeps(t *testing.T) {
	sc, _ := ParseScope("example.com/m")
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

func TestSkipOwnPackages(t *testing.T) {
	for _, p := range []string{"github.com/vtbound/vtbound/rt", "github.com/vtbound/vtbound/rt/internal/engine", "github.com/vtbound/vtbound"} {
		cmd := &Command{Tool: "compile", Args: []Arg{{Name: "p", Value: p, Form: FormSplit}, {Name: "o", Value: "/w/b002/_pkg_.a", Form: FormSplit}}, Files: []string{"/src/rt/a.go"}}
		sc, _ := ParseScope("")
		_, err := planCompile(cmd, &Env{Dir: "/src/rt", Scope: sc, Locations: Locations{GOROOT: "/goroot"}})
		if !errors.Is(err, errSkip) || !strings.Contains(err.Error(), "own package") {
			t.Errorf("%s: err = %v; want skip as own package", p, err)
		}
	}
	sc, _ := ParseScope("")
	noOut := &Command{Tool: "compile", Args: []Arg{{Name: "p", Value: "example.com/m", Form: FormSplit}}, Files: []string{"/src/m/a.go"}}
	if _, err := planCompile(noOut, &Env{Dir: "/src/m", Scope: sc}); !errors.Is(err, errSkip) {
		t.Errorf("compile without -o: err = %v; want skip", err)
	}
	if ownPackage("github.com/vtbound/vtboundx") {
		t.Error("ownPackage matched a different module with the same prefix")
	}
}

func TestIsTestPackage(t *testing.T) {
	for name, want := range map[string]bool{"compile_test_internal_race": true, "compile_test_external_race": true, "compile_main": false} {
		c := readCapture(t, name)
		cmd, _ := ParseCompile(c.argv)
		p, err := planCompile(cmd, captureEnv(t, c, "/tmp/cap/m", ""))
		if err != nil {
			t.Fatal(err)
		}
		if p.isTest != want {
			t.Errorf("%s: isTest = %v; want %v", name, p.isTest, want)
		}
		if strings.Contains(p.name, "[") {
			t.Errorf("%s: name %q keeps the test variant suffix", name, p.name)
		}
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
		if got := MatchPattern(tt.pattern, tt.path); got != tt.want {
			t.Errorf("MatchPattern(%q, %q) = %v; want %v", tt.pattern, tt.path, got, tt.want)
		}
	}
}

func TestParseScope(t *testing.T) {
	sc, err := ParseScope(" example.com/a/... , -example.com/a/gen ,")
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
	if _, err := ParseScope("-"); err == nil || !strings.Contains(err.Error(), ScopeEnv) {
		t.Errorf("bad pattern: err = %v; want an error naming %s", err, ScopeEnv)
	}
	if sc, _ := ParseScope(""); !sc.Default || sc.Raw != "" {
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

func TestCoverGroups(t *testing.T) {
	for src, shared := range map[string]bool{
		"goCover_f6e4431d5ec1__0[3]": false,
		"goCover_f6e4431d5ec1_P":     false,
		"(goCover_x).y[1]":           false,
		"counter.n":                  true,
		"buf[i]":                     true,
		"f().x":                      true,
	} {
		e, err := parser.ParseExpr(src)
		if err != nil {
			t.Fatal(err)
		}
		if g, got := coverGroups(e); got != shared || g != "" {
			t.Errorf("coverGroups(%s) = %q, %v; want \"\", %v", src, g, got, shared)
		}
	}
	atomic, _ := parser.ParseFile(token.NewFileSet(), "a.cover.go", "package m; import _cover_atomic_ \"sync/atomic\"", parser.ImportsOnly)
	set, _ := parser.ParseFile(token.NewFileSet(), "a.cover.go", "package m; import \"sync\"", parser.ImportsOnly)
	if !atomicCounters(atomic) || atomicCounters(set) {
		t.Error("atomicCounters does not recognise -covermode=atomic files")
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
		if got := sourceDir(tc.files, "/cwd", work); got != tc.want {
			t.Errorf("sourceDir(%v) = %q, want %q", tc.files, got, tc.want)
		}
	}
}

// relocate moves the captured package's source files (absolute paths, as
// the go command passes them) into dir, to simulate a package that lives
// there (the module cache, a vendor directory).
func relocate(argv []string, dir string) []string {
	from := ""
	for _, a := range argv {
		if strings.HasSuffix(a, ".go") && strings.HasPrefix(a, "/tmp/cap/") {
			from = filepath.Dir(a)
			break
		}
	}
	if from == "" || from == dir {
		return argv
	}
	out := make([]string, len(argv))
	for i, a := range argv {
		if filepath.Dir(a) == from {
			a = filepath.Join(dir, filepath.Base(a))
		}
		out[i] = a
	}
	return out
}
