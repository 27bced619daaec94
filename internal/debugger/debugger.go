// Package debugger implements `vtbound debug`: it replays a saved
// schedule under Delve and stops the program just before one step of the
// interleaving, in the goroutine that takes it, at the user's line (see
// docs/debug.md).
package debugger

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/vtbound/vtbound/internal/replay"
	"github.com/vtbound/vtbound/rt/schedule"
)

// Flags returns the flags of `vtbound debug`, for help to list.
func Flags() *flag.FlagSet {
	fs, _, _ := newFlags()
	return fs
}

// newFlags defines the flags of `vtbound debug`.
func newFlags() (fs *flag.FlagSet, step *int, dlv *string) {
	fs = flag.NewFlagSet("debug", flag.ContinueOnError)
	step = fs.Int("step", 0, "stop before this step of the interleaving (as numbered by vtbound show; default: the first conflicting access)")
	dlv = fs.String("dlv", "dlv", "the Delve command")
	fs.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: vtbound debug [-step N] [-dlv PATH] FILE")
		fs.PrintDefaults()
	}
	return fs, step, dlv
}

// Main runs `vtbound debug [-step N] [-dlv PATH] FILE`: it replays a
// saved schedule under Delve and stops the program just before step N
// (default: the first of the conflicting accesses), in the goroutine that
// takes it, at the user's line, so that its variables can be inspected at
// the moment of the bug. Delve's prompt then reads standard input as
// usual. See docs/debug.md.
func Main(args []string) int {
	fs, step, dlv := newFlags()
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	cmd, err := debugCommand(fs.Arg(0), *step, *dlv)
	if err != nil {
		fmt.Fprintf(os.Stderr, "vtbound debug: %v\n", err)
		return 2
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	return replay.Run(cmd, "debug")
}

// debugCommand builds the dlv test command that replays file and stops at
// step (0: the first conflicting access).
func debugCommand(file string, step int, dlv string) (*exec.Cmd, error) {
	t, err := replay.ReadTarget(file)
	if err != nil {
		return nil, err
	}
	n, err := breakStep(t.Sched, step)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	dlvPath, err := exec.LookPath(dlv)
	if err != nil {
		return nil, fmt.Errorf("Delve (%s) not found: install it with `go install github.com/go-delve/delve/cmd/dlv@latest`", dlv)
	}
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	script, err := writeDebugScript(t.Sched, n)
	if err != nil {
		return nil, err
	}
	args := []string{"test", t.Pkg, "--build-flags=-toolexec=" + self, "--init", script}
	if !isTerminal(os.Stdin) {
		args = append(args, "--allow-non-terminal-interactive=true") // commands piped in, as by a script
	}
	cmd := exec.Command(dlvPath, append(args, "--", "-test.run", t.Run, "-test.count=1", "-test.v")...)
	cmd.Dir = t.Dir
	cmd.Env = append(os.Environ(), "VTBOUND_REPLAY="+t.Abs, "VTBOUND_BREAK_STEP="+strconv.Itoa(n))
	fmt.Fprintf(os.Stderr, "vtbound debug: %s: stopping before step %d: %s\n", t.Sched.Test, n, describeStep(t.Sched, n))
	return cmd, nil
}

// breakStep validates the requested step, or picks the first conflicting
// access (else the last step).
func breakStep(s *schedule.Schedule, step int) (int, error) {
	if len(s.Steps) == 0 {
		return 0, errors.New("the schedule records no steps")
	}
	if step != 0 {
		if step < 1 || step > len(s.Steps) {
			return 0, fmt.Errorf("-step %d: the interleaving has steps 1 to %d", step, len(s.Steps))
		}
		return step, nil
	}
	for _, st := range s.Steps {
		if st.Conflict {
			return st.N, nil
		}
	}
	return s.Steps[len(s.Steps)-1].N, nil
}

// describeStep names step n for the user.
func describeStep(s *schedule.Schedule, n int) string {
	for _, st := range s.Steps {
		if st.N == n {
			return fmt.Sprintf("G%d %s at %s", st.G, st.Describe(), st.Where())
		}
	}
	return "?"
}

// debugScript is the Delve Starlark script: break where the engine hands
// step N to its goroutine, then step out of vtbound's runtime into the
// user's code. The breakpoint, the continue and the steps go through
// Delve's API calls (create_breakpoint, raw_command, clear_breakpoint),
// which print nothing, so the first location the user sees is the user's
// frame, not vtbound's internal ones.
const debugScript = `def inside_vtbound(fn):
	if fn == None:
		return True
	name = fn.Name_
	return name.startswith("github.com/vtbound/vtbound/rt") or name.startswith("runtime.") or "._vtb" in name

def main():
	bp = create_breakpoint({"Name": "vtbreak", "FunctionName": "github.com/vtbound/vtbound/rt/internal/engine.BreakAtStep"})
	raw_command("continue")
	for i in range(16):
		if not inside_vtbound(state().State.CurrentThread.Function):
			break
		raw_command("stepOut")
	clear_breakpoint(bp.Breakpoint.ID)
	print("vtbound: stopped before step %d (%s); print variables, then continue or exit")
	dlv_command("list")
`

// writeDebugScript writes the Delve init file that sources the script.
func writeDebugScript(s *schedule.Schedule, n int) (string, error) {
	dir, err := os.MkdirTemp("", "vtbound-debug-")
	if err != nil {
		return "", err
	}
	star := filepath.Join(dir, "break.star")
	body := fmt.Sprintf(debugScript, n, strings.ReplaceAll(describeStep(s, n), `"`, `'`))
	if err := os.WriteFile(star, []byte(body), 0o644); err != nil {
		return "", err
	}
	init := filepath.Join(dir, "init")
	return init, os.WriteFile(init, []byte("source "+star+"\n"), 0o644)
}

// isTerminal reports whether f is a character device (a terminal).
func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
