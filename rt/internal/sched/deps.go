package sched

// Class says which kind of object an operation touches. Operations of
// different classes never touch the same object, except through ClassAll.
type Class uint8

// The object classes.
const (
	// ClassNone: the operation touches no shared object (goroutine start
	// and exit, go, runtime.Gosched).
	ClassNone Class = iota
	// ClassMemory: a plain or atomic access of one location (Op.Obj).
	ClassMemory
	// ClassLock: a Mutex, RWMutex or Cond (Op.Obj).
	ClassLock
	// ClassChan: a channel (Op.Obj).
	ClassChan
	// ClassWaitGroup: a WaitGroup (Op.Obj).
	ClassWaitGroup
	// ClassMap: a sync.Map's entry for one key (Op.Obj numbers the map and
	// the key together), or, for Range and Clear (Wide), the whole map.
	ClassMap
	// ClassAll: an operation whose effect or enabledness depends on state
	// the Op does not name (the virtual clock, a Once whose function is
	// still running, uncontrolled code); it is dependent with everything.
	// It is the last class: strategies size per-class tables by it.
	ClassAll
)

// Commute tags (see Commutes): two operations on one object whose kinds
// carry the same non-zero tag commute (reads of a location, RLock/RUnlock
// of one RWMutex, Adds of one WaitGroup), except sends and receives,
// which commute with each other and not with their like. Tag 0 commutes
// with nothing on its object.
const (
	tagNone    = 0
	tagRead    = 1
	tagReaders = 2
	tagWGAdd   = 3
	tagWGDone  = 4
	tagSend    = 5
	tagRecv    = 6
	tagClosed  = 7 // a receive from a closed, empty channel (Op.Closed)
)

// Commutes reports whether two operations on one object whose kinds
// carry commute tags a and b commute. Tags of one kind commute, but for
// channels: a channel's sends and receives each form a FIFO queue (the
// buffer's values, the waiting goroutines), so two sends (or two
// receives) conflict — their order decides who is matched with whom —
// while a send and a receive commute: whichever arrives first waits (or
// buffers) and the other completes it, the same pairing either way.
// Receives from a closed, empty channel commute with each other (the
// channel stays so), and with nothing else.
func Commutes(a, b uint8) bool {
	switch {
	case a == tagNone || b == tagNone:
		return false
	case a == tagSend || a == tagRecv || b == tagSend || b == tagRecv:
		return a != b && (a == tagSend || a == tagRecv) && (b == tagSend || b == tagRecv)
	}
	return a == b
}

// KindInfo is what the engine's operations mean for scheduling: the one
// table that races, happens-before, partial-order reduction and the
// strategies' notion of a synchronisation operation read.
type KindInfo struct {
	// Class is the kind of object the operation touches.
	Class Class
	// Access: a plain or atomic memory access, or an access of a
	// sync.Map's entry (ClassMap): what races, variables and
	// unserializable interleavings are made of.
	Access bool
	// Write: the operation may modify its object (a memory write, an atomic
	// store or read-modify-write, a lock acquisition, a send, ...).
	Write bool
	// Blocking: a pending operation of this kind may be disabled.
	Blocking bool
	// Wide: the operation touches every object of its class, because the
	// Op names only one of them (a select names its first case's channel;
	// Cond.Wait releases and retakes a lock the Op does not name).
	Wide bool
	// Commute is the operation's commute tag (see tagRead).
	Commute uint8
	// Sync: a synchronisation operation of the program, a scheduling
	// point in every execution whatever the Plan tracks: every visible
	// operation but a memory access, the engine's own steps (goroutine
	// start and exit) and a go statement (switching to the new goroutine
	// after it is a priority change, not a preemption). The exhaustive
	// search preempts only after one (or a tracked access); the
	// randomized strategies count them as the pseudo-variable of
	// synchronisation.
	Sync bool
	// Mutex: an operation of mutual exclusion on the Mutex or RWMutex
	// Op.Obj names (Lock, Unlock, RLock, RUnlock, TryLock). Which of two
	// goroutines takes a mutex first is the schedule's choice: the causal
	// order (HB) leaves it out, and (c,v,t) counts it as a conflict.
	Mutex bool
	// Release: the operation publishes its goroutine's clock on its
	// object in the causal order (HB): the later operations that Acquire
	// from the object are ordered after it. A go statement releases to
	// the goroutine it starts.
	Release bool
	// Acquire: the operation joins the clock its object's earlier
	// releases published (HB). A goroutine's start acquires from its go
	// statement.
	Acquire bool
	// Idle says how a step of this kind counts for the engine's
	// busy-wait detector.
	Idle Idle
	// Durable: a goroutine of a testing/synctest bubble whose pending
	// operation of this kind cannot proceed is durably blocked, as
	// synctest defines it (a channel operation or select, Cond.Wait,
	// WaitGroup.Wait, a sleep, a timer that has not fired, synctest.Wait):
	// only another goroutine of the bubble, or the bubble's clock, can
	// wake it. A goroutine blocked otherwise (a Mutex or RWMutex lock,
	// Once.Do, code vtbound does not control) is not: something outside
	// the bubble might wake it, so the bubble's clock stands still and
	// synctest.Wait waits.
	Durable bool
	// Quiet: under Plan.Quiet, an operation of this kind that can proceed
	// at once takes no scheduling point unless its site is in Plan.Steps:
	// the atomic operations, the mutual exclusion operations, WaitGroup
	// Add and Done and sync.Map's accesses, which a stress test performs
	// millions of times. Channel operations, goroutine starts and exits,
	// yields, sleeps, timers and waits always take one.
	Quiet bool
}

// Idle says whether a step changes shared state, for the busy-wait
// detector: a goroutine whose steps change nothing for long busy-waits.
type Idle uint8

// The idle classes.
const (
	// Progress: the step may change shared state (the zero value).
	Progress Idle = iota
	// IdlePlain: the step changes nothing, but a streak of such steps
	// alone is no wait (a plain read, a lock or an unlock).
	IdlePlain
	// IdleWait: the step changes nothing and waits for something (an
	// atomic load, a yield, a TryLock, a sleep).
	IdleWait
	// IdleOwn: the operation's own code classifies its step when the step
	// runs (a receive that may only find a closed channel, a select with
	// a default, a read-modify-write that may leave its location as it
	// was).
	IdleOwn
)

// kindTable holds the properties of every OpKind.
//
// Invariant: two operations whose kinds are independent by this table
// neither enable nor disable each other, and executing them in either
// order from one state reaches the same state (the dependency relation of
// dpor-read-commutativity-sleep-sets.txt Sec. II-A).
var kindTable = [numOpKinds]KindInfo{
	OpNone:          {},
	OpStart:         {Acquire: true},
	OpRead:          {Class: ClassMemory, Access: true, Commute: tagRead, Idle: IdlePlain},
	OpWrite:         {Class: ClassMemory, Access: true, Write: true},
	OpAtomicLoad:    {Class: ClassMemory, Access: true, Commute: tagRead, Idle: IdleWait, Quiet: true},
	OpAtomicStore:   {Class: ClassMemory, Access: true, Write: true, Quiet: true},
	OpAtomicRMW:     {Class: ClassMemory, Access: true, Write: true, Idle: IdleOwn, Quiet: true},
	OpSend:          {Class: ClassChan, Write: true, Blocking: true, Commute: tagSend, Sync: true, Release: true, Durable: true},
	OpRecv:          {Class: ClassChan, Write: true, Blocking: true, Commute: tagRecv, Sync: true, Acquire: true, Idle: IdleOwn, Durable: true},
	OpClose:         {Class: ClassChan, Write: true, Sync: true, Release: true},
	OpSelect:        {Class: ClassChan, Write: true, Blocking: true, Wide: true, Sync: true, Acquire: true, Idle: IdleOwn, Durable: true},
	OpLock:          {Class: ClassLock, Write: true, Blocking: true, Sync: true, Mutex: true, Idle: IdlePlain, Quiet: true},
	OpUnlock:        {Class: ClassLock, Write: true, Sync: true, Mutex: true, Idle: IdlePlain, Quiet: true},
	OpRLock:         {Class: ClassLock, Blocking: true, Commute: tagReaders, Sync: true, Mutex: true, Idle: IdlePlain, Quiet: true},
	OpRUnlock:       {Class: ClassLock, Commute: tagReaders, Sync: true, Mutex: true, Idle: IdlePlain, Quiet: true},
	OpTryLock:       {Class: ClassLock, Write: true, Sync: true, Mutex: true, Idle: IdleWait, Quiet: true},
	OpWGAdd:         {Class: ClassWaitGroup, Write: true, Commute: tagWGAdd, Sync: true, Release: true, Quiet: true},
	OpWGWait:        {Class: ClassWaitGroup, Blocking: true, Commute: tagRead, Sync: true, Acquire: true, Durable: true},
	OpOnce:          {Class: ClassAll, Write: true, Blocking: true, Sync: true, Release: true, Acquire: true},
	OpCondWait:      {Class: ClassLock, Write: true, Wide: true, Sync: true},
	OpCondWake:      {Class: ClassLock, Write: true, Blocking: true, Wide: true, Sync: true, Durable: true},
	OpCondSignal:    {Class: ClassLock, Write: true, Sync: true},
	OpCondBroadcast: {Class: ClassLock, Write: true, Sync: true},
	OpGo:            {Release: true},
	OpYield:         {Sync: true, Idle: IdleWait},
	OpSleep:         {Class: ClassAll, Blocking: true, Sync: true, Idle: IdleWait, Durable: true},
	OpTimer:         {Class: ClassAll, Write: true, Blocking: true, Sync: true, Durable: true},
	OpPoll:          {Class: ClassAll, Write: true, Blocking: true, Sync: true, Idle: IdleWait},
	OpExit:          {},
	OpWGDone:        {Class: ClassWaitGroup, Write: true, Commute: tagWGDone, Sync: true, Release: true, Quiet: true},
	OpTimerSet:      {Class: ClassAll, Write: true, Sync: true},
	OpCancel:        {Class: ClassAll, Write: true, Sync: true},
	OpMapLoad:       {Class: ClassMap, Access: true, Commute: tagRead, Idle: IdleWait, Quiet: true},
	OpMapStore:      {Class: ClassMap, Access: true, Write: true, Quiet: true},
	OpMapRMW:        {Class: ClassMap, Access: true, Write: true, Quiet: true},
	OpMapRange:      {Class: ClassMap, Access: true, Wide: true, Commute: tagRead, Idle: IdleWait},
	OpMapClear:      {Class: ClassMap, Access: true, Write: true, Wide: true},
	OpSynctest:      {Class: ClassAll, Write: true, Sync: true},
	OpSynctestWait:  {Class: ClassAll, Write: true, Blocking: true, Sync: true, Durable: true},
	OpSynctestEnd:   {Class: ClassAll, Write: true, Blocking: true, Sync: true},
	OpSynctestExit:  {Class: ClassAll, Write: true, Sync: true},
}

// Info returns k's properties (the zero KindInfo for an unknown kind).
func (k OpKind) Info() KindInfo {
	if int(k) < len(kindTable) {
		return kindTable[k]
	}
	return KindInfo{}
}

// IsRead reports whether the operation only reads a memory location (a
// plain read or an atomic load): the one kind of access that commutes
// with its like.
func (i KindInfo) IsRead() bool { return i.Access && !i.Write }

// Orders reports whether the operation orders its goroutine against
// others by synchronisation: an operation on a shared object that is not
// a memory access (dependent with some operation of another goroutine),
// or a go statement (the goroutine it starts follows it).
func (i KindInfo) Orders() bool { return !i.Access && (i.Class != ClassNone || i.Release) }

// Dependent reports whether a and b, performed by different goroutines,
// may not commute: swapping them could change the state reached or whether
// one of them is enabled. It is symmetric. Reads of one location commute
// (atomic loads are reads; stores and read-modify-writes are writes),
// RLock and RUnlock of one RWMutex commute, WaitGroup Adds commute with
// Adds and Dones with Dones, a send and a receive of one channel commute
// (Commutes), so do two receives from a closed, empty channel (Op.Closed),
// and a step that only resumes a channel operation a partner performed
// (Op.Done) commutes with everything. A goroutine's start is
// ordered after its go statement, and a resumed channel operation after
// its partner (Step.Partner), by program order, not by dependence.
func Dependent(a, b Op) bool {
	ia, ib := a.Info(), b.Info()
	switch {
	case ia.Class == ClassNone || ib.Class == ClassNone:
		return false
	case ia.Class == ClassAll || ib.Class == ClassAll:
		return true
	case ia.Class != ib.Class:
		return false
	case !ia.Wide && !ib.Wide && a.Obj != b.Obj:
		return false
	}
	return !Commutes(ia.Commute, ib.Commute)
}

// Same reports whether o and p are one operation, whether or not one of
// them is its resumption (Done): a blocking operation's steps.
func (o Op) Same(p Op) bool {
	o.Done, p.Done = false, false
	return o == p
}

// Info returns the properties of o's kind, or the zero KindInfo (touches
// nothing) for a step that only resumes an operation a partner performed
// (Done); a receive from a closed, empty channel (Closed) has a commute
// tag of its own.
func (o Op) Info() KindInfo {
	if o.Done {
		return KindInfo{}
	}
	i := o.Kind.Info()
	if o.Closed {
		i.Commute = tagClosed
	}
	return i
}
