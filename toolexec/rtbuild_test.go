package toolexec

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
)

// fakeRT is a small rt tree: a package with an internal dependency, a test
// file that does not compile (must be left out) and testdata.
var fakeRT = fstest.MapFS{
	"rt/rt.go":               {Data: []byte("package rt\n\nimport (\n\t\"sync\"\n\n\t\"github.com/vtbound/vtbound/rt/internal/eng\"\n)\n\nvar Mu sync.Mutex\n\nfunc Steps() int { return eng.N }\n")},
	"rt/internal/eng/eng.go": {Data: []byte("package eng\n\n// N is a counter.\nvar N = 1\n")},
	"rt/rt_test.go":          {Data: []byte("package rt\n\nthis is not Go\n")},
	"rt/testdata/x.go":       {Data: []byte("not Go either\n")},
}

func testEnv(t *testing.T, dir string, src fstest.MapFS) *Env {
	t.Helper()
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	sc, _ := ParseScope("")
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	return &Env{
		Locations:  Locations{GOROOT: strings.TrimSpace(string(goroot))},
		Dir:        dir,
		Scope:      sc,
		RTSource:   src,
		Stderr:     os.Stderr,
		ParentArgs: func() ([]string, bool) { return nil, false },
	}
}

func TestEnsureRTEmbedded(t *testing.T) {
	work := t.TempDir()
	env := testEnv(t, t.TempDir(), fakeRT)
	rt, err := ensureRT(env, work, &Command{Tool: "compile"})
	if err != nil {
		t.Fatal(err)
	}
	if rt.Source != "embedded" {
		t.Errorf("Source = %q; want embedded", rt.Source)
	}
	for _, p := range []string{RTPath, RTPath + "/internal/eng", "sync"} {
		if f := rt.Files[p]; f == "" {
			t.Errorf("no export file for %s", p)
		} else if _, err := os.Stat(f); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
	if rt.Paths[len(rt.Paths)-1] != RTPath {
		t.Errorf("rt must come after its dependencies: %v", rt.Paths)
	}
	// The second call in the same build reads the recorded result, even if
	// the source is gone.
	env.RTSource = fstest.MapFS{}
	again, err := ensureRT(env, work, &Command{Tool: "compile"})
	if err != nil || again.Files[RTPath] != rt.Files[RTPath] {
		t.Errorf("second ensureRT: %v, %v", again, err)
	}
}

func TestEnsureRTRecordsFailure(t *testing.T) {
	broken := fstest.MapFS{"rt/rt.go": {Data: []byte("package rt\n\nvar x int = \"s\"\n")}}
	work := t.TempDir()
	env := testEnv(t, t.TempDir(), broken)
	_, err1 := ensureRT(env, work, &Command{Tool: "compile"})
	_, err2 := ensureRT(env, work, &Command{Tool: "compile"})
	if err1 == nil || err2 == nil || err1.Error() != err2.Error() {
		t.Errorf("errors %v / %v; want the same recorded failure twice", err1, err2)
	}
}

// TestEnsureRTUserModule checks that a build whose module requires vtbound
// uses that copy of rt rather than the embedded one.
func TestEnsureRTUserModule(t *testing.T) {
	root := t.TempDir()
	vt := filepath.Join(root, "vt")
	user := filepath.Join(root, "user")
	writeTree(t, vt, map[string]string{"go.mod": rtGoMod, "rt/rt.go": "package rt\n\n// FromModule marks this copy.\nvar FromModule = true\n"})
	writeTree(t, user, map[string]string{
		"go.mod":  "module example.com/user\n\ngo 1.26\n\nrequire github.com/vtbound/vtbound v0.0.0\n\nreplace github.com/vtbound/vtbound => ../vt\n",
		"user.go": "package user\n",
	})
	env := testEnv(t, user, fakeRT)
	rt, err := ensureRT(env, t.TempDir(), &Command{Tool: "compile"})
	if err != nil {
		t.Fatal(err)
	}
	if rt.Source != "module" || len(rt.Files) != 1 {
		t.Errorf("Source = %q, files %v; want the module's own rt (no internal deps)", rt.Source, rt.Paths)
	}
}

func TestRTFilesSkipsTests(t *testing.T) {
	files, sum, err := rtFiles(fakeRT)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 2 || len(sum) != 64 {
		t.Errorf("files %v sum %q; want rt.go and eng.go only", files, sum)
	}
	_, sum2, _ := rtFiles(fstest.MapFS{"rt/rt.go": fakeRT["rt/rt.go"]})
	if sum2 == sum {
		t.Error("content hash ignores files")
	}
}

func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
}

func TestLoadTypeChecks(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"go.mod": "module example.com/tc\n\ngo 1.21\n",
		"a.go":   "package tc\n\nimport \"sync\"\n\nvar mu sync.Mutex\n\nfunc F() { for i := range 3 { _ = i }; mu.Lock() }\n",
		"bad.go": "package tc\n\nvar bad int = \"x\"\n",
	})
	cfg := exportCfg(t, dir, "sync")
	cmd := &Command{Tool: "compile", Args: []Arg{{Name: "p", Value: "example.com/tc", Form: FormSplit}, {Name: "lang", Value: "go1.21", Form: FormEquals}}, Files: []string{filepath.Join(dir, "a.go")}}
	l, err := load(&compilePlan{cmd: cmd, pkgPath: "example.com/tc"}, cfg, "amd64")
	if err == nil || !strings.Contains(err.Error(), "go1.22") {
		// range over int needs go1.22: -lang must reach go/types.
		t.Fatalf("load with -lang=go1.21: err = %v; want a version error", err)
	}
	cmd.SetFlag("lang", "go1.22")
	if l, err = load(&compilePlan{cmd: cmd, pkgPath: "example.com/tc"}, cfg, "amd64"); err != nil {
		t.Fatal(err)
	}
	if l.pkg.Path() != "example.com/tc" || l.pkg.Scope().Lookup("mu") == nil || len(l.info.Uses) == 0 {
		t.Errorf("package %v not type-checked", l.pkg)
	}
	cmd.Files = append(cmd.Files, filepath.Join(dir, "bad.go"))
	_, err = load(&compilePlan{cmd: cmd, pkgPath: "example.com/tc"}, cfg, "amd64")
	var te *errTypes
	if !errors.As(err, &te) {
		t.Errorf("type error: err = %v; want *errTypes", err)
	}
}

// exportCfg builds an importcfg for the given packages and their deps with
// `go list -export`.
func exportCfg(t *testing.T, dir string, pkgs ...string) *ImportCfg {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list", "-export", "-deps", "-f", "{{if .Export}}packagefile {{.ImportPath}}={{.Export}}{{end}}"}, pkgs...)...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	return ParseImportCfg(string(out))
}

// TestWriteRTSourceFallback checks that an unusable first root (here a
// file, not a directory) falls back to the next one.
func TestWriteRTSourceFallback(t *testing.T) {
	tmp := t.TempDir()
	blocked := filepath.Join(tmp, "file")
	if err := os.WriteFile(blocked, nil, 0o666); err != nil {
		t.Fatal(err)
	}
	dir, err := writeRTSource(fakeRT, []string{blocked, filepath.Join(tmp, "scratch")})
	if err != nil || !strings.HasPrefix(dir, filepath.Join(tmp, "scratch")) {
		t.Fatalf("dir %q, err %v; want the scratch root", dir, err)
	}
	for _, f := range []string{"go.mod", "rt/rt.go", "rt/internal/eng/eng.go"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "rt", "rt_test.go")); err == nil {
		t.Error("test file written out")
	}
	again, err := writeRTSource(fakeRT, []string{blocked, filepath.Join(tmp, "scratch")})
	if err != nil || again != dir {
		t.Errorf("second write: %q, %v; want the same directory", again, err)
	}
}
