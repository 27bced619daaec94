package toolexec

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/vtbound/vtbound/internal/testbin"
	"github.com/vtbound/vtbound/toolexec/rtbuild"
	"github.com/vtbound/vtbound/toolexec/scope"
)

// TestVersionNamesModuleRT: in a module that requires vtbound (here this
// checkout's own module, which is vtbound) the -V=full answer carries a
// hash of that module's rt, so its builds never share cache entries with
// builds against the embedded rt; anywhere else the answer is the binary's
// and settings' hash alone, as before. The end-to-end check, two modules
// sharing one build cache, is internal/differential's TestSharedCacheOwnRT.
func TestVersionNamesModuleRT(t *testing.T) {
	tooldir, err := exec.Command("go", "env", "GOTOOLDIR").Output()
	if err != nil {
		t.Fatal(err)
	}
	compile := filepath.Join(strings.TrimSpace(string(tooldir)), "compile")
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	answer := func(dir string) string {
		t.Helper()
		env := testEnv(t, dir, fakeRT)
		env.Self = self
		var out bytes.Buffer
		env.Stdout = &out
		if code := Main([]string{compile, "-V=full"}, env); code != 0 {
			t.Fatalf("-V=full in %s: exit %d", dir, code)
		}
		return out.String()
	}
	plainDir := t.TempDir()
	writeTree(t, plainDir, map[string]string{"go.mod": "module example.com/plain\n\ngo 1.22\n"})
	own, err := os.Getwd() // this package's directory, in vtbound's module
	if err != nil {
		t.Fatal(err)
	}
	toolAnswer, err := exec.Command(compile, "-V=full").Output()
	if err != nil {
		t.Fatal(err)
	}
	h, err := BuildHash(self, testEnv(t, plainDir, fakeRT).Settings())
	if err != nil {
		t.Fatal(err)
	}
	plain, ownAnswer := answer(plainDir), answer(own)
	if plain != VersionAnswer(string(toolAnswer), h) {
		t.Errorf("answer outside a module requiring vtbound: %q, want %q", plain, VersionAnswer(string(toolAnswer), h))
	}
	if ownAnswer == plain || !strings.Contains(ownAnswer, h+"-rt") {
		t.Errorf("answer in vtbound's module %q does not name its rt (plain %q)", ownAnswer, plain)
	}
	if again := answer(own); again != ownAnswer {
		t.Errorf("answer not stable: %q then %q", ownAnswer, again)
	}
	root := filepath.Dir(own)
	if id := rtbuild.Identity(testEnv(t, own, fakeRT).goCommand(), own); !strings.HasPrefix(id, filepath.Join(root, "rt")+"@") {
		t.Errorf("rtIdentity = %q, want %s@<hash>", id, filepath.Join(root, "rt"))
	}
}

// testEnv is the environment of a build in dir whose embedded rt is src,
// with an rt source directory of its own and the machine's build cache.
func testEnv(t *testing.T, dir string, src fstest.MapFS) *Env {
	t.Helper()
	testbin.KeepGoCache(t)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	sc, _ := scope.Parse("")
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	return &Env{
		Locations:  scope.Locations{GOROOT: strings.TrimSpace(string(goroot))},
		Dir:        dir,
		Scope:      sc,
		RTSource:   src,
		Stderr:     os.Stderr,
		ParentArgs: func() ([]string, bool) { return nil, false },
	}
}

// fakeRT stands for the embedded rt tree (-V=full hashes the binary, not it).
var fakeRT = fstest.MapFS{"rt/rt.go": {Data: []byte("package rt\n")}}
