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

// Commute tags: two operations on one object whose kinds carry the same
// non-zero tag commute (reads of a location, RLock/RUnlock of one RWMutex,
// Adds of one WaitGroup). Tag 0 commutes with nothing on its object.
const (
	tagNone    = 0
	tagRead    = 1
	tagReaders = 2
	tagWGAdd   = 3
	tagWGDone  = 4
)

// KindInfo is what the engine's operations mean for scheduling: the one
// table that races, happens-before and partial-order reduction read.
type KindInfo struct {
	// Class is the kind of object the operation touches.
	Class Class
	// Access: a plain or atomic memory access.
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
	// Idle says how a step of this kind counts for the engine's
	// busy-wait detector.
	Idle Idle
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
	OpStart:         {},
	OpRead:          {Class: ClassMemory, Access: true, Commute: tagRead, Idle: IdlePlain},
	OpWrite:         {Class: ClassMemory, Access: true, Write: true},
	OpAtomicLoad:    {Class: ClassMemory, Access: true, Commute: tagRead, Idle: IdleWait},
	OpAtomicStore:   {Class: ClassMemory, Access: true, Write: true},
	OpAtomicRMW:     {Class: ClassMemory, Access: true, Write: true, Idle: IdleOwn},
	OpSend:          {Class: ClassChan, Write: true, Blocking: true},
	OpRecv:          {Class: ClassChan, Write: true, Blocking: true, Idle: IdleOwn},
	OpClose:         {Class: ClassChan, Write: true},
	OpSelect:        {Class: ClassChan, Write: true, Blocking: true, Wide: true, Idle: IdleOwn},
	OpLock:          {Class: ClassLock, Write: true, Blocking: true, Idle: IdlePlain},
	OpUnlock:        {Class: ClassLock, Write: true, Idle: IdlePlain},
	OpRLock:         {Class: ClassLock, Blocking: true, Commute: tagReaders, Idle: IdlePlain},
	OpRUnlock:       {Class: ClassLock, Commute: tagReaders, Idle: IdlePlain},
	OpTryLock:       {Class: ClassLock, Write: true, Idle: IdleWait},
	OpWGAdd:         {Class: ClassWaitGroup, Write: true, Commute: tagWGAdd},
	OpWGWait:        {Class: ClassWaitGroup, Blocking: true, Commute: tagRead},
	OpOnce:          {Class: ClassAll, Write: true, Blocking: true},
	OpCondWait:      {Class: ClassLock, Write: true, Wide: true},
	OpCondWake:      {Class: ClassLock, Write: true, Blocking: true, Wide: true},
	OpCondSignal:    {Class: ClassLock, Write: true},
	OpCondBroadcast: {Class: ClassLock, Write: true},
	OpGo:            {},
	OpYield:         {Idle: IdleWait},
	OpSleep:         {Class: ClassAll, Blocking: true, Idle: IdleWait},
	OpTimer:         {Class: ClassAll, Write: true, Blocking: true},
	OpPoll:          {Class: ClassAll, Write: true, Blocking: true, Idle: IdleWait},
	OpExit:          {},
	OpWGDone:        {Class: ClassWaitGroup, Write: true, Commute: tagWGDone},
	OpTimerSet:      {Class: ClassAll, Write: true},
	OpCancel:        {Class: ClassAll, Write: true},
	OpMapLoad:       {Class: ClassMap, Commute: tagRead, Idle: IdleWait},
	OpMapStore:      {Class: ClassMap, Write: true},
	OpMapRMW:        {Class: ClassMap, Write: true},
	OpMapRange:      {Class: ClassMap, Wide: true, Commute: tagRead, Idle: IdleWait},
	OpMapClear:      {Class: ClassMap, Write: true, Wide: true},
}

// Info returns k's properties (the zero KindInfo for an unknown kind).
func (k OpKind) Info() KindInfo {
	if int(k) < len(kindTable) {
		return kindTable[k]
	}
	return KindInfo{}
}

// Dependent reports whether a and b, performed by different goroutines,
// may not commute: swapping them could change the state reached or whether
// one of them is enabled. It is symmetric. Reads of one location commute
// (atomic loads are reads; stores and read-modify-writes are writes),
// RLock and RUnlock of one RWMutex commute, WaitGroup Adds commute with
// Adds and Dones with Dones. A goroutine's start is ordered after its go
// statement by program order, not by dependence (see Execution clocks in
// package strategy).
func Dependent(a, b Op) bool {
	ia, ib := a.Kind.Info(), b.Kind.Info()
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
	return ia.Commute == tagNone || ia.Commute != ib.Commute
}
