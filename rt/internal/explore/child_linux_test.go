package explore

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// childLifeEnv selects TestChildDiesWithParent's child modes.
const childLifeEnv = "VTBOUND_TEST_CHILD_LIFE"

// TestChildDiesWithParent: a child test process (childCmd: a probe, a
// minimiser, a fresh-process exploration) ends when the process that
// started it ends, as when go test kills a binary at its -timeout: here
// the parent starts a child that would sleep a minute and exits at once.
func TestChildDiesWithParent(t *testing.T) {
	switch os.Getenv(childLifeEnv) {
	case "child":
		time.Sleep(time.Minute)
		return
	case "parent":
		cmd := childCmd(context.Background(), "TestChildDiesWithParent", []string{childLifeEnv + "=child"})
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(os.Getenv(childLifeEnv+"_PID"), []byte(strconv.Itoa(cmd.Process.Pid)), 0o644)
		os.Exit(0)
	}
	pidFile := filepath.Join(t.TempDir(), "pid")
	parent := exec.Command(os.Args[0], "-test.run=^TestChildDiesWithParent$", "-test.count=1")
	parent.Env = append(os.Environ(), childLifeEnv+"=parent", childLifeEnv+"_PID="+pidFile)
	if out, err := parent.CombinedOutput(); err != nil {
		t.Fatalf("parent: %v\n%s", err, out)
	}
	data, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid, _ := strconv.Atoi(string(data))
	for i := 0; i < 500; i++ {
		var st syscall.WaitStatus
		syscall.Wait4(pid, &st, syscall.WNOHANG, nil) // reaped by init, not by us; harmless
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
			return
		}
		time.Sleep(10 * time.Millisecond)
	}
	syscall.Kill(pid, syscall.SIGKILL)
	t.Fatalf("the child %d outlived its parent by 5 s", pid)
}
