package engine

import (
	"cmp"
	"slices"
	"sync"
	"time"
)

// Timers an ended execution left armed.
//
// Natively a timer outlives the test that armed it: a package-level cache
// whose expiry runs on a time.AfterFunc (muesli/cache2go's tables) arms
// it in one run of a test, and in the next run the pending timer fires
// and expires what that run added. An execution's model of the timer ends
// with the execution, so without more the next execution would hold a
// timer that never fires: cache2go's TestCacheExpire failed from its
// second execution on ("Found key which should have been expired"),
// because its table only re-arms the timer for an entry due sooner.
//
// So an execution that ends with one-shot timers still armed (a
// time.AfterFunc, a time.NewTimer: the timers with a proxy, which the
// program may still hold) leaves them to the next execution in the
// process, with the time they had left. That execution takes them when it
// starts: each fires when its virtual clock reaches the time left (at
// least 1 ns, so only once everything else waits, a schedule Go allows),
// in a timer goroutine of its own that starts only then, so that an
// execution that never gets that far numbers its goroutines exactly as
// without it; its Stop or Reset before that finds it armed, as natively.
// What is still pending when that execution ends is left to the next one
// in turn. At most maxCarried are kept, those due first: each is a
// goroutine in the execution that fires it. Tickers, contexts' deadlines
// and time.After's timers are not carried: a ticker's reader and a
// context's waiters are goroutines of the ended execution, which ended
// with it, and time.After's channel is held by nobody else.
//
// The next execution may belong to another test, as natively the timer
// fires during whatever runs next. A failure that needs a carried timer
// does not replay in a fresh process, and the verdict rules classify it
// (not repeatable in one process, docs/verdicts.md).

// maxCarried bounds the timers left to the next execution.
const maxCarried = 16

// carriedTimer is a one-shot timer an execution left armed.
type carriedTimer struct {
	proxy *time.Timer   // the real timer the program holds (registered: earliertimers.go)
	at    time.Duration // left: the time it had left; taken: its deadline on the taker's clock
}

// carried holds the timers left by ended executions and not yet taken.
var carried struct {
	mu     sync.Mutex
	timers []carriedTimer
}

// leaveTimers leaves the one-shot timers x ends with armed, and those it
// took and never fired, to the next execution.
func (x *execution) leaveTimers() {
	left := x.carried[:len(x.carried):len(x.carried)]
	for i := range left {
		left[i].at = max(left[i].at-x.now, 0)
	}
	for _, g := range x.alive {
		if g.live && g.pendingTimer() && g.timer.proxy != nil && g.timer.period == 0 {
			left = append(left, carriedTimer{proxy: g.timer.proxy, at: max(g.wakeAt-x.now, 0)})
		}
	}
	x.carried = nil
	if len(left) == 0 {
		return
	}
	carried.mu.Lock()
	defer carried.mu.Unlock()
	carried.timers = append(carried.timers, left...)
	slices.SortStableFunc(carried.timers, func(a, b carriedTimer) int { return cmp.Compare(a.at, b.at) })
	clear(carried.timers[min(len(carried.timers), maxCarried):])
	carried.timers = carried.timers[:min(len(carried.timers), maxCarried)]
}

// takeTimers takes the timers ended executions left, due on x's clock.
func (x *execution) takeTimers() {
	carried.mu.Lock()
	defer carried.mu.Unlock()
	for _, c := range carried.timers {
		x.carried = append(x.carried, carriedTimer{proxy: c.proxy, at: x.now + max(c.at, time.Nanosecond)})
	}
	clear(carried.timers)
	carried.timers = carried.timers[:0]
}

// nextCarried returns the earliest deadline of a taken timer after now.
func (x *execution) nextCarried() (time.Duration, bool) {
	next, ok := time.Duration(0), false
	for _, c := range x.carried {
		if c.at > x.now && (!ok || c.at < next) {
			next, ok = c.at, true
		}
	}
	return next, ok
}

// fireDue arms, in a goroutine of its own, every taken timer the virtual
// clock has reached.
func (x *execution) fireDue() {
	for i := 0; i < len(x.carried); {
		if x.carried[i].at > x.now {
			i++
			continue
		}
		x.armTaken(i)
	}
}

// fireCarried models taken timer t armed at its deadline (armTaken) and
// returns it; nil if t was not taken (or its program let it go).
func (x *execution) fireCarried(t *time.Timer) *TimerHandle {
	i := slices.IndexFunc(x.carried, func(c carriedTimer) bool { return c.proxy == t })
	if i < 0 {
		return nil
	}
	return x.armTaken(i)
}

// armTaken models the i-th taken timer armed at its deadline, in a timer
// goroutine of its own, removes it from the taken ones and returns it;
// nil if its program let it go.
func (x *execution) armTaken(i int) *TimerHandle {
	t, at := x.carried[i].proxy, x.carried[i].at
	x.carried = slices.Delete(x.carried, i, i+1)
	h := x.adoptTimer(t)
	if h == nil {
		return nil
	}
	h.s.bg = true // natively the test that took it does not wait for it
	x.timerGoroutine(h.s, 0)
	h.s.armAt(at)
	return h
}
