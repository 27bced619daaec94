package engine

import (
	"runtime"
	"time"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// Looks is what a program that lists goroutines (runtime.Stack with all
// set, runtime.NumGoroutine) should see of the goroutines vtbound runs,
// by goroutine number: which ones to leave out, and the state natively
// printed for the controlled goroutines the engine has parked.
type Looks struct {
	// Hidden are goroutines with no native counterpart: the test's own
	// goroutine of every running exploration (waiting in Run while the
	// body runs on a goroutine of its own) and timer goroutines waiting
	// for their timer to fire (natively a timer is no goroutine).
	Hidden map[uint64]bool
	// States maps each parked controlled goroutine to the state the Go
	// runtime would print for it ("chan receive", "runnable", ...).
	States map[uint64]string
	// Body is the goroutine running the test body, Runner the test's own
	// goroutine of this execution (0 when unknown).
	Body, Runner uint64
}

// Looks returns what the program running on g should see of vtbound's
// goroutines. g must hold the token. Goroutine numbers are read from the
// runtime's g structures (goid.go) of goroutines the engine recorded when
// it started them, never guessed from frame names. A controlled
// goroutine that never ran is identified only where no race detector
// runs (its g pointer is written without synchronisation; see run).
func (g *G) Looks() Looks {
	l := Looks{Hidden: map[uint64]bool{}, States: map[uint64]string{}}
	goidOnce.Do(findGoidOffsetSettled)
	l.hideRunners()
	if g.abort || g.ho.inert {
		return l // released: the engine's state is not g's to read
	}
	for _, n := range g.e.gone.nums[:g.e.gone.n] {
		l.Hidden[n] = true
	}
	if n, ok := goroutineNumber(g.e.runner.Load()); ok {
		l.Runner = n
	}
	x := g.x
	for _, o := range x.gs {
		if o == g || !o.live || o.ho.away || (!o.started() && handoffOff) {
			continue
		}
		num, ok := goroutineNumber(o.awaitGP())
		if !ok {
			continue
		}
		if o.parent == 0 {
			l.Body = num
		}
		if o.op.Kind == sched.OpTimer {
			l.Hidden[num] = true
			continue
		}
		l.States[num] = x.nativeState(o)
	}
	if g.parent == 0 {
		l.Body, _ = goroutineNumber(g.gp)
	}
	return l
}

// hideRunners adds the test goroutine of every running exploration.
func (l *Looks) hideRunners() {
	p := active.Load()
	if p == nil {
		return
	}
	for _, e := range *p {
		if n, ok := goroutineNumber(e.runner.Load()); ok && n != 0 {
			l.Hidden[n] = true
		}
	}
}

// started reports whether g has taken a step, so that it passed the
// token on after writing gp (and the token holder's read of gp is ordered
// after that write). A goroutine that never ran still waits for its
// first step or for its timer.
func (g *G) started() bool { return g.last.Kind != sched.OpNone }

// awaitGP returns g's g pointer, waiting within lookWait for a
// goroutine just created (started with go but not yet run by the Go
// scheduler) to record it. Only where no race detector runs (see Looks).
func (g *G) awaitGP() uintptr {
	for start, i := time.Now(), 0; g.gp == 0; i++ {
		if i > settleYields && time.Since(start) > lookWait {
			break
		}
		runtime.Gosched()
	}
	return g.gp
}

// nativeState is the state the Go runtime would print for parked
// controlled goroutine g: "runnable" when its operation could proceed,
// else what it waits on.
func (x *execution) nativeState(g *G) string {
	if g.op.Kind == sched.OpStart || x.enabled(g) {
		return "runnable"
	}
	if g.pend.wait == nil {
		return ""
	}
	return g.pend.wait.state(g)
}

// findGoidOffsetSettled is findGoidOffset followed by a wait, within
// lookWait, until its probe goroutines have left the runtime, so that the
// listing the program asked for does not show them.
func findGoidOffsetSettled() {
	before := runtime.NumGoroutine()
	findGoidOffset()
	for start := time.Now(); runtime.NumGoroutine() > before; {
		if time.Since(start) > lookWait {
			return
		}
		time.Sleep(10 * time.Microsecond)
	}
}

// Goroutines that ended. A controlled goroutine that returned is counted
// and listed by the runtime until it has left the runtime's exit path,
// which on a loaded machine can be after the next execution began and the
// program looked (settle's wait for the count to come down is bounded).
// Natively it would be gone: Looks hides it by number. Numbers are
// recorded as goroutines end or are released, once they can be read (a
// program looked before); the runtime never reuses a goroutine number, so
// a number whose goroutine has gone hides nothing. The last 256 are kept.
type goneRing struct {
	nums [256]uint64
	n    int // numbers held (at most len(nums))
	next int // where the next one goes
}

// noteGone records the number of g, which is ending (see above).
func (e *Engine) noteGone(g *G) {
	if !goidFound.Load() {
		return
	}
	n, ok := goroutineNumber(g.gp)
	if !ok {
		return
	}
	r := &e.gone
	r.nums[r.next] = n
	r.next = (r.next + 1) % len(r.nums)
	r.n = min(r.n+1, len(r.nums))
}
