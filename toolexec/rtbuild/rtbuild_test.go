package rtbuild

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/vtbound/vtbound/internal/testbin"
	"github.com/vtbound/vtbound/toolexec/scope"
)

// fakeRT is a small rt tree: a package with an internal dependency, a test
// file that does not compile (must be left out) and testdata.
var fakeRT = fstest.MapFS{
	"rt/rt.go":               {Data: []byte("package rt\n\nimport (\n\t\"sync\"\n\n\t\"github.com/vtbound/vtbound/rt/internal/eng\"\n)\n\nvar Mu sync.Mutex\n\nfunc Steps() int { return eng.N }\n")},
	"rt/internal/eng/eng.go": {Data: []byte("package eng\n\n// N is a counter.\nvar N = 1\n")},
	"rt/rt_test.go":          {Data: []byte("package rt\n\nthis is not Go\n")},
	"rt/testdata/x.go":       {Data: []byte("not Go either\n")},
}

// testConfig is a build of src in dir with the go command on PATH. The rt
// source directory (under the user cache directory) is the test's own; the
// go build cache is the machine's.
func testConfig(t *testing.T, dir string, src fstest.MapFS) Config {
	t.Helper()
	testbin.KeepGoCache(t)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	return Config{Go: "go", Source: src, Dir: dir}
}

func TestEnsureRTEmbedded(t *testing.T) {
	work := t.TempDir()
	c := testConfig(t, t.TempDir(), fakeRT)
	rt, err := Ensure(c, work)
	if err != nil {
		t.Fatal(err)
	}
	if rt.Source != "embedded" {
		t.Errorf("Source = %q; want embedded", rt.Source)
	}
	for _, p := range []string{scope.RTPath, scope.RTPath + "/internal/eng", "sync"} {
		if f := rt.Files[p]; f == "" {
			t.Errorf("no export file for %s", p)
		} else if _, err := os.Stat(f); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
	if rt.Paths[len(rt.Paths)-1] != scope.RTPath {
		t.Errorf("rt must come after its dependencies: %v", rt.Paths)
	}
	// The second call in the same build reads the recorded result, even if
	// the source is gone.
	c.Source = fstest.MapFS{}
	again, err := Ensure(c, work)
	if err != nil || again.Files[scope.RTPath] != rt.Files[scope.RTPath] {
		t.Errorf("second ensureRT: %v, %v", again, err)
	}
}

func TestEnsureRTRecordsFailure(t *testing.T) {
	broken := fstest.MapFS{"rt/rt.go": {Data: []byte("package rt\n\nvar x int = \"s\"\n")}}
	work := t.TempDir()
	c := testConfig(t, t.TempDir(), broken)
	_, err1 := Ensure(c, work)
	_, err2 := Ensure(c, work)
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
	trees := map[string]fstest.MapFS{
		vt: {"go.mod": {Data: []byte(rtGoMod)}, "rt/rt.go": {Data: []byte("package rt\n\n// FromModule marks this copy.\nvar FromModule = true\n")}},
		user: {
			"go.mod":  {Data: []byte("module example.com/user\n\ngo 1.26\n\nrequire github.com/vtbound/vtbound v0.0.0\n\nreplace github.com/vtbound/vtbound => ../vt\n")},
			"user.go": {Data: []byte("package user\n")},
		},
	}
	for dir, files := range trees {
		if err := os.CopyFS(dir, files); err != nil {
			t.Fatal(err)
		}
	}
	rt, err := Ensure(testConfig(t, user, fakeRT), t.TempDir())
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
