//go:build e2e

package main

import (
	"strings"
	"testing"

	"github.com/vtbound/vtbound/internal/testbin"
)

// newestRelease is the newest Go release vtbound supports besides the one
// this module builds with (README: supported Go releases). The go command
// fetches its toolchain from the module proxy.
const newestRelease = "go1.27.3"

// TestNewestRelease runs the vtbound under test (built with this module's
// Go) as -toolexec of the newest Go release: the standard library and rt
// compile with that release's compiler, the rewritten kernels compile, a
// kernel's bug is found and reported, and its fixed twin passes.
func TestNewestRelease(t *testing.T) {
	dir := module(t, "kernels")
	env := append([]string{"GOTOOLCHAIN=" + newestRelease}, kernelEnv...)
	if v := goCmd(t, dir, env, "env", "GOVERSION"); v.code != 0 || strings.TrimSpace(v.stdout) != newestRelease {
		t.Fatalf("go env GOVERSION under GOTOOLCHAIN=%s: %+v", newestRelease, v)
	}
	r := goCmd(t, dir, env, "test", "-json", "-count=1", "-timeout=10m", toolexecFlag(t), "-run=^Test(Bug|OK)VTFig2$", ".")
	actions, outputs, all := testEvents(t, r)
	if actions["TestBugVTFig2"] != "fail" || !testbin.ReportsOracle(outputs["TestBugVTFig2"], "TestBugVTFig2", kernelOracle["TestBugVTFig2"]) {
		t.Errorf("TestBugVTFig2 under %s: %s, want its bug reported:\n%s", newestRelease, actions["TestBugVTFig2"], all)
	}
	if actions["TestOKVTFig2"] != "pass" {
		t.Errorf("TestOKVTFig2 under %s: %s, want pass:\n%s", newestRelease, actions["TestOKVTFig2"], all)
	}
	if strings.Contains(all, "vtbound: warning") {
		t.Errorf("warnings under %s:\n%s", newestRelease, all)
	}
}
