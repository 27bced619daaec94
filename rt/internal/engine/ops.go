package engine

import (
	"time"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// Go models a go statement by g: a scheduling point, then a new controlled
// goroutine that runs fn.
func (g *G) Go(site int32, fn func()) {
	if g.abort {
		return
	}
	g.announce(sched.OpGo, site, nil)
	g.schedule()
	g.x.newG(g.id, fn)
	g.clock.tick(g.id)
}

// Yield models runtime.Gosched: a scheduling point that lets the
// strategy run someone else.
func (g *G) Yield(site int32) {
	if g.abort {
		return
	}
	g.announce(sched.OpYield, site, nil)
	g.schedule()
}

// Sleep models time.Sleep on the execution's virtual clock: g is not
// enabled until the clock reaches now+d. The clock advances only when no
// goroutine can run (or every one that can is busy-waiting), as in
// testing/synctest, so sleeping never races with work the program does.
func (g *G) Sleep(site int32, d time.Duration) {
	if g.abort {
		return
	}
	g.announce(sched.OpSleep, site, nil)
	g.wakeAt = g.x.now + max(d, 0)
	g.schedule()
	g.x.awaitExited()
}

// After models time.After: a new controlled timer goroutine whose only
// step, enabled when the virtual clock reaches now+d, sends the (real)
// current time on the returned channel.
func (g *G) After(site int32, d time.Duration) <-chan time.Time {
	if g.abort {
		return nil
	}
	ch := make(chan time.Time, 1)
	g.MakeChan(chanKey(ch), 1)
	g.announce(sched.OpGo, site, nil)
	g.schedule()
	t := g.x.newG(g.id, func() {
		cur := Current()
		ch <- time.Now()
		s := cur.x.model.chans[chanKey(ch)]
		s.q = append(s.q, append(vclock(nil), cur.clock...))
	})
	t.op = sched.Op{Kind: sched.OpTimer, Site: site, Group: -1, Obj: g.x.objID(chanKey(ch))}
	t.wakeAt = g.x.now + max(d, 0)
	g.clock.tick(g.id)
	return ch
}

// Now is the real time plus the virtual time that has passed in g's
// execution without real time passing alongside (see couple), so that time
// measured across a Sleep(d) is at least d and not counted twice.
func (g *G) Now() time.Time {
	return time.Now().Add(g.x.skew)
}

// farFuture is the duration of the real timer behind a modelled AfterFunc:
// it never fires; it only records whether the program stopped it.
const farFuture = time.Duration(1<<63 - 1)

// AfterFunc models time.AfterFunc: a controlled timer goroutine (see
// timerState) calls f when the virtual clock reaches now+d, unless the
// returned timer was stopped first. The returned *time.Timer is a real
// timer that never fires (its proxy): rt's TimerStop and TimerReset find
// the model through the execution's rooms, and Stop called on it by
// unrewritten code still cancels the call. A timer still pending when the
// test body returns never fires.
func (g *G) AfterFunc(site int32, d time.Duration, f func()) *time.Timer {
	proxy := time.AfterFunc(farFuture, func() {})
	if g.abort {
		proxy.Stop()
		return proxy
	}
	h := g.AfterFuncTimer(site, d, f, true)
	h.SetProxy(proxy)
	g.x.model.rooms[proxy] = h
	return proxy
}
