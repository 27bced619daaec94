package explore

import (
	"os/exec"
	"syscall"
)

// dieWithParent makes the kernel kill cmd's process when the process that
// starts it ends: a probe, a minimiser or a fresh-process exploration of a
// test binary that go test kills at its -timeout (or that panics) must not
// run on, orphaned, the test's own loops and all.
func dieWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
