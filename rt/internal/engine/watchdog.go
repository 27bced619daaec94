package engine

import (
	"runtime"
	"strconv"
	"strings"
)

// busyStates are goroutine states (as runtime.Stack prints them) of a
// goroutine doing work the engine does not control rather than waiting
// for another goroutine: a system call (a subprocess, a file) or a real
// time.Sleep. Not among them: network I/O ("IO wait"), because in tests
// the peer is usually a controlled goroutine of the same test (a server
// started with go, a client) that cannot run until the waiting one yields;
// and running code, because a goroutine spinning on a variable vtbound
// does not see may wait in the same way.
var busyStates = []string{"syscall", "sleep"}

// holderBusy reports whether a controlled goroutine that is not waiting
// for the token (the token holder of some exploration) is busy in
// uncontrolled work, judging from a dump of every goroutine's stack. Such
// a goroutine is slow, not stuck: natively the test would simply take
// longer, so the stall watchdog keeps waiting (go test's -timeout still
// bounds the run). A token holder blocked on a channel or a lock inside
// uncontrolled code, by contrast, may wait for a controlled goroutine that
// cannot run until it yields: that is the hang the watchdog ends.
func holderBusy() bool {
	return busyHolderIn(allStacks())
}

// allStacks returns runtime.Stack for every goroutine.
func allStacks() string { return StackText(true) }

// StackText returns runtime.Stack's whole text (of every goroutine when
// all is set), growing the buffer up to 64 MiB.
func StackText(all bool) string {
	buf := make([]byte, 64<<10)
	for {
		n := runtime.Stack(buf, all)
		if n < len(buf) || len(buf) >= 64<<20 {
			return string(buf[:n])
		}
		buf = make([]byte, 2*len(buf))
	}
}

// busyHolderIn is holderBusy on a given stack dump.
func busyHolderIn(dump string) bool {
	for _, block := range strings.Split(dump, "\n\n") {
		header, frames, _ := strings.Cut(block, "\n")
		if !strings.Contains(frames, "/rt/internal/engine.(*G).run(") ||
			strings.Contains(frames, "/rt/internal/engine.(*G).park(") {
			continue // not controlled, or waiting for the token
		}
		_, state, _ := strings.Cut(header, "[")
		for _, s := range busyStates {
			if strings.HasPrefix(state, s) {
				return true
			}
		}
	}
	return false
}

// goroutineBlock returns the block of a stack dump whose header names
// goroutine number num ("goroutine 7 [IO wait]:"), or "".
func goroutineBlock(dump string, num uint64) string {
	prefix := "goroutine " + strconv.FormatUint(num, 10) + " "
	for _, block := range strings.Split(dump, "\n\n") {
		if strings.HasPrefix(block, prefix) {
			return block
		}
	}
	return ""
}

// notBlocked are goroutine states (runtime.Stack headers) of a goroutine
// that is not waiting: it runs, could run, or is stopped by the runtime
// for a moment.
var notBlocked = []string{"running", "runnable", "copystack", "preempted", "GC "}

// blockedOutside reports whether the goroutine of a stack block waits in
// code vtbound does not control, and may be handed off: its state is a
// wait, and vtbound's own frames form only the bottom of its stack
// (engine.(*G).run and the exploration's body wrapper), so that it cannot
// be inside an engine function. Frames of _test.go files count as the
// program's.
func blockedOutside(block string) bool {
	header, body, _ := strings.Cut(block, "\n")
	_, state, ok := strings.Cut(header, "[")
	if !ok {
		return false
	}
	for _, s := range notBlocked {
		if strings.HasPrefix(state, s) {
			return false
		}
	}
	program, bottom := false, false
	lines := strings.Split(body, "\n")
	for i := 0; i+1 < len(lines); i += 2 {
		fn, file := lines[i], strings.TrimSpace(lines[i+1])
		if strings.HasPrefix(fn, "...") { // "...N frames elided..."
			i--
			continue
		}
		if strings.HasPrefix(fn, "created by ") {
			break
		}
		own := strings.HasPrefix(fn, ModulePrefix) && !strings.Contains(file, "_test.go:")
		switch {
		case own && bottomFrame(fn):
			bottom = true
		case own:
			return false // inside an engine or rt function
		case bottom:
			if !strings.HasPrefix(fn, "runtime.") {
				return false // the program called from below the bottom frames?
			}
		default:
			program = true
		}
	}
	return program && bottom
}

// ModulePrefix starts the names of vtbound's own functions in stacks.
const ModulePrefix = "github.com/vtbound/vtbound/"

// bottomFrames identify the functions that may form the bottom of a
// controlled goroutine's stack (a prefix, then a part of the name, which
// inlining may qualify, as in engine.(*Engine).Run.rejoining.func1): each
// returns into the engine only through a rejoin (G.exit, rejoining).
var bottomFrames = [][2]string{
	{ModulePrefix + "rt/internal/engine.", "engine.(*G).run("},
	{ModulePrefix + "rt/internal/engine.", "rejoining.func"},
	{ModulePrefix + "rt/internal/engine.", "withBodyExit.func"},
	{ModulePrefix + "rt/internal/explore.", ""},
}

// bottomFrame reports whether fn is one of bottomFrames.
func bottomFrame(fn string) bool {
	for _, b := range bottomFrames {
		if strings.HasPrefix(fn, b[0]) && strings.Contains(fn, b[1]) {
			return true
		}
	}
	return false
}
