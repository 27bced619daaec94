package toolexec

import (
	"errors"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/toolexec/cmdline"
	"github.com/vtbound/vtbound/toolexec/internal/captures"
	"github.com/vtbound/vtbound/toolexec/scope"
)

// captureEnv is the environment the captured command lines ran in.
func captureEnv(t *testing.T, c captures.Capture, dir, setting string) *Env {
	t.Helper()
	sc, err := scope.Parse(setting)
	if err != nil {
		t.Fatal(err)
	}
	return &Env{
		Locations:  scope.Locations{GOROOT: "/usr/local/go", GOMODCACHE: "/root/go/pkg/mod"},
		ImportPath: c.ImportPath,
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
			c := captures.Read(t, tt.capture)
			c.Argv = relocate(c.Argv, tt.dir)
			cmd, err := cmdline.ParseCompile(c.Argv)
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
		want             scope.Mode
	}{
		{"/tmp/cap/m", "", "", scope.Full},
		{"/root/go/pkg/mod/example.com/m@v1.0.0", "", "", scope.Concurrency},
		{"/tmp/cap/vendor/example.com/m", "", "1", scope.Concurrency},
		{"/root/go/pkg/mod/example.com/m@v1.0.0", "", "off", scope.Skip},
		{"/tmp/cap/vendor/example.com/m", "", "0", scope.Skip},
		{"/root/go/pkg/mod/example.com/m@v1.0.0", "-example.com/m", "", scope.Skip},
		{"/root/go/pkg/mod/example.com/m@v1.0.0", "example.com/m", "off", scope.Full},
		{"/tmp/cap/m", "example.com/other", "", scope.Concurrency},
	}
	for _, tt := range tests {
		c := captures.Read(t, "compile_test_internal_race")
		c.Argv = relocate(c.Argv, tt.dir)
		cmd, err := cmdline.ParseCompile(c.Argv)
		if err != nil {
			t.Fatal(err)
		}
		env := captureEnv(t, c, tt.dir, tt.scope)
		if err := env.Scope.SetDeps(tt.deps); err != nil {
			t.Fatal(err)
		}
		p, err := planCompile(cmd, env)
		got := scope.Skip
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

func TestSkipOwnPackages(t *testing.T) {
	for _, p := range []string{"github.com/vtbound/vtbound/rt", "github.com/vtbound/vtbound/rt/internal/engine", "github.com/vtbound/vtbound"} {
		cmd := &cmdline.Command{Tool: "compile", Args: []cmdline.Arg{{Name: "p", Value: p, Form: cmdline.FormSplit}, {Name: "o", Value: "/w/b002/_pkg_.a", Form: cmdline.FormSplit}}, Files: []string{"/src/rt/a.go"}}
		sc, _ := scope.Parse("")
		_, err := planCompile(cmd, &Env{Dir: "/src/rt", Scope: sc, Locations: scope.Locations{GOROOT: "/goroot"}})
		if !errors.Is(err, errSkip) || !strings.Contains(err.Error(), "own package") {
			t.Errorf("%s: err = %v; want skip as own package", p, err)
		}
	}
	sc, _ := scope.Parse("")
	noOut := &cmdline.Command{Tool: "compile", Args: []cmdline.Arg{{Name: "p", Value: "example.com/m", Form: cmdline.FormSplit}}, Files: []string{"/src/m/a.go"}}
	if _, err := planCompile(noOut, &Env{Dir: "/src/m", Scope: sc}); !errors.Is(err, errSkip) {
		t.Errorf("compile without -o: err = %v; want skip", err)
	}
	if scope.OwnPackage("github.com/vtbound/vtboundx") {
		t.Error("ownPackage matched a different module with the same prefix")
	}
}

func TestIsTestPackage(t *testing.T) {
	for name, want := range map[string]bool{"compile_test_internal_race": true, "compile_test_external_race": true, "compile_main": false} {
		c := captures.Read(t, name)
		cmd, _ := cmdline.ParseCompile(c.Argv)
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
