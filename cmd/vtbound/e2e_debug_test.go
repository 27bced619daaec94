//go:build e2e

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// delveVersion is the Delve release TestDebug installs when dlv is not on
// PATH.
const delveVersion = "v1.27.2"

// findDelve returns a dlv command: the one on PATH, or one installed from
// the Go module proxy into a temporary directory. It skips the test, with
// the reason, when neither is possible.
func findDelve(t *testing.T) string {
	if p, err := exec.LookPath("dlv"); err == nil {
		return p
	}
	bin := t.TempDir()
	r := goCmd(t, "", []string{"GOBIN=" + bin, "GOFLAGS=-mod=mod"}, "install", "github.com/go-delve/delve/cmd/dlv@"+delveVersion)
	if r.code != 0 {
		t.Skipf("dlv is not on PATH and cannot be installed from the module proxy:\n%s", r.output())
	}
	return filepath.Join(bin, "dlv")
}

// TestDebug saves the bundled example's failing schedule, then runs
// `vtbound debug` on it under the real Delve with commands piped in: the
// program stops in the user's code just before the first conflicting
// access (G2's read of the stock in Available), where the variables of that
// moment can be printed; nothing of vtbound's own frames or breakpoint is
// printed before that stop.
func TestDebug(t *testing.T) {
	dlv := findDelve(t)
	dir := filepath.Join(t.TempDir(), "example")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "testdata", "example"))); err != nil {
		t.Fatal(err)
	}
	if r := goCmd(t, dir, nil, "test", toolexecFlag(t), "."); r.code == 0 {
		t.Fatalf("the example passed under vtbound:\n%s", r.output())
	}
	files, _ := filepath.Glob(filepath.Join(dir, "testdata", "vtbound", "TestReserveNeverOversells", "*"))
	if len(files) == 0 {
		t.Fatal("the failing run saved no schedule")
	}
	r := command(t, dir, nil, "print item\nprint inv.stock\nexit\n", vtbin(t), "debug", "-dlv", dlv, files[0])
	out := r.output()
	for _, want := range []string{
		"stopping before step",
		"vtbound: stopped before step",
		"(*Inventory).Available() ./inventory.go:22",
		`"widget"`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("vtbound debug output lacks %q:\n%s", want, out)
		}
	}
	before, _, _ := strings.Cut(out, "vtbound: stopped before step")
	for _, internal := range []string{"github.com/vtbound/vtbound/rt", "._vtb", "Breakpoint vtbreak"} {
		if strings.Contains(before, internal) {
			t.Errorf("vtbound debug shows %q before it stops at the user's frame:\n%s", internal, before)
		}
	}
}
