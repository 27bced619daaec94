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

// Yield models runtime.Gosched (kind OpYield) and time.Sleep (OpSleep): a
// scheduling point that lets the strategy run someone else. Modelled time
// does not pass.
func (g *G) Yield(site int32, kind sched.OpKind) {
	if g.abort {
		return
	}
	g.announce(kind, site, nil)
	g.schedule()
}

// After models time.After: a new controlled timer goroutine, enabled at
// once, whose only step sends the current time on the returned channel. The
// strategy thus decides when the timer fires relative to everything else.
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
		ch <- time.Now().Add(d)
		s := cur.x.model.chans[chanKey(ch)]
		s.q = append(s.q, append(vclock(nil), cur.clock...))
	})
	t.op = sched.Op{Kind: sched.OpTimer, Site: site, Group: -1, Obj: g.x.objID(chanKey(ch))}
	g.clock.tick(g.id)
	return ch
}
