// Package sched defines the contract between the rt engine and its search
// strategies: what a strategy sees at every scheduling point, what it
// decides, and what it learns after each execution.
//
// The engine runs exactly one controlled goroutine at a time. Before every
// visible operation the running goroutine stops at a scheduling point; the
// engine then asks the strategy which enabled goroutine takes the next step
// (Pick) and, when the chosen operation itself has several outcomes (a select
// with more than one ready case), which outcome (Choose). Because the strategy
// sees every pending operation and may return any enabled goroutine, a
// strategy can force any schedule prefix: exhaustive, DPOR and replay
// strategies need no engine support beyond this interface.
//
// # What an operation means
//
// One table (OpKind.Info, deps.go) says what every kind of operation is:
// the class of object it touches, whether it is a memory access and
// whether it writes, whether it may block, whether it is a synchronisation
// operation (Sync) or a mutex operation (Mutex), and its role in the
// causal order (Release, Acquire). The strategies and reports answer these
// questions from it, not from switches of their own over kinds. The table decides RLock, the case where earlier copies
// disagreed: it is a lock operation, not a memory read (IsAccess and
// IsRead say no), that commutes with the RLocks and RUnlocks of its
// RWMutex (Dependent) and, as a mutex operation, orders nothing causally.
//
// One dependence relation (Dependent) says which operations of two
// goroutines may not commute; DPOR's happens-before is its transitive
// closure with program order and the links between the two sides of a
// channel hand-off (Step.Partner). One causal order (HB, Clocks) says what
// the program's own synchronisation orders, read from the Release and
// Acquire columns; it is a sub-order of that order but for its widening
// of receives (below), and what the dependence order adds is what a
// schedule chooses. One vector-clock type
// (VClock) carries both. Go forced two choices in the causal order (see
// HB): the order in which goroutines take a mutex is left out, although
// Go's memory model orders an Unlock before the next Lock, because it is
// the schedule's choice that (c,v,t) counts; and a receive follows every
// earlier send of its channel, a widening of the pairing the trace
// records (Step.Partner), which DPOR's happens-before reads instead.
//
// This package imports nothing but the standard library and is shared by
// rt/internal/engine and rt/internal/strategy.
package sched

// Strategy decides the schedule of each execution.
//
// The engine calls Begin before an execution, then Pick and Choose at its
// decision points, then End with the finished execution. A strategy is used by
// one engine at a time and need not be safe for concurrent use.
type Strategy interface {
	// Begin prepares the next execution. It fills in p (which variable groups
	// to track) and returns false when the strategy has nothing left to run.
	Begin(p *Plan) bool
	// Pick returns the ID of the goroutine that takes the next step. The ID
	// must be one of v.Enabled.
	Pick(v *View) int
	// Choose resolves a choice among n > 1 outcomes of the operation the
	// goroutine v.Current is about to perform (for a select: the index among
	// its ready cases). It returns a value in [0, n).
	Choose(v *View, n int) int
	// End reports the finished execution. x and its slices are only valid
	// during the call.
	End(x *Execution)
}

// Named is implemented by strategies that have a user-facing name
// ("random", "pct", ...), used in reports and schedule files.
type Named interface {
	Name() string
}

// Plan is what a strategy decides before an execution starts.
type Plan struct {
	// TrackAll tracks every variable group: every instrumented shared access
	// is a scheduling point. When false, only the groups in Track are.
	TrackAll bool
	// Track lists the variable-group IDs to track when TrackAll is false.
	Track []int32
	// Label describes the execution for reports, e.g. "pct d=3 seed=7".
	Label string
	// Context asks the engine to record, in Step.Ctx, the calling context
	// of every step: a hash of its goroutine's innermost Context frames
	// outside vtbound (HaPSet statements, package coverage). 0 records
	// none; recording costs a stack walk per step.
	Context int
	// Identity asks the engine to name the objects of memory accesses
	// across executions (Op.Ident). It costs an interval lookup per
	// access and a record per allocation hook; false costs nothing.
	Identity bool
	// Resume asks the engine to run a goroutine whose pending operation
	// a partner completed (Op.Done) at the next scheduling point, before
	// any other and without a Pick: its step changes nothing and is
	// dependent with nothing, so no behaviour is lost, and the strategy
	// decides only between steps that are events (dpor).
	Resume bool
	// Quiet runs a long test's execution with fewer scheduling points: an
	// operation whose kind is Quiet in the kind table (KindInfo.Quiet)
	// takes none when it can proceed at once, unless its site is one of
	// Steps; one in every few hundred such operations still takes one, so
	// that the step and time bounds still end a goroutine that spins on
	// them. The operations still synchronise (the race oracle sees every
	// edge), but the search no longer orders them: a search with Quiet set
	// proves nothing (see docs/model.md, "Long tests").
	Quiet bool
	// Steps lists the sites whose operations stay scheduling points under
	// Quiet (a lock acquisition where a preemption may matter), each in a
	// window of its occurrences (Window.ID is the site).
	Steps []Window
	// Windows narrows, under Quiet, the tracking of a tracked group to a
	// window of its accesses (Window.ID is the group): the others are
	// neither scheduling points nor checked for races. A tracked group
	// not listed is tracked whole.
	Windows []Window
}

// Window is a window of the operations on an object ID (a site, a
// variable group) in an execution, by occurrence counted from 1: the
// From-th up to, not including, the To-th (To 0: up to the end).
type Window struct {
	ID       int32
	From, To int
}

// Has reports whether the n-th occurrence lies in w.
func (w Window) Has(n int) bool { return n >= w.From && (w.To <= 0 || n < w.To) }

// OpKind classifies a visible operation.
type OpKind uint8

// The visible operations. Each is preceded by a scheduling point.
const (
	OpNone          OpKind = iota
	OpStart                // first step of a goroutine
	OpRead                 // tracked shared-variable read
	OpWrite                // tracked shared-variable write
	OpAtomicLoad           // sync/atomic load
	OpAtomicStore          // sync/atomic store
	OpAtomicRMW            // sync/atomic add, swap, compare-and-swap, and, or
	OpSend                 // channel send
	OpRecv                 // channel receive
	OpClose                // channel close
	OpSelect               // select statement (Obj is the first case's channel)
	OpLock                 // Mutex.Lock, RWMutex.Lock
	OpUnlock               // Mutex.Unlock, RWMutex.Unlock
	OpRLock                // RWMutex.RLock
	OpRUnlock              // RWMutex.RUnlock
	OpTryLock              // TryLock, TryRLock (never blocks)
	OpWGAdd                // WaitGroup.Add with delta >= 0
	OpWGWait               // WaitGroup.Wait
	OpOnce                 // Once.Do
	OpCondWait             // Cond.Wait (releasing the lock)
	OpCondWake             // Cond.Wait reacquiring the lock after a signal
	OpCondSignal           // Cond.Signal
	OpCondBroadcast        // Cond.Broadcast
	OpGo                   // go statement (spawning a goroutine)
	OpYield                // runtime.Gosched
	OpSleep                // time.Sleep
	OpTimer                // a modelled timer firing
	OpPoll                 // waiting on something vtbound does not control
	OpExit                 // goroutine exit (never pending; appears in traces)
	OpWGDone               // WaitGroup.Done, Add with delta < 0 (kinds are numbered in schedule files: add new ones last)
	OpTimerSet             // a sleep, Timer, Ticker, AfterFunc or deadline armed; a Timer or Ticker stopped or reset
	OpCancel               // a context's cancellation (its whole subtree)
	OpMapLoad              // sync.Map Load of one key
	OpMapStore             // sync.Map Store or Delete of one key
	OpMapRMW               // sync.Map LoadOrStore, LoadAndDelete, Swap, CompareAndSwap, CompareAndDelete of one key
	OpMapRange             // sync.Map Range (reads every key; Obj is the map)
	OpMapClear             // sync.Map Clear (writes every key; Obj is the map)
	OpSynctest             // testing/synctest.Test starting its bubble (the bubble's root goroutine)
	OpSynctestWait         // testing/synctest.Wait: waits until every other goroutine of its bubble is durably blocked
	OpSynctestEnd          // testing/synctest.Test waiting for every goroutine of its bubble to exit
	OpSynctestExit         // a goroutine of a testing/synctest bubble about to exit (it may enable synctest.Wait or the end)
	numOpKinds
)

var opNames = [...]string{
	OpNone: "none", OpStart: "start", OpRead: "read", OpWrite: "write",
	OpAtomicLoad: "atomic-load", OpAtomicStore: "atomic-store", OpAtomicRMW: "atomic-rmw",
	OpSend: "send", OpRecv: "recv", OpClose: "close", OpSelect: "select",
	OpLock: "lock", OpUnlock: "unlock", OpRLock: "rlock", OpRUnlock: "runlock",
	OpTryLock: "trylock", OpWGAdd: "wg-add", OpWGWait: "wg-wait", OpOnce: "once",
	OpCondWait: "cond-wait", OpCondWake: "cond-wake", OpCondSignal: "cond-signal",
	OpCondBroadcast: "cond-broadcast", OpGo: "go", OpYield: "gosched", OpSleep: "sleep",
	OpTimer: "timer", OpPoll: "poll", OpExit: "exit", OpWGDone: "wg-done",
	OpTimerSet: "timer-set", OpCancel: "cancel",
	OpMapLoad: "map-load", OpMapStore: "map-store", OpMapRMW: "map-rmw",
	OpMapRange: "map-range", OpMapClear: "map-clear",
	OpSynctest: "synctest", OpSynctestWait: "synctest-wait", OpSynctestEnd: "synctest-end",
	OpSynctestExit: "synctest-exit",
}

// String returns the operation's short name, as used in reports.
func (k OpKind) String() string {
	if int(k) < len(opNames) && opNames[k] != "" {
		return opNames[k]
	}
	return "op?"
}

// IsAccess reports whether k is a memory access (plain or atomic).
func (k OpKind) IsAccess() bool {
	return k.Info().Access
}

// IsWrite reports whether k may modify the accessed location.
func (k OpKind) IsWrite() bool {
	i := k.Info()
	return i.Access && i.Write
}

// IsSync reports whether k is a synchronisation operation (KindInfo.Sync).
func (k OpKind) IsSync() bool {
	return k.Info().Sync
}

// Op is one pending or executed visible operation.
type Op struct {
	Kind OpKind
	// Done marks the step of a channel operation that a partner's step
	// already performed while this one waited (an unbuffered rendezvous,
	// a value handed to a waiting receiver, a slot refilled from a waiting
	// sender): the goroutine only resumes. It changes no shared state and
	// is dependent with nothing (Dependent); Step.Partner orders it after
	// the partner's step. Set on the pending operation once the partner
	// completed it, so strategies see it before the step.
	Done bool
	// Closed marks a receive announced when its channel was closed and
	// empty: it returns the zero value at once, as every later receive of
	// the channel does, so it commutes with the channel's other such
	// receives (Dependent).
	Closed bool
	// Site is the instrumented program point (see rt.Register); 0 when the
	// operation has no source site (goroutine start and exit, timers).
	Site int32
	// Group is the variable group of a memory access, or -1.
	Group int32
	// Obj numbers the object the operation touches (variable, channel,
	// mutex, ...) in order of first use within the execution, from 1; 0 when
	// there is none. The same schedule prefix gives the same numbers: a
	// number given before a scheduling point names the same object in
	// every execution through the same decisions up to it, while a number
	// given after it may name another object in another execution (dpor's
	// wakeup trees rely on the first and guard against the second).
	Obj int32
	// Heap numbers, from 1, the registered heap object that contains the
	// accessed location (an index into View.Heap and Execution.Heap plus
	// one); 0 when the operation is not a memory access or the location
	// lies in no registered allocation.
	Heap int32
	// Ident names the object of an operation (a memory location, a lock,
	// a channel, ...) across the executions of one exploration, from 1,
	// when the strategy asks for it (Plan.Identity) and the object lies in
	// an allocation recorded by a controlled goroutine (rt.Alloc, which the
	// rewriter emits for new(T) and &T{...} of a struct; rt.NewObj,
	// rt.MakeSlice): equal numbers mean the
	// same allocation (the same goroutine, named by its ancestry, and the
	// same allocation index in it) and the same offset. 0 when there is
	// none; such an object is named by Obj alone.
	Ident int32
}

// HeapObject is a heap object whose allocation site was registered (see
// rt.Alloc): the paper's heap variable, named by its allocation statement
// and how often that statement ran before it (variable-thread-bounding.txt,
// Sec. 2.4 and Fig. 5).
type HeapObject struct {
	// Site is the allocation site.
	Site int32
	// N counts the earlier allocations at Site in this execution.
	N int32
	// Iter is the loop-iteration number: the earlier allocations at Site
	// made with the identical call stack in this execution.
	Iter int32
}

// Goroutine is a controlled goroutine as a strategy sees it.
type Goroutine struct {
	// ID numbers goroutines in creation order within the execution, from 1
	// (the test body).
	ID int
	// Parent is the ID of the goroutine that started it (0 for the body).
	Parent int
	// Op is the operation the goroutine performs when it is picked.
	Op Op
	// Enabled reports whether Op can be performed now.
	Enabled bool
	// Spinning reports that the goroutine has taken many steps without
	// changing shared state while others were enabled (busy waiting); fair
	// strategies lower its priority.
	Spinning bool
}

// View is the state of an execution at a scheduling point. It is owned by
// the engine and valid only during the call that receives it.
type View struct {
	// Step counts the steps taken so far in this execution.
	Step int
	// Current is the ID of the goroutine that reached the scheduling point
	// (the one that ran last), or 0 if it exited or blocked.
	Current int
	// Goroutines lists the live goroutines in ID order.
	Goroutines []Goroutine
	// Enabled lists the IDs of the enabled goroutines, ascending. It is
	// never empty when Pick is called.
	Enabled []int
	// Trace lists the steps executed so far in this execution, including
	// those taken while only one goroutine was enabled (when the engine
	// does not call Pick). Strategies must not modify it.
	Trace []Step
	// Heap lists the registered heap objects allocated so far (see
	// Op.Heap). Strategies must not modify it.
	Heap []HeapObject
	// Live, when not nil, answers the View's methods from the engine's own
	// state, in time that does not grow with the number of goroutines.
	// For a strategy that implements Sparse, the engine then leaves
	// Goroutines and Enabled empty. Views built without an engine
	// (simulators) leave it nil: the methods then read the lists.
	Live Live
}

// Live is the engine's side of a View (see View.Live). Its answers are
// valid only during the call that received the View.
type Live interface {
	// NumEnabled returns the number of enabled goroutines.
	NumEnabled() int
	// EnabledAt returns the i-th enabled goroutine's ID, in ascending ID
	// order (View.Enabled[i]).
	EnabledAt(i int) int
	// IsEnabled reports whether goroutine id is live and enabled.
	IsEnabled(id int) bool
	// Goroutine returns live goroutine id, or nil.
	Goroutine(id int) *Goroutine
	// IsLive reports whether goroutine id is live (Goroutine(id) != nil),
	// without building its entry.
	IsLive(id int) bool
	// MaxID returns the highest goroutine ID started so far.
	MaxID() int
}

// Sparse is implemented by strategies that read a View only through its
// methods and its Step, Current, Trace and Heap fields, never through
// Goroutines and Enabled, when SparseView returns true. The engine then
// does not build those lists, so that a scheduling point costs the same
// however many goroutines are live.
type Sparse interface {
	SparseView() bool
}

// IsSparse reports whether s implements Sparse and says yes; wrappers of
// strategies forward their SparseView to it.
func IsSparse(s Strategy) bool {
	sp, ok := s.(Sparse)
	return ok && sp.SparseView()
}

// NumEnabled returns the number of enabled goroutines.
func (v *View) NumEnabled() int {
	if v.Live != nil {
		return v.Live.NumEnabled()
	}
	return len(v.Enabled)
}

// EnabledAt returns the i-th enabled goroutine's ID in ascending ID order,
// for 0 <= i < NumEnabled().
func (v *View) EnabledAt(i int) int {
	if v.Live != nil {
		return v.Live.EnabledAt(i)
	}
	return v.Enabled[i]
}

// IsEnabled reports whether goroutine id is enabled.
func (v *View) IsEnabled(id int) bool {
	if v.Live != nil {
		return v.Live.IsEnabled(id)
	}
	for _, e := range v.Enabled {
		if e == id {
			return true
		}
	}
	return false
}

// MaxID returns the highest goroutine ID started so far in the execution
// (without a Live: the highest live one).
func (v *View) MaxID() int {
	if v.Live != nil {
		return v.Live.MaxID()
	}
	if n := len(v.Goroutines); n > 0 {
		return v.Goroutines[n-1].ID
	}
	return 0
}

// Goroutine returns the live goroutine with the given ID, or nil.
func (v *View) Goroutine(id int) *Goroutine {
	if v.Live != nil {
		return v.Live.Goroutine(id)
	}
	for i := range v.Goroutines {
		if v.Goroutines[i].ID == id {
			return &v.Goroutines[i]
		}
	}
	return nil
}

// IsLive reports whether the goroutine with the given ID is live.
func (v *View) IsLive(id int) bool {
	if v.Live != nil {
		return v.Live.IsLive(id)
	}
	return v.Goroutine(id) != nil
}

// CurrentEnabled reports whether the current goroutine can continue, so that
// picking another goroutine is a preemption.
func (v *View) CurrentEnabled() bool {
	return v.Current != 0 && v.IsEnabled(v.Current)
}

// Step is one executed step of a trace.
type Step struct {
	G  int // goroutine ID
	Op Op  // the operation performed
	// Preempt reports that the previous goroutine was still enabled and a
	// different one was picked.
	Preempt bool
	// Choice is the outcome chosen by Choose for this step, or -1.
	Choice int
	// Partner links the two sides of a channel operation, as the trace
	// index + 1 of the other side's step (0 for none): for a step that
	// only resumes (Op.Done), the step that performed its operation; for
	// an unbuffered send or receive that completed a waiting partner, the
	// partner's arrival; for a buffered receive, the arrival of the send
	// whose value it took; for a buffered send into a slot that an
	// earlier receive freed (the buffer had been full), that receive's
	// step. The step's goroutine continues after the linked step in
	// every execution of the trace (see docs/dpor.md, "Channels").
	Partner int
	// Mutex marks a step that took a sync.Mutex (OpLock names a Mutex
	// and an RWMutex alike): one step, enabled only while the mutex is
	// free, so it can never run before the Unlock that freed it, where
	// an RWMutex's Lock may arrive before it and wait.
	Mutex bool
	// Ctx identifies the calling context of the operation when
	// Plan.Context asked for it (equal contexts, equal values), else 0.
	Ctx uint64
}

// Outcome classifies how an execution ended.
type Outcome uint8

// Execution outcomes. Anything other than OK and StepBound is a failure
// found by an oracle.
const (
	OK         Outcome = iota
	Failed             // t.Error/t.Fatal from a controlled goroutine
	Panicked           // a controlled goroutine panicked
	Deadlock           // every live goroutine blocked before the body returned
	Leak               // goroutines still blocked after the body returned
	Race               // data race on tracked accesses
	Livelock           // every goroutine busy-waits (see engine)
	Divergence         // replay did not reproduce the recorded trace
	Timeout            // an execution exceeded its wall-clock limit
	StepBound          // the step bound ended the execution (not a failure)
)

var outcomeNames = [...]string{
	OK: "ok", Failed: "test failure", Panicked: "panic", Deadlock: "deadlock",
	Leak: "goroutine leak", Race: "data race", Livelock: "livelock",
	Divergence: "replay divergence", Timeout: "timeout", StepBound: "step bound",
}

// String returns the outcome's name, as used in reports.
func (o Outcome) String() string {
	if int(o) < len(outcomeNames) {
		return outcomeNames[o]
	}
	return "outcome?"
}

// Execution summarises a finished execution for the strategy.
type Execution struct {
	// N numbers executions of one exploration from 1.
	N int
	// Trace lists the steps in order.
	Trace []Step
	// Heap lists the registered heap objects the execution allocated.
	Heap []HeapObject
	// Goroutines is the number of goroutines the execution started.
	Goroutines int
	// Outcome is OK or the first failure's oracle.
	Outcome Outcome
	// Races counts data races found (they do not end the execution).
	Races int
	// Hash identifies the trace (see engine.TraceHash).
	Hash uint64
	// Decisions is the sequence of values returned by Pick and Choose, in
	// order; replaying them reproduces the execution.
	Decisions []int
	// Quiet reports that the execution ran under Plan.Quiet: its trace
	// leaves out most synchronisation (an unlock whose lock it holds, say),
	// so analyses of lock order or of atomicity must not read it.
	Quiet bool
}
