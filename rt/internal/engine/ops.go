package engine

import (
	"runtime"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// Go models a go statement by g: a scheduling point, then a new controlled
// goroutine that runs fn.
func (g *G) Go(site int32, fn func()) {
	if !g.enter(sched.OpGo, site, nil) {
		return
	}
	g.schedule()
	g.x.newG(g.id, fn).goStmt = true
	g.clock.Tick(g.id)
}

// Yield models runtime.Gosched: a scheduling point that lets the
// strategy run someone else.
func (g *G) Yield(site int32) {
	if !g.enter(sched.OpYield, site, nil) {
		runtime.Gosched() // released: counted by enter (released.go)
		return
	}
	g.schedule()
}
