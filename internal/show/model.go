package show

import "strconv"

// Interleaving is a failing execution as show renders it: the goroutines,
// the steps (all of them, or the minimised ones) and what a reader needs to
// reproduce it. It is built from a schedule file (FromSchedule) or filled
// by other tools (the sweep report) from their own records.
type Interleaving struct {
	Test     string // the test name, as t.Name()
	Package  string // the test's import path, when known
	Oracle   string // the failure, e.g. "data race", "assertion failed"
	Sentence string // one plain sentence saying what went wrong, or ""
	CVT      string // (c,v,t) in words, e.g. "1 preemption, 1 variable, 2 goroutines ordered"
	Replay   string // the command that replays the schedule, or ""
	// Goroutines lists every goroutine that took a step, by ID.
	Goroutines []Goroutine
	// Steps are the executed steps in order. Elided steps are absent; N
	// keeps each step's position in the full trace.
	Steps []Step
	// Total is the number of steps of the full trace (>= len(Steps)).
	Total int
}

// Goroutine is one goroutine of an interleaving.
type Goroutine struct {
	ID     int
	Parent int    // the goroutine that started it; 0 for the test body
	Func   string // the function it runs, when known
}

// Step is one executed operation.
type Step struct {
	N        int    // 1-based position in the full trace
	G        int    // the goroutine that executed it
	Kind     string // the operation by name: "read", "write", "lock", "send", ...
	Var      string // the variable or object, e.g. "inv.stock[item]", or ""
	Package  string // import path of the package the site belongs to, when known
	File     string // source file (base name or path), or "" for none
	Line     int
	Col      int
	Func     string // the enclosing function, when known
	Preempt  bool   // the scheduler preempted another goroutine here
	Conflict bool   // one of the conflicting accesses behind the failure
}

// Where renders the step's position as "file.go:14", or "".
func (s Step) Where() string {
	if s.File == "" || s.Line <= 0 {
		return ""
	}
	return s.File + ":" + strconv.Itoa(s.Line)
}
