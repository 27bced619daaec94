// Package report holds a failure report as a value: everything vtbound
// tells about one failure of one explored test (the oracle and its
// message, what happened in one sentence, where each goroutine ended, the
// interleaving with each step's site by file:line:col and its operation by
// name, the conflicting accesses, (c,v,t) as found and after
// minimisation, the strategy, seed and execution, the saved schedules and
// the command that replays one), and its renderings: Text is the report
// printed through testing.T, and the value itself, through its JSON
// tags, is what VTBOUND_JSON records carry for sweeps and editors
// (docs/reports.md, "The report as JSON").
//
// The value lives in a package of its own, apart from the exploration
// that assembles it (rt/internal/explore), so that the renderer sees
// nothing but the value: every fact the text shows is a field a tool can
// read, and nothing in the text is computed from the engine's numeric
// site or kind IDs, which change from build to build. The package imports
// the standard library only.
package report

import (
	"fmt"
	"path"
)

// Kind says what a report reports. Its values are names, stable across
// versions.
type Kind string

// The kinds of report.
const (
	// Bug is an interleaving bug found by exploration, reported with
	// (c,v,t), a saved schedule and a replay command.
	Bug Kind = "bug"
	// EverySchedule is a failure on every schedule tried: not an
	// interleaving bug (docs/verdicts.md).
	EverySchedule Kind = "every-schedule"
	// NotRepeatable is a failure that depends on state earlier executions
	// or tests left in the process (docs/verdicts.md).
	NotRepeatable Kind = "not-repeatable"
	// FailsNatively is a test none of whose executions completed (the
	// first was cut at the step or time bound) and that fails when run
	// natively: it keeps that verdict (docs/verdicts.md).
	FailsNatively Kind = "fails-natively"
	// PassesNatively is a failure on every schedule tried of a test that
	// passes when run natively: vtbound's model of what the test does
	// differs from Go's, and the failure says nothing about the program.
	// It is reported only when the test's failure mark cannot be taken
	// back (a parallel test); otherwise one warning line says it
	// (docs/verdicts.md).
	PassesNatively Kind = "passes-natively"
	// ReplayFails is a saved (or VTBOUND_REPLAY) schedule that still fails
	// when replayed.
	ReplayFails Kind = "replay-fails"
	// ReplayDiverged is a VTBOUND_REPLAY schedule that no longer replays:
	// the recorded failure is not reproduced.
	ReplayDiverged Kind = "replay-diverged"
)

// Report is one failure report. Which fields a kind fills is listed in
// docs/reports.md; the zero value of a field means "not told".
//
// Invariant: Goroutines, Races, Sentence, Named, G and Steps tell one
// execution, the story (the minimised one when minimisation saved a
// smaller schedule, otherwise the failing one); Interleaving is the
// failing execution as found.
type Report struct {
	Kind    Kind   `json:"kind"`
	Test    string `json:"test"`              // as t.Name()
	Oracle  string `json:"oracle"`            // by name: "data race", "deadlock", "test failure", ...
	Message string `json:"message,omitempty"` // the oracle's message
	// Findings lists every oracle's finding of the story when there is
	// more than one (a data race, then the leak it led to), the headline
	// first; empty otherwise.
	Findings []Finding `json:"findings,omitempty"`
	// G is the goroutine the failure names in the story, 0 if none.
	G int `json:"g,omitempty"`
	// Why says how a verdict other than Bug was reached.
	Why string `json:"why,omitempty"`
	// LeftBehind is what a NotRepeatable test left in the process (files,
	// working directory, environment).
	LeftBehind []string `json:"left_behind,omitempty"`
	// Native is the output of a FailsNatively test's native run, one
	// line per element.
	Native []string `json:"native,omitempty"`
	// Sentence says what happened in the story, in plain words; Named are
	// the 1-based positions of the steps it names.
	Sentence string `json:"sentence,omitempty"`
	Named    []int  `json:"named,omitempty"`
	// Found says which search found the failing execution.
	Found *Found `json:"found,omitempty"`
	// Timing lists the story's wake-ups from the virtual clock that
	// happened while other goroutines still had work: the failure is
	// timing-dependent (a sleep, timer or deadline beat work, as natively
	// on a loaded machine). Empty when no timer raced with work.
	Timing []Wake `json:"timing,omitempty"`
	// WallPhase is where the story's wall clock started when that was not
	// the real instant of its first reading ("1ms before a whole
	// second"): the schedule replays it.
	WallPhase string `json:"wall_phase,omitempty"`
	// Uncontrolled says that a goroutine polled an object vtbound does not
	// model during the failing execution.
	Uncontrolled bool `json:"uncontrolled,omitempty"`
	// Long says that the failing execution explored a long test
	// (docs/model.md#long-tests): most synchronisation and the accesses of
	// untracked variables took no scheduling point, so its trace shows
	// only the steps that did.
	Long bool `json:"long,omitempty"`
	// Nondeterminism is the first difference of a replay of the failing
	// execution that did not reproduce it, "" when it did (or was not
	// checked).
	Nondeterminism string `json:"nondeterminism,omitempty"`
	// Goroutines are the story's goroutines, each with where it ended.
	Goroutines []Goroutine `json:"goroutines,omitempty"`
	// Interleaving is the failing execution's trace as found, abridged
	// around its preemptions.
	Interleaving *Interleaving `json:"interleaving,omitempty"`
	// Conflicts are the 1-based positions, in the story's trace, of the
	// accesses to locations that two goroutines touch, one with a write.
	Conflicts []int `json:"conflicts,omitempty"`
	// Races are the story's data races: the conflicting accesses that no
	// synchronisation orders.
	Races []Race `json:"races,omitempty"`
	// Stack is the panic stack, one line per element.
	Stack []string `json:"stack,omitempty"`
	// CVT is the failing execution's (c,v,t) as found; Schedule the path of
	// its saved schedule, or ScheduleError why it was not saved.
	CVT           *CVT   `json:"cvt,omitempty"`
	Schedule      string `json:"schedule,omitempty"`
	ScheduleError string `json:"schedule_error,omitempty"`
	// Minimisation is what minimising the failure found, when it ran.
	Minimisation *Minimisation `json:"minimisation,omitempty"`
	// Steps are the story's steps that matter (the conflicting accesses,
	// preemptions, the steps the sentence names, the synchronisation next
	// to them, each goroutine's last step), when the failure is about an
	// interleaving.
	Steps *Interleaving `json:"steps,omitempty"`
	// Replayed is the schedule file a ReplayFails or ReplayDiverged report
	// replayed; Expected is the oracle a ReplayDiverged schedule recorded.
	Replayed string `json:"replayed,omitempty"`
	Expected string `json:"expected,omitempty"`
	// Replay is the shell command that replays the failure.
	Replay string `json:"replay,omitempty"`
}

// Finding is one oracle's finding in an execution.
type Finding struct {
	Oracle  string `json:"oracle"`
	Message string `json:"message,omitempty"`
}

// ReplaySchedule is the schedule the replay command replays: the
// minimised one when minimisation saved one, otherwise the failing
// execution's; "" when none was saved.
func (r *Report) ReplaySchedule() string {
	if r.Minimisation.Saved() {
		return r.Minimisation.Schedule
	}
	return r.Schedule
}

// Wake is a wake-up from the virtual clock that beat work: goroutine G,
// waiting Waited for the clock (its sleep's, timer's or deadline's
// duration, as Go's time.Duration text), woke at step Step (1-based, in
// the story's trace) while Before, the goroutine named first among those
// that could still run, had not reached its next step At (file:line).
type Wake struct {
	G      int    `json:"g"`
	Waited string `json:"waited"`
	What   string `json:"what"` // "sleep", "timer"
	Step   int    `json:"step"`
	Before int    `json:"before,omitempty"`
	At     string `json:"at,omitempty"`
}

// TimingDependent reports whether the failure needs a timer to beat work.
func (r *Report) TimingDependent() bool { return len(r.Timing) > 0 }

// Found names the search that found a failing execution.
type Found struct {
	Strategy  string `json:"strategy"` // the strategy's label, with its parameters
	Seed      int64  `json:"seed"`
	Execution int    `json:"execution"`  // 1-based, in that search
	TraceHash string `json:"trace_hash"` // 16 hex digits, computed from site and kind names
}

// CVT is a failure's depth: preemptions, variables at preemption points,
// goroutines ordered.
type CVT struct {
	C int `json:"c"`
	V int `json:"v"`
	T int `json:"t"`
}

// String renders c as "c,v,t".
func (c CVT) String() string { return fmt.Sprintf("%d,%d,%d", c.C, c.V, c.T) }

// Words explains c: "1 preemption, 1 variable, 2 goroutines ordered".
func (c CVT) Words() string {
	return fmt.Sprintf("%d preemption%s, %d variable%s, %d goroutine%s ordered",
		c.C, plural(c.C), c.V, plural(c.V), c.T, plural(c.T))
}

// Minimisation is what minimising a failure found.
type Minimisation struct {
	// Error says why minimisation failed; the other fields are then zero.
	Error string `json:"error,omitempty"`
	// CVT is the best schedule's (c,v,t); Smaller says it is smaller than
	// the failing execution's.
	CVT     *CVT `json:"cvt,omitempty"`
	Smaller bool `json:"smaller,omitempty"`
	// Schedule is the saved minimised schedule, or SaveError why a smaller
	// one was not saved.
	Schedule  string `json:"schedule,omitempty"`
	SaveError string `json:"save_error,omitempty"`
}

// Saved reports whether minimisation saved a smaller schedule, which the
// report then tells.
func (m *Minimisation) Saved() bool {
	return m != nil && m.Error == "" && m.Smaller && m.SaveError == ""
}

// Interleaving is a listing of a trace's steps: the steps shown, each at
// its position; the positions between them are left out.
type Interleaving struct {
	Steps []Step `json:"steps"`
	// Total is the trace's length.
	Total int `json:"total"`
	// More counts the steps from the position where the listing was cut
	// (at 200 lines) to the end, 0 when it was not cut.
	More int `json:"more,omitempty"`
}

// Step is one executed step.
type Step struct {
	N       int  `json:"n"` // 1-based position in the trace
	G       int  `json:"g"` // the goroutine that executed it
	Op      Op   `json:"op"`
	Preempt bool `json:"preempt,omitempty"` // the scheduler preempted another goroutine here
	// Case is the select case chosen, nil for no select.
	Case *int `json:"case,omitempty"`
	// Alloc is the registered heap object an access touches, when the
	// trace touches two or more objects allocated at one site.
	Alloc *Alloc `json:"alloc,omitempty"`
}

// Op is an operation: its kind by name ("write", "lock", "wg-add", as
// docs/show.md lists them), the expression it accesses, and its site.
type Op struct {
	Kind string `json:"kind"`
	// Var is the expression an access touches ("c.n", "b.used[i]"), or in
	// a race the expression of a synchronised object ("ch", "wg") when the
	// site table records one.
	Var  string `json:"var,omitempty"`
	Site *Site  `json:"site,omitempty"`
}

// Site is a program point, by position.
type Site struct {
	Package string `json:"package,omitempty"` // the import path of the package that registered it
	File    string `json:"file"`              // as the package's site table names it
	Line    int    `json:"line"`
	Col     int    `json:"col"`
}

// String renders s as "file.go:14:5".
func (s Site) String() string { return fmt.Sprintf("%s:%d:%d", s.File, s.Line, s.Col) }

// Where renders s as the text report does: "file.go:14".
func (s Site) Where() string { return fmt.Sprintf("%s:%d", path.Base(s.File), s.Line) }

// Alloc identifies a registered heap object: its allocation site, the
// allocation's number there and the loop iteration it happened in.
type Alloc struct {
	Site *Site `json:"site,omitempty"`
	N    int32 `json:"n"`
	Iter int32 `json:"iter"`
}

// End says where a goroutine ended.
type End string

// The ways a goroutine ends.
const (
	Exited       End = "exited"        // it exited; Op is its last operation
	StoppedAt    End = "stopped-at"    // it was blocked in (or about to perform) Op
	StoppedAfter End = "stopped-after" // it was still live after Op, with nothing pending
	NeverRan     End = "never-ran"     // it was started but never scheduled
)

// Goroutine is one goroutine of an execution and where it ended.
type Goroutine struct {
	ID     int `json:"id"`
	Parent int `json:"parent"` // the goroutine that started it; 0: the test body
	End    End `json:"end"`
	Op     Op  `json:"op"`
}

// Race is a data race: two operations that no synchronisation orders.
type Race struct {
	First RaceSide `json:"first"`
	Later RaceSide `json:"later"`
}

// RaceSide is one side of a race. Op's kind is "read" or "write" for a
// memory access (plain or atomic), otherwise the synchronisation
// operation that raced ("send", "close", "wg-add", "wg-wait").
type RaceSide struct {
	G  int `json:"g"`
	Op Op  `json:"op"`
	// Step is the side's 1-based position in the story's trace, 0 when
	// the trace does not show it.
	Step int `json:"step,omitempty"`
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
