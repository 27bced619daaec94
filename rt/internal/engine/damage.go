package engine

import (
	"fmt"
	"runtime/debug"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// A program may damage a modelled lock: overwrite it (`mu = sync.Mutex{}`),
// copy another value over it, or reuse its memory while the model says it
// is held. The real lock then disagrees with the model, and releasing it
// as the model says would end the test binary with a fatal error
// ("sync: unlock of unlocked mutex"), which no recover can stop. So the
// engine looks at the real lock (with TryLock, which never blocks) before
// it releases one: a lock found free is reported, never unlocked.

// misuse ends g's execution as the Go runtime ends the program: the real
// lock g releases was not held, because the program overwrote or copied
// it while it was locked. g then ends at once, its deferred calls running
// without touching the model.
func (g *G) misuse(fatal, kind string) {
	msg := fmt.Sprintf("fatal error: %s: the %s was overwritten or copied while locked (a race with its Lock; natively this ends the test binary)", fatal, kind)
	g.x.fail(sched.Panicked, g, msg, string(debug.Stack()))
	g.abort = true
	runtimeGoexit()
}

// checkDamage reports locks the model holds at the end of an execution
// that are not held for real: overwritten or copied while locked (the
// rooms' end hooks: checkMutex, checkRW).
func (x *execution) checkDamage() { x.model.end(x) }

// damaged records a lock found free although the model holds it.
func (x *execution) damaged(kind string) {
	if x.failure == nil {
		x.failure = &Failure{Outcome: sched.Race, Message: fmt.Sprintf("a %s held at the end of the execution was overwritten or copied while locked (a race with its Lock)", kind)}
	}
}
