//go:build integration

package differential

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSharedCacheOwnRT builds, with one build cache, a module that links
// the rt embedded in vtbound and then a module that requires vtbound (its
// tests use rt by hand) and so links its own copy of rt, here this
// checkout's; both use the same local dependency (testdata/e2e/sharedrt).
// The second build must not reuse the dependency compiled against the
// other rt: before the -V=full answer named the module's own rt, its link
// failed with "fingerprint mismatch".
//
// It costs about 100 s on two cores, most of it compiling the standard
// library for the second module's build IDs, so it is in the integration
// tier (go test -tags integration; toolexec's TestVersionNamesModuleRT
// checks the build IDs on every run).
func TestSharedCacheOwnRT(t *testing.T) {
	if testing.Short() {
		t.Skip("builds two modules under vtbound, compiling the standard library again (about 100 s)")
	}
	root := filepath.Join(t.TempDir(), "sharedrt")
	checkout := checkoutRoot(t)
	if err := copyTree(filepath.Join(checkout, "testdata", "e2e", "sharedrt"), root); err != nil {
		t.Fatal(err)
	}
	b := filepath.Join(root, "b")
	gomod, err := os.ReadFile(filepath.Join(b, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	gomod = []byte(strings.Replace(string(gomod), "=> ../../../..", "=> "+checkout, 1))
	gosum, err := os.ReadFile(filepath.Join(checkout, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	if err := errors.Join(os.WriteFile(filepath.Join(b, "go.mod"), gomod, 0o644), os.WriteFile(filepath.Join(b, "go.sum"), gosum, 0o644)); err != nil {
		t.Fatal(err)
	}
	goCmd(t, b, "mod", "tidy")
	for _, m := range []string{"a", "b"} {
		cmd := exec.Command("go", "test", "-count=1", "-toolexec="+vtboundBin(t), ".")
		cmd.Dir = filepath.Join(root, m)
		cmd.Env = goEnv()
		out, err := cmd.CombinedOutput()
		if err != nil || strings.Contains(string(out), "vtbound: warning") {
			t.Errorf("module %s under vtbound: %v\n%s", m, err, out)
		}
	}
}
