package rt

import (
	"os"
	"runtime"
	"time"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/engine"
)

// Site describes one instrumented program point. Rewritten packages
// register their sites once, at initialisation.
type Site = engine.Site

// SiteKind classifies a Site.
type SiteKind = engine.SiteKind

// Site kinds.
const (
	KOther  = engine.KOther
	KRead   = engine.KRead
	KWrite  = engine.KWrite
	KAtomic = engine.KAtomic
	KChan   = engine.KChan
	KSync   = engine.KSync
	KGo     = engine.KGo
	KAlloc  = engine.KAlloc
	// KChanLoop is the receive at the top of a range-over-channel loop.
	KChanLoop = engine.KChanLoop
)

// Guard switches the instrumentation of one variable group in one package.
// Its On method is a single atomic load.
type Guard = engine.Guard

// Register records a package's sites and returns the ID of sites[0]; site
// i has ID base+i. guards has one element per distinct non-empty
// Site.Group, in order of first appearance in sites. Site ID 0 means
// "unknown site" and is accepted by every hook.
func Register(pkg string, sites []Site, guards []Guard) int32 {
	return engine.Register(pkg, sites, guards)
}

// RegisterTable is Register with the sites as text, one per line: file,
// line, column, kind (the name of a SiteKind constant, "KRead"), group and
// name, separated by tabs; a field starting with a double quote is a Go
// string literal. Rewritten packages use it because a string compiles
// faster than a composite literal with one element per site.
func RegisterTable(pkg, table string, guards []Guard) int32 {
	return engine.RegisterTable(pkg, table, guards)
}

// ctl returns the calling controlled goroutine, or nil when the caller is
// not controlled: hooks then perform the real operation. A controlled
// goroutine being released at the end of an execution is still returned;
// the engine makes every operation inert for it, so that its deferred
// calls neither block nor touch shared state.
func ctl() *engine.G { return engine.Current() }

// Read precedes a tracked read of the variable at addr.
func Read(site int32, addr unsafe.Pointer) {
	if g := ctl(); g != nil {
		g.Access(site, addr, false)
	}
}

// Write precedes a tracked write (or read-modify-write, such as x++) of
// the variable at addr.
func Write(site int32, addr unsafe.Pointer) {
	if g := ctl(); g != nil {
		g.Access(site, addr, true)
	}
}

// Alloc registers p, just allocated at site (&T{...} or new(T) in the
// source), as a heap object that may be shared, and returns p. In a
// controlled goroutine the engine then names the object by its allocation
// site, its allocation count and its loop-iteration number (the number of
// earlier allocations at site with the identical call stack), so that the
// bounded search can tell the objects of one site apart and prefer those of
// early loop iterations. It is not a scheduling point.
func Alloc[T any](site int32, p *T) *T {
	if g := ctl(); g != nil {
		g.Alloc(site, unsafe.Pointer(p), unsafe.Sizeof(*p))
	}
	return p
}

// Go starts fn in a new goroutine, controlled when the caller is. The
// rewriter evaluates the function value and arguments of a go statement
// before calling Go, as the go statement does.
func Go(site int32, fn func()) {
	if g := ctl(); g != nil {
		g.Go(site, fn)
		return
	}
	go fn()
}

// Gosched replaces runtime.Gosched.
func Gosched(site int32) {
	if g := ctl(); g != nil {
		g.Yield(site)
		return
	}
	engine.YieldOutside() // a released goroutine's spinning deferred call ends
	runtime.Gosched()
}

// Sleep replaces time.Sleep. In a controlled goroutine it waits on the
// execution's virtual clock, which advances only when nothing else can run
// (as in testing/synctest): no real time passes.
func Sleep(site int32, d time.Duration) {
	if g := ctl(); g != nil {
		g.Sleep(site, d)
		return
	}
	time.Sleep(d)
}

// After replaces time.After. In a controlled goroutine the timer is a
// controlled goroutine of its own that fires when the virtual clock
// reaches its deadline.
func After(site int32, d time.Duration) <-chan time.Time {
	if g := ctl(); g != nil {
		return g.After(site, d)
	}
	return time.After(d)
}

// AfterFunc replaces time.AfterFunc. In a controlled goroutine f runs in a
// controlled timer goroutine when the virtual clock reaches d, unless the
// returned timer was stopped first; Reset (TimerReset) moves the deadline
// on the virtual clock (docs/stdlib.md). A timer still pending when the
// test body returns never fires.
func AfterFunc(site int32, d time.Duration, f func()) *time.Timer {
	if g := ctl(); g != nil {
		return g.AfterFunc(site, d, f)
	}
	return time.AfterFunc(d, f)
}

// Now replaces time.Now. In a controlled goroutine it reads the
// execution's virtual wall clock (engine.G.Now): a real instant taken once
// per execution plus the virtual time passed (see Sleep) and 25 ns per
// earlier reading, so that time measured across sleeps is
// the time slept on every schedule, whatever the machine's load. It is not
// a scheduling point.
func Now(site int32) time.Time {
	if g := ctl(); g != nil {
		return g.Now()
	}
	return time.Now()
}

// LinkTimeNow replaces a body-less function linked to time.now with
// //go:linkname (a clock faster than time.Now, such as
// sethvargo/go-limiter's fasttime): Now's seconds, nanoseconds and a
// monotonic reading consistent with LinkNanotime.
func LinkTimeNow() (sec int64, nsec int32, mono int64) {
	t := Now(0)
	return t.Unix(), int32(t.Nanosecond()), int64(t.Sub(monoBase))
}

// LinkWalltime replaces a function linked to runtime.walltime (see
// LinkTimeNow).
func LinkWalltime() (sec int64, nsec int32) {
	t := Now(0)
	return t.Unix(), int32(t.Nanosecond())
}

// LinkNanotime replaces a function linked to runtime.nanotime or
// time.runtimeNano (see LinkTimeNow): nanoseconds on the monotonic clock
// that time.Since measures, virtual in a controlled goroutine.
func LinkNanotime() int64 { return int64(clockNow().Sub(monoBase)) }

// monoBase is the origin of LinkNanotime's readings.
var monoBase = time.Now()

// clockNow is Now for a reading only measured against (Since, Until, a
// timeout's deadline): it does not count as the program reading the wall
// clock, whose phase is then not part of the outcome (engine/wallphase.go).
func clockNow() time.Time {
	if g := ctl(); g != nil {
		return g.ClockValue()
	}
	return time.Now()
}

// NumGoroutine replaces runtime.NumGoroutine. In a controlled goroutine it
// first lets goroutines that returned leave the runtime (see
// engine.G.SettleExited), as they would natively by the time the program
// looks, and counts the goroutines Stack lists: vtbound's own goroutines
// are never counted (see the package doc and docs/stacks.md).
func NumGoroutine(site int32) int {
	if g := ctl(); g != nil {
		return nativeNumGoroutine(g)
	}
	return runtime.NumGoroutine()
}

// Stack replaces runtime.Stack. In a controlled goroutine it writes what
// the native program would see (docs/stacks.md): with all set, settled as
// NumGoroutine is and without vtbound's own goroutines (the test's
// goroutine waiting for the exploration, timer goroutines); in every
// goroutine block, without vtbound's frames, with the state of a parked
// goroutine saying what it waits on. As runtime.Stack, it writes at most
// len(buf) bytes and returns the number written.
func Stack(site int32, buf []byte, all bool) int {
	if g := ctl(); g != nil {
		return nativeStack(g, buf, all)
	}
	return runtime.Stack(buf, all)
}

// DebugStack replaces runtime/debug.Stack: the calling goroutine's stack
// without vtbound's frames (as Stack with all unset writes it in a
// controlled goroutine), with the frame of runtime/debug.Stack on top as
// natively.
func DebugStack(site int32) []byte {
	return withDebugFrame(ownStack())
}

// DebugPrintStack replaces runtime/debug.PrintStack: DebugStack written
// to standard error.
func DebugPrintStack(site int32) {
	os.Stderr.Write(DebugStack(site))
}

// Since replaces time.Since, measured with Now.
func Since(site int32, t time.Time) time.Duration { return clockNow().Sub(t) }

// Until replaces time.Until, measured with Now.
func Until(site int32, t time.Time) time.Duration { return t.Sub(clockNow()) }
