package differential

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestGoleakOptions runs testdata/e2e/goleakopts natively and under
// vtbound. Package accepted leaves a poller running and accepts it with
// goleak.IgnoreTopFunction (and goleak.IgnoreCurrent for a goroutine
// started at init) in TestMain: it passes both ways, vtbound accepting the
// leak by the same option. Package reported has only IgnoreCurrent: the
// leak fails it both ways, vtbound reporting it as a goroutine leak.
func TestGoleakOptions(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module with go.uber.org/goleak natively and under vtbound")
	}
	trackSources(t)
	dir := filepath.Join(t.TempDir(), "goleakopts")
	if err := copyTree(filepath.Join(checkoutRoot(t), "testdata", "e2e", "goleakopts"), dir); err != nil {
		t.Fatal(err)
	}
	native := runSuite(t, dir, nil)
	vt := runSuite(t, dir, []string{"-toolexec=" + vtboundBin})
	const accepted, reported = "example.com/goleakopts/accepted", "example.com/goleakopts/reported"
	for pkg, want := range map[string]string{accepted: "ok", reported: "FAIL"} {
		if native.verdicts[pkg] != want || vt.verdicts[pkg] != want {
			t.Errorf("%s: native %q, vtbound %q; want %q both\n%s", pkg, native.verdicts[pkg], vt.verdicts[pkg], want, excerpt(vt.output[pkg], []string{"", "TestPollerLeftRunning"}))
		}
	}
	if out := allOutput(vt.output[accepted]); !strings.Contains(out, "vtbound: TestPollerLeftRunning: accepted leaked goroutines in ") ||
		!strings.Contains(out, "example.com/goleakopts.(*Poller).loop") {
		t.Errorf("%s: no summary of the leaks accepted through goleak's option:\n%s", accepted, clip(out))
	}
	if out := vt.output[reported]["TestPollerLeftRunning"]; !strings.Contains(out, "vtbound: TestPollerLeftRunning: ") || !strings.Contains(out, "leak") {
		t.Errorf("%s: the leak is not reported by vtbound:\n%s", reported, clip(out))
	}
	checkFallbacks(t, vt)
}

// allOutput concatenates the output of every test of a package.
func allOutput(out map[string]string) string {
	var b strings.Builder
	for _, s := range out {
		b.WriteString(s)
	}
	return b.String()
}

// checkoutRoot returns the root of this vtbound checkout.
func checkoutRoot(t *testing.T) string {
	t.Helper()
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("cannot locate the checkout")
	}
	return filepath.Dir(filepath.Dir(filepath.Dir(file)))
}

// TestSharedCacheOwnRT builds, with one build cache, a module that links
// the rt embedded in vtbound and then a module that requires vtbound (its
// tests use rt by hand) and so links its own copy of rt, here this
// checkout's; both use the same local dependency (testdata/e2e/sharedrt).
// The second build must not reuse the dependency compiled against the
// other rt: before the -V=full answer named the module's own rt, its link
// failed with "fingerprint mismatch".
//
// It costs about 100 s on two cores, most of it compiling the standard
// library for the second module's build IDs, so it runs only with
// DIFFERENTIAL_SHAREDRT=1 (toolexec's TestVersionNamesModuleRT checks the
// build IDs on every run).
func TestSharedCacheOwnRT(t *testing.T) {
	if testing.Short() || os.Getenv("DIFFERENTIAL_SHAREDRT") != "1" {
		t.Skip("builds two modules under vtbound, compiling the standard library again (about 100 s); set DIFFERENTIAL_SHAREDRT=1")
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
		cmd := exec.Command("go", "test", "-count=1", "-toolexec="+vtboundBin, ".")
		cmd.Dir = filepath.Join(root, m)
		cmd.Env = goEnv()
		out, err := cmd.CombinedOutput()
		if err != nil || strings.Contains(string(out), "vtbound: warning") {
			t.Errorf("module %s under vtbound: %v\n%s", m, err, out)
		}
	}
}
