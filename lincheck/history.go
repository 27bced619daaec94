package lincheck

import (
	"fmt"
	"sync/atomic"
)

// Event is one completed operation of a history: which goroutine ran it,
// which operation with which argument, what it returned, and when it was
// called and returned on the history's clock.
//
// Invariant: Call < Return, and no two events of a history share a Call
// or Return stamp.
type Event struct {
	// Lane is the goroutine that ran the operation: 0 for the scenario's
	// prefix and suffix (the test's goroutine), 1.. for its goroutines.
	// Reports name lane i G<i+1>, as vtbound's reports name goroutines.
	Lane int
	// Op indexes Test.Ops.
	Op int
	// Arg is the operation's argument (nil without an Arg generator).
	Arg any
	// Result is what Call returned.
	Result any
	// Call and Return are stamps of one clock shared by the history's
	// goroutines: an operation whose Call is after another's Return
	// follows it in real time.
	Call, Return int64
}

// recorder collects the events of one run of a scenario.
type recorder struct {
	clock  atomic.Int64
	events [][]Event // per lane, each written by one goroutine only
}

// newRecorder returns a recorder for lanes 0..lanes-1.
func newRecorder(lanes int) *recorder {
	return &recorder{events: make([][]Event, lanes)}
}

// run runs one operation on lane and records it.
func (r *recorder) run(lane, op int, arg any, call func() any) {
	start := r.clock.Add(1)
	res := call()
	end := r.clock.Add(1)
	r.events[lane] = append(r.events[lane], Event{Lane: lane, Op: op, Arg: arg, Result: res, Call: start, Return: end})
}

// history returns every recorded event.
func (r *recorder) history() []Event {
	var h []Event
	for _, l := range r.events {
		h = append(h, l...)
	}
	return h
}

// callString renders an operation and its argument: Add(1), Len().
func callString(name string, arg any, hasArg bool) string {
	if !hasArg {
		return name + "()"
	}
	return fmt.Sprintf("%s(%v)", name, arg)
}
