//go:build e2e

package differential

import (
	"path/filepath"
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
	vt := runSuite(t, dir, []string{"-toolexec=" + vtboundBin(t)})
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
