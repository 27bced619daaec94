// Package replay implements `vtbound replay FILE`: it finds the test a
// saved schedule file records and replays the schedule with go test
// -toolexec=vtbound and VTBOUND_REPLAY. Target, the test a file names, is
// shared with `vtbound debug`.
package replay

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/vtbound/vtbound/rt/schedule"
)

// Main runs `vtbound replay FILE`: it reads the test, package and
// directory a schedule file records and replays it with
// go test -toolexec=vtbound and VTBOUND_REPLAY, printing go test's
// output. The exit status is go test's: 1 while the bug reproduces (or
// the replay diverges: the output says which), 0 when the schedule
// replays exactly and no longer fails, 2 when the file cannot be
// replayed.
func Main(args []string) int {
	if len(args) != 1 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintln(os.Stderr, "vtbound replay: usage: vtbound replay FILE (a schedule file saved by a failing test or a sweep)")
		return 2
	}
	cmd, err := Command(args[0])
	if err != nil {
		fmt.Fprintf(os.Stderr, "vtbound replay: %v\n", err)
		return 2
	}
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	fmt.Fprintf(os.Stderr, "vtbound replay: cd %s && VTBOUND_REPLAY=%s go %s\n", cmd.Dir, cmd.Env[len(cmd.Env)-1][len("VTBOUND_REPLAY="):], strings.Join(cmd.Args[1:], " "))
	return Run(cmd, "replay")
}

// Run runs cmd, the child process of `vtbound name`, and returns its exit
// status: the child's own, or 2 (after a line naming the command) when it
// could not run.
func Run(cmd *exec.Cmd, name string) int {
	var ee *exec.ExitError
	if err := cmd.Run(); errors.As(err, &ee) {
		return ee.ExitCode()
	} else if err != nil {
		fmt.Fprintf(os.Stderr, "vtbound %s: %v\n", name, err)
		return 2
	}
	return 0
}

// Target is what a schedule file says about the test to run.
type Target struct {
	Sched    *schedule.Schedule
	Abs      string // the file's absolute path
	Dir, Pkg string // the package directory, and the package to test there
	Run      string // the -run pattern selecting the test
}

// ReadTarget reads a schedule file and locates its test: the package
// directory it records, else (version-1 files) the directory above the
// testdata directory holding the file.
func ReadTarget(file string) (*Target, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, err
	}
	s, err := schedule.ReadFile(abs)
	if err != nil {
		return nil, err
	}
	t := &Target{Sched: s, Abs: abs, Dir: s.Dir, Pkg: ".", Run: s.Run}
	if s.Package != "" {
		t.Pkg = s.Package
	}
	if t.Dir == "" || !isDir(t.Dir) {
		t.Dir = packageDirOf(abs) // v1 files: saved under <package>/testdata/vtbound/<Test>/
	}
	if t.Dir == "" {
		return nil, fmt.Errorf("%s: records no package directory (package: and dir: keys), and is not under a testdata directory", file)
	}
	if t.Run == "" {
		t.Run = schedule.RunPattern(s.Test)
	}
	return t, nil
}

// Command builds the go test command that replays file.
func Command(file string) (*exec.Cmd, error) {
	t, err := ReadTarget(file)
	if err != nil {
		return nil, err
	}
	tool, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command("go", "test", "-toolexec="+tool, "-run="+t.Run, "-count=1", t.Pkg)
	cmd.Dir = t.Dir
	cmd.Env = append(os.Environ(), "VTBOUND_REPLAY="+t.Abs)
	return cmd, nil
}

// packageDirOf returns the directory above the testdata directory that
// holds path, or "".
func packageDirOf(path string) string {
	for d := filepath.Dir(path); d != filepath.Dir(d); d = filepath.Dir(d) {
		if filepath.Base(d) == "testdata" {
			return filepath.Dir(d)
		}
	}
	return ""
}

func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}
