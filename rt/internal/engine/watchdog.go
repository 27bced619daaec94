package engine

import (
	"runtime"
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

// allStacks returns runtime.Stack for every goroutine, growing the buffer
// up to 64 MiB.
func allStacks() string {
	buf := make([]byte, 1<<20)
	for {
		n := runtime.Stack(buf, true)
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
