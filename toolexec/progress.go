package toolexec

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/vtbound/vtbound/internal/filelock"
	"github.com/vtbound/vtbound/toolexec/cmdline"
)

// StdAnnouncement is the line a build prints when it compiles the standard
// library for instrumented builds: the start of the long phase of a first
// run. Progress lines (ProgressPrefix) follow it while the phase lasts.
const StdAnnouncement = "vtbound: building the standard library for instrumented builds (once: later builds reuse it)…"

// ProgressPrefix starts every progress line printed after StdAnnouncement.
const ProgressPrefix = "vtbound: still building: "

// progressInterval is the longest a cold build stays silent on a terminal
// once StdAnnouncement is printed: a progress line follows at most this
// long after the previous line while a compile is running.
const progressInterval = 10 * time.Second

// The files of a build's progress record, in $WORK/vtbound.
const (
	announcedFile = "std-announced" // created by the first -std compile; its time starts the phase
	progressLog   = "progress.log"  // one line per event: "std PKG", "rt", "rt-done"
	lastLineFile  = "progress.last" // its time is that of the last line printed
	progressLock  = "progress.lock" // serialises printing between compiles
)

// progress reports one compile's share of a cold build's progress.
type progress struct {
	dir      string // $WORK/vtbound
	announce func(string)
	now      func() time.Time
	stop     chan struct{}
	done     chan struct{}
}

// startProgress records a compile in its build's progress log and, on a
// cold build (one that compiles the standard library), keeps printing
// progress lines while the compile runs. The first -std compile of a
// build prints StdAnnouncement.
//
// The go command runs a compile only when its build cache misses, and the
// -V=full answer keys instrumented builds apart from plain ones, so a
// standard-library compile under vtbound means a cold cache: a warm build
// never prints. Files in the build's work directory make the lines
// appear once per build however many compiles run at once.
func startProgress(cmd *cmdline.Command, env *Env) *progress {
	if env.Announce == nil {
		return nil
	}
	out, _ := cmd.Flag("o")
	work := cmdline.WorkDir(out)
	if work == "" {
		return nil
	}
	p := &progress{dir: filepath.Join(work, "vtbound"), announce: env.Announce, now: time.Now}
	if err := os.MkdirAll(p.dir, 0o777); err != nil {
		return nil
	}
	if cmd.Bool("std") {
		pkg, _ := cmd.Flag("p")
		p.record("std " + pkg)
		p.announceStd()
	}
	if _, err := os.Stat(filepath.Join(p.dir, announcedFile)); err != nil {
		return p // a warm standard library: nothing to tell
	}
	p.stop, p.done = make(chan struct{}), make(chan struct{})
	go p.tick(time.Second)
	return p
}

// announceStd prints StdAnnouncement unless a compile of this build did.
func (p *progress) announceStd() {
	f, err := os.OpenFile(filepath.Join(p.dir, announcedFile), os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o666)
	if err != nil {
		return // announced by an earlier compile of this build
	}
	f.Close()
	p.announce(StdAnnouncement)
	p.touch(lastLineFile)
}

// record appends one event to the build's progress log. Appends of a
// short line are atomic, so concurrent compiles do not interleave.
func (p *progress) record(event string) {
	if p == nil {
		return
	}
	f, err := os.OpenFile(filepath.Join(p.dir, progressLog), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o666)
	if err != nil {
		return
	}
	defer f.Close()
	fmt.Fprintln(f, event)
}

// end stops the progress lines of this compile.
func (p *progress) end() {
	if p == nil || p.stop == nil {
		return
	}
	close(p.stop)
	<-p.done
}

// tick checks every poll whether the build has been silent too long.
func (p *progress) tick(poll time.Duration) {
	defer close(p.done)
	t := time.NewTicker(poll)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-t.C:
			// Leave room for the poll and for waiting on the lock.
			p.maybePrint(progressInterval - 2*poll)
		}
	}
}

// maybePrint prints a progress line when no compile of the build has
// printed one for at least quiet.
func (p *progress) maybePrint(quiet time.Duration) {
	unlock, err := filelock.Lock(filepath.Join(p.dir, progressLock))
	if err != nil {
		return
	}
	defer unlock()
	now := p.now()
	last, err1 := os.Stat(filepath.Join(p.dir, lastLineFile))
	start, err2 := os.Stat(filepath.Join(p.dir, announcedFile))
	if err1 != nil || err2 != nil || now.Sub(last.ModTime()) < quiet {
		return
	}
	st := readProgress(filepath.Join(p.dir, progressLog))
	p.announce(ProgressPrefix + st.line(now.Sub(start.ModTime())))
	p.touch(lastLineFile)
}

// touch sets the time of one of the progress files to now.
func (p *progress) touch(name string) {
	path := filepath.Join(p.dir, name)
	now := p.now()
	if err := os.Chtimes(path, now, now); err != nil {
		os.WriteFile(path, nil, 0o666)
		os.Chtimes(path, now, now)
	}
}

// buildState is what a build's progress log says so far.
type buildState struct {
	std       int    // standard-library packages whose compile started
	last      string // the latest of them
	rtRunning bool   // rt and its dependencies are being built
	rtDone    bool
}

// readProgress reads a build's progress log.
func readProgress(path string) buildState {
	var st buildState
	f, err := os.Open(path)
	if err != nil {
		return st
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		ev, arg, _ := strings.Cut(sc.Text(), " ")
		switch ev {
		case "std":
			st.std++
			st.last = arg
		case "rt":
			st.rtRunning = true
		case "rt-done":
			st.rtRunning, st.rtDone = false, true
		}
	}
	return st
}

// line renders the state as the text of a progress line, elapsed after
// StdAnnouncement.
func (st buildState) line(elapsed time.Duration) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d standard-library packages compiled", st.std)
	switch {
	case st.rtRunning:
		b.WriteString("; now vtbound's runtime (rt, a nested go build)")
	case st.last != "":
		fmt.Fprintf(&b, " (latest: %s)", st.last)
	}
	if st.rtDone {
		b.WriteString("; rt built")
	}
	fmt.Fprintf(&b, "; %s so far", elapsed.Round(time.Second))
	return b.String()
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
