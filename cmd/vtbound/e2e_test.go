//go:build e2e

package main

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/internal/testbin"
)

// rtSymbol is the package path that instrumented binaries link.
const rtSymbol = "github.com/vtbound/vtbound/rt."

// buildID returns the build ID of a binary (go tool buildid).
func buildID(t *testing.T, file string) string {
	t.Helper()
	out, err := exec.Command("go", "tool", "buildid", file).Output()
	if err != nil {
		t.Fatalf("buildid %s: %v", file, err)
	}
	return strings.TrimSpace(string(out))
}

// hasRT reports whether the binary links package rt.
func hasRT(t *testing.T, file string) bool {
	t.Helper()
	out, err := exec.Command("go", "tool", "nm", file).Output()
	if err != nil {
		t.Fatalf("nm %s: %v", file, err)
	}
	return strings.Contains(string(out), rtSymbol)
}

// TestCacheIsolation builds the same test binary plain, instrumented and
// plain again, in the machine's build cache: the plain builds are
// identical, the instrumented one has its own build ID and links rt, and
// the second plain build reuses nothing from the instrumented one. The
// module is a fresh copy, so its packages are compiled in this test (the
// first plain build is the one the second must equal); a standard-library
// package taken from an instrumented build would import rt, which the
// plain binaries must not link.
func TestCacheIsolation(t *testing.T) {
	dir := module(t, "basic")
	bin := t.TempDir()
	var env []string
	p1, inst, p2 := filepath.Join(bin, "p1.test"), filepath.Join(bin, "i.test"), filepath.Join(bin, "p2.test")
	for _, step := range []struct {
		out   string
		flags []string
	}{{p1, nil}, {inst, []string{toolexecFlag(t)}}, {p2, nil}} {
		args := append([]string{"test", "-c", "-o", step.out}, step.flags...)
		if r := goCmd(t, dir, env, append(args, ".")...); r.code != 0 {
			t.Fatalf("go %v: %+v", args, r)
		}
	}
	id1, idI, id2 := buildID(t, p1), buildID(t, inst), buildID(t, p2)
	if id1 != id2 {
		t.Errorf("plain builds differ after an instrumented build: %s vs %s", id1, id2)
	}
	if idI == id1 {
		t.Errorf("instrumented build shares the plain build ID %s", id1)
	}
	if hasRT(t, p1) || hasRT(t, p2) {
		t.Error("a plain test binary links rt")
	}
	// Needs the rewriter (toolexec/rewrite) to instrument the package.
	if !hasRT(t, inst) {
		t.Error("the instrumented test binary does not link rt")
	}
	if r := goCmd(t, dir, env, "test", "-count=1", "."); r.code != 0 || strings.Contains(r.output(), "vtbound") {
		t.Errorf("plain go test after an instrumented build: %+v", r)
	}
}

// TestModes runs the basic modules under the build modes users combine
// with -toolexec and requires the same verdict as without vtbound, and no
// vtbound warning.
func TestModes(t *testing.T) {
	tests := []struct {
		name, module, pkg string
		env               []string
		args              []string
	}{
		{"plain", "basic", ".", nil, nil},
		{"race", "basic", ".", nil, []string{"-race"}},
		// rt's standard library dependencies must be compiled like the
		// build's, or the link fails with a fingerprint mismatch.
		{"gcflags", "basic", ".", nil, []string{"-gcflags=all=-N -l"}},
		{"cover", "basic", ".", nil, []string{"-cover"}},
		{"json", "basic", ".", nil, []string{"-json"}},
		{"vendor", "vendored", ".", nil, []string{"-mod=vendor"}},
		{"workspace", "work", "./a", nil, nil},
		{"cgo", "cgo", ".", []string{"CGO_ENABLED=1"}, nil},
		// Generics, build tags, //go:embed, //go:noinline, -lang=go1.21.
		{"features", "features", ".", nil, []string{"-tags=vtbtag"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if testing.Short() && (tt.name == "race" || tt.name == "gcflags") {
				t.Skip("race builds the standard library")
			}
			if tt.name == "cgo" {
				if _, err := exec.LookPath("gcc"); err != nil {
					t.Skip("no C compiler")
				}
			}
			dir := module(t, tt.module)
			args := append([]string{"test", "-count=1"}, tt.args...)
			plain := goCmd(t, dir, tt.env, append(args, tt.pkg)...)
			inst := goCmd(t, dir, tt.env, append(append(args, toolexecFlag(t)), tt.pkg)...)
			if plain.code != 0 || inst.code != 0 {
				t.Fatalf("verdicts differ or fail:\nplain: %+v\nvtbound: %+v", plain, inst)
			}
			if strings.Contains(inst.output(), "vtbound: warning") {
				t.Errorf("warnings under vtbound:\n%s", inst.output())
			}
			if tt.name == "json" {
				return
			}
			// The same build as a binary (from the cache) links rt: the
			// package was instrumented in this mode.
			bin := filepath.Join(t.TempDir(), "x.test")
			c := goCmd(t, dir, tt.env, append(append([]string{"test", "-c", "-o", bin, toolexecFlag(t)}, tt.args...), tt.pkg)...)
			if c.code != 0 || !hasRT(t, bin) {
				t.Errorf("go test -c in mode %s: %+v; want a binary that links rt", tt.name, c)
			}
		})
	}
}

// TestTestBinaryC checks go test -c with -o under vtbound: the binary
// exists, runs, and links rt (needs the rewriter).
func TestTestBinaryC(t *testing.T) {
	dir := module(t, "basic")
	out := filepath.Join(t.TempDir(), "basic.test")
	if r := goCmd(t, dir, nil, "test", "-c", "-o", out, toolexecFlag(t), "."); r.code != 0 {
		t.Fatalf("go test -c: %+v", r)
	}
	if r := command(t, dir, nil, "", out, "-test.count=1"); r.code != 0 || !strings.Contains(r.stdout, "PASS") {
		t.Errorf("running the test binary: %+v", r)
	}
	if !hasRT(t, out) {
		t.Error("test binary does not link rt")
	}
}

// TestKernelsCover checks that -cover keeps library code instrumented: the
// cover tool's copies of the kernels are rewritten (its counters are not),
// so a bug in kernels.go is still found. Needs the rewriter and the engine.
func TestKernelsCover(t *testing.T) {
	dir := module(t, "kernels")
	actions, outputs := testResults(t, dir, "-cover", "-run=^Test(Bug|OK)(VTFig2|CTriggerFig1)$", toolexecFlag(t), ".")
	for _, name := range []string{"TestBugVTFig2", "TestBugCTriggerFig1"} {
		if actions[name] != "fail" || !testbin.ReportsOracle(outputs[name], name, "test failure") {
			t.Errorf("%s under -cover: %s\n%s", name, actions[name], outputs[name])
		}
	}
	for _, name := range []string{"TestOKVTFig2", "TestOKCTriggerFig1"} {
		if actions[name] != "pass" {
			t.Errorf("%s under -cover: %s\n%s", name, actions[name], outputs[name])
		}
	}
}

// TestOldLanguageVersion: a module written for Go 1.16 (before generics,
// which rewritten code uses) is still instrumented, compiled for go1.21,
// and its check-then-act bug is found (natively the test passes: only the
// rewritten test reports).
func TestOldLanguageVersion(t *testing.T) {
	dir := module(t, "oldlang")
	actions, outputs := testResults(t, dir, toolexecFlag(t), ".")
	out := outputs["TestLimit"]
	if actions["TestLimit"] != "fail" || !strings.Contains(out, "vtbound: TestLimit: test failure") {
		t.Errorf("TestLimit: %s, want the check-then-act bug found:\n%s", actions["TestLimit"], out)
	}
}
