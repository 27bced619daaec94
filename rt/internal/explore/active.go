package explore

import (
	"sync"
	"testing"
)

// active holds the tests whose exploration is under way (a *testing.T
// key). The rewriter keeps a test function's body in the function itself
// and has the function explore itself (see Active); a test whose body is
// run natively by the exploration (an ancestor of a probed subtest) must
// run its body then too, not start another exploration.
var active sync.Map

// Active reports whether an exploration of t is under way, so that a test
// function that explores itself through Test runs its body.
func Active(t *testing.T) bool {
	_, ok := active.Load(t)
	return ok
}

// markActive records that t is being explored, until the returned
// function is called. Nested explorations of one t keep it marked.
func markActive(t *testing.T) func() {
	if _, loaded := active.LoadOrStore(t, struct{}{}); loaded {
		return func() {}
	}
	return func() { active.Delete(t) }
}
