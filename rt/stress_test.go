package rt_test

import (
	"regexp"
	"strconv"
	"sync"
	"testing"

	"github.com/vtbound/vtbound/rt"
)

// A stress test as libraries write them: workers goroutines, each adding
// rounds times to a counter under a lock. Its executions are tens of
// thousands of steps long.
const stressWorkers, stressRounds = 4, 3000

// stressCounter runs the stress test with add as each round's update and
// fails t unless every update counted.
func stressCounter(t *testing.T, o *outcomes, add func(mu *sync.Mutex, n *int)) {
	var mu sync.Mutex
	n := 0
	var wg sync.WaitGroup
	for range stressWorkers {
		rt.WGGo(pSync, &wg, func() {
			for range stressRounds {
				add(&mu, &n)
			}
		})
	}
	rt.WGWait(pSync, &wg)
	rt.Lock(pSync, &mu)
	got := n
	rt.Unlock(pSync, &mu)
	o.add("count %d", got)
	if got != stressWorkers*stressRounds {
		t.Errorf("count %d, want %d", got, stressWorkers*stressRounds)
	}
}

// addInTwo reads and writes the counter in two critical sections: an
// update is lost when another worker runs between them (one preemption).
func addInTwo(mu *sync.Mutex, n *int) {
	rt.Lock(pSync, mu)
	read(gx, n)
	v := *n
	rt.Unlock(pSync, mu)
	rt.Lock(pSync, mu)
	write(gx, n)
	*n = v + 1
	rt.Unlock(pSync, mu)
}

// addInOne is the fixed twin.
func addInOne(mu *sync.Mutex, n *int) {
	rt.Lock(pSync, mu)
	read(gx, n)
	write(gx, n)
	*n++
	rt.Unlock(pSync, mu)
}

// minimisedC finds the (c,v,t) after minimisation in a report.
var minimisedC = regexp.MustCompile(`\(c,v,t\) = \((\d+),\d+,\d+\) after minimisation`)

// stressPrimitives are the stress test with its bug and fixed.
func stressPrimitives() []primitive {
	return []primitive{
		{name: "stress-lost-update", oracle: "test failure", body: func(t *testing.T, o *outcomes) {
			stressCounter(t, o, addInTwo)
		}},
		{name: "stress-fixed", body: func(t *testing.T, o *outcomes) {
			stressCounter(t, o, addInOne)
		}},
	}
}

// TestStressMinimised: the lost update of a long stress test is found and
// minimised to at most two preemptions (ddmin over the preemptions of an
// execution of ~50,000 steps; strategy/minimize_dd.go), and the fixed twin
// passes with at least ten complete executions within the default time
// budget.
func TestStressMinimised(t *testing.T) {
	racy, _ := lookupPrimitive("stress-lost-update")
	out, failed := runPrimitive(t, racy)
	m := minimisedC.FindStringSubmatch(out)
	if !failed || m == nil {
		t.Fatalf("want a failure minimised (child failed: %v):\n%s", failed, tail(out, 40))
	}
	if c, _ := strconv.Atoi(m[1]); c > 2 {
		t.Errorf("minimised to %s preemptions, want at most 2:\n%s", m[1], tail(out, 40))
	}
	t.Setenv("VTBOUND_SEED", primitiveSeed())
	t.Setenv("VTBOUND_BUDGET", "") // the default: 2 s
	t.Setenv("VTBOUND_DIR", t.TempDir())
	fixed, _ := lookupPrimitive("stress-fixed")
	var o outcomes
	rt.Test(t, func(t *testing.T) {
		o.begin()
		fixed.body(t, &o)
	})
	if got := o.result(); len(got) != 1 || got["count 12000"] < 10 {
		t.Errorf("the fixed twin: outcomes %s, want count 12000 in at least 10 executions", describeOutcomes(got))
	}
}
