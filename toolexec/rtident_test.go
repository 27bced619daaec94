package toolexec

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
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
	if id := rtIdentity(testEnv(t, own, fakeRT), own); !strings.HasPrefix(id, filepath.Join(root, "rt")+"@") {
		t.Errorf("rtIdentity = %q, want %s@<hash>", id, filepath.Join(root, "rt"))
	}
}
