package toolexec

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/vtbound/vtbound/toolexec/cmdline"
)

// StdAnnouncement is the line a build prints when it compiles the standard
// library for instrumented builds: the long silent phase of a first run.
const StdAnnouncement = "vtbound: building the standard library for instrumented builds (once: later builds reuse it)…"

// announceStdBuild prints StdAnnouncement through env.Announce the first
// time a build compiles a standard-library package.
//
// The go command runs a compile only when its build cache misses, and the
// -V=full answer keys instrumented builds apart from plain ones, so a
// standard-library compile under vtbound means a cold cache: a warm build
// never gets here. A marker file in the build's work directory makes the
// line appear once per build, however many packages are compiled.
func announceStdBuild(cmd *cmdline.Command, env *Env) {
	if env.Announce == nil || !cmd.Bool("std") {
		return
	}
	out, _ := cmd.Flag("o")
	work := cmdline.WorkDir(out)
	if work == "" {
		return
	}
	dir := filepath.Join(work, "vtbound")
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return
	}
	f, err := os.OpenFile(filepath.Join(dir, "std-announced"), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o666)
	if err != nil {
		return // announced by an earlier compile of this build
	}
	f.Close()
	env.Announce(StdAnnouncement)
}

// AnnounceToTerminal writes line to the go command's standard error when
// that is a terminal, and does nothing otherwise.
//
// A tool's own output is no place for it: the go command stores a
// compile's output in the build cache and prints it again on every cache
// hit, so the line would show on warm builds too, and under go test -json
// it would become build output of the package. The go command's standard
// error is where it prints its own progress ("go: downloading ..."); it is
// reached through /proc, so elsewhere than on Linux nothing is printed.
// Only a terminal is written to: logs, tools reading go test -json, and
// tests comparing output never see the line.
func AnnounceToTerminal(line string) {
	target, err := os.Readlink(fmt.Sprintf("/proc/%d/fd/2", os.Getppid()))
	if err != nil || !terminalPath(target) {
		return
	}
	f, err := os.OpenFile(target, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return
	}
	defer f.Close()
	fmt.Fprintln(f, line)
}

// terminalPath reports whether a device path names a terminal.
func terminalPath(p string) bool {
	return strings.HasPrefix(p, "/dev/pts/") || strings.HasPrefix(p, "/dev/tty")
}
