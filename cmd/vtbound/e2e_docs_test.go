//go:build e2e && unix

package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// docsTimeout bounds one block's run; slowTimeout one slow block's.
const (
	docsTimeout = 3 * time.Minute
	slowTimeout = 15 * time.Minute
)

// vtboundOnPath links the vtbound under test (vtbin) into a new directory
// as vtbound and returns the directory.
func vtboundOnPath(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.Symlink(vtbin(t), filepath.Join(dir, "vtbound")); err != nil {
		t.Fatal(err)
	}
	return dir
}

// runBlock runs one block's script with bash in dir and returns its
// combined output, exit status and CPU time (user and system, of the shell
// and every process it waited for: a figure the machine's load changes
// less than the wall-clock time); a block that outlives its time limit is
// killed with its processes.
func runBlock(t *testing.T, shell, dir string, env []string, b docBlock) (string, int, time.Duration) {
	t.Helper()
	limit := docsTimeout
	if blockFate(b) == "slow" {
		limit = slowTimeout
	}
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	cmd := exec.CommandContext(ctx, shell, "--noprofile", "--norc", "-e", "-o", "pipefail", "-c", b.script())
	cmd.Dir, cmd.Env = dir, env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 10 * time.Second
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Errorf("%s: killed after %v:\n%s", b, limit, out)
		return string(out), -1, 0
	}
	var cpu time.Duration
	if ps := cmd.ProcessState; ps != nil {
		cpu = ps.UserTime() + ps.SystemTime()
	}
	if ee, ok := err.(*exec.ExitError); ok {
		return string(out), ee.ExitCode(), cpu
	} else if err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return string(out), 0, cpu
}

// checkRun checks a block's exit status and expected output, and that no
// go test in it ran nothing (a pattern naming a test that is gone).
func checkRun(t *testing.T, b docBlock, out string, code int) {
	t.Helper()
	want := 0
	if e := b.attrs["exit"]; len(e) > 0 {
		want, _ = strconv.Atoi(e[0])
	}
	if code != want {
		t.Errorf("%s: exit status %d, want %d:\n%s\n--- output:\n%s", b, code, want, b.script(), out)
		return
	}
	if strings.Contains(out, "no tests to run") {
		t.Errorf("%s: a -run or -bench pattern matches nothing (renamed?):\n%s", b, out)
	}
	for _, text := range b.attrs["expect"] {
		if !strings.Contains(out, text) {
			t.Errorf("%s: the output lacks %q:\n%s", b, text, out)
		}
	}
}

// TestDocsCommands runs every runnable block of the documentation that is
// not marked otherwise, each in a fresh bash at the root of one copy of
// the repository (so what the blocks write, such as saved schedules and
// sweep databases, stays there), with the environment of a newcomer's
// shell and the vtbound under test first on PATH. It logs each block's
// time and the counts.
func TestDocsCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the documentation's commands (go test, vtbound) in a copy of the repository")
	}
	shell, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	root := copyRepo(t, filepath.Join("..", ".."))
	env := freshEnv(t, filepath.Join(t.TempDir(), "gopath"))
	for i, kv := range env {
		if strings.HasPrefix(kv, "PATH=") {
			env[i] = "PATH=" + vtboundOnPath(t) + string(filepath.ListSeparator) + strings.TrimPrefix(kv, "PATH=")
		}
	}
	slow := os.Getenv(docsSlowEnv) == "1"
	start, ran, cpu := time.Now(), 0, time.Duration(0)
	for _, b := range allDocBlocks(t, root) {
		if fate := blockFate(b); fate != "run" && (fate != "slow" || !slow) {
			continue
		}
		dir := root
		if _, ok := goTestBlock(b); ok {
			dir = filepath.Join("..", "..") // benchmarks: see docs_suite_test.go
		}
		t0 := time.Now()
		out, code, used := runBlock(t, shell, dir, env, b)
		checkRun(t, b, out, code)
		ran, cpu = ran+1, cpu+used
		t.Logf("%s: exit %d in %.1fs (%.1fs CPU)", b, code, time.Since(t0).Seconds(), used.Seconds())
	}
	if ran == 0 {
		t.Error("no documentation block was run")
	}
	t.Logf("%d documentation blocks run in %.0fs (%.0fs CPU)", ran, time.Since(start).Seconds(), cpu.Seconds())
}
