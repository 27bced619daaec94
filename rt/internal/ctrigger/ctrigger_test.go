package ctrigger

import (
	"testing"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// tb builds synthetic traces: goroutine 1 is the body; the j-th go
// statement starts goroutine j+1.
type tb struct{ steps []sched.Step }

func (b *tb) op(g int, k sched.OpKind, site, obj int32) *tb {
	b.steps = append(b.steps, sched.Step{G: g, Op: sched.Op{Kind: k, Site: site, Obj: obj, Group: -1}, Choice: -1})
	return b
}
func (b *tb) rd(g int, site, obj int32) *tb { return b.op(g, sched.OpRead, site, obj) }
func (b *tb) wr(g int, site, obj int32) *tb { return b.op(g, sched.OpWrite, site, obj) }

// start spawns goroutines 2..n+1 from the body.
func start(n int) *tb {
	b := &tb{}
	b.op(1, sched.OpStart, 0, 0)
	for i := range n {
		b.op(1, sched.OpGo, 0, 0).op(i+2, sched.OpStart, 0, 0)
	}
	return b
}

const x, ch, wg, mu = 10, 20, 30, 40

func verdictOf(t *testing.T, steps []sched.Step, k Triple) (Verdict, bool) {
	t.Helper()
	var a Analysis
	a.Add(steps)
	return a.Verdict(k)
}

var rwr = Triple{P: Access{1, false}, C: Access{2, false}, R: Access{3, true}}

func TestPatterns(t *testing.T) {
	n := 0
	for i := range 8 {
		if Unserializable(i&4 != 0, i&2 != 0, i&1 != 0) {
			n++
		}
	}
	if n != 4 || !Unserializable(false, true, false) || Unserializable(true, true, true) {
		t.Errorf("%d unserializable patterns, want the 4 of Fig. 3", n)
	}
	if got := rwr.Pattern(); got != "R-W-R" {
		t.Errorf("pattern %q", got)
	}
}

// TestOrderRules: which synchronisation orders r and which must not.
func TestOrderRules(t *testing.T) {
	// G2: p, c, send; G3: recv, r. One sender, one receiver: ordered.
	b := start(2).rd(2, 1, x).rd(2, 2, x).op(2, sched.OpSend, 5, ch).op(3, sched.OpRecv, 6, ch).wr(3, 3, x)
	if v, _ := verdictOf(t, b.steps, rwr); v != ByOrder {
		t.Errorf("channel: %v, want ByOrder", v)
	}
	// The receiver waits first (arrives, then completes after the send).
	b = start(2).op(3, sched.OpRecv, 6, ch).rd(2, 1, x).rd(2, 2, x).op(2, sched.OpSend, 5, ch).
		op(3, sched.OpRecv, 6, ch).wr(3, 3, x)
	if v, _ := verdictOf(t, b.steps, rwr); v != ByOrder {
		t.Errorf("receiver first: %v, want ByOrder", v)
	}
	// A second sender (G4) may meet the receiver first: not ordered.
	b = start(3).op(4, sched.OpSend, 7, ch).rd(2, 1, x).rd(2, 2, x).op(2, sched.OpSend, 5, ch).
		op(3, sched.OpRecv, 6, ch).op(3, sched.OpRecv, 6, ch).wr(3, 3, x)
	if v, _ := verdictOf(t, b.steps, rwr); v != Feasible {
		t.Errorf("two senders: %v, want Feasible", v)
	}
	// A select anywhere hides channel cases: no channel order at all.
	b = start(2).rd(2, 1, x).rd(2, 2, x).op(2, sched.OpSend, 5, ch).op(3, sched.OpRecv, 6, ch).wr(3, 3, x).
		op(1, sched.OpSelect, 8, ch+1)
	if v, _ := verdictOf(t, b.steps, rwr); v != Feasible {
		t.Errorf("select: %v, want Feasible", v)
	}
	// Add before go, Done in G2, Wait in the body, then r: ordered.
	b = &tb{}
	b.op(1, sched.OpStart, 0, 0).op(1, sched.OpWGAdd, 4, wg).op(1, sched.OpGo, 0, 0).op(2, sched.OpStart, 0, 0).
		rd(2, 1, x).rd(2, 2, x).op(2, sched.OpWGDone, 4, wg).op(1, sched.OpWGWait, 4, wg).wr(1, 3, x)
	if v, _ := verdictOf(t, b.steps, rwr); v != ByOrder {
		t.Errorf("waitgroup: %v, want ByOrder", v)
	}
	// wg-misuse: the Add inside G2 need not precede the Wait.
	b = start(1).op(2, sched.OpWGAdd, 4, wg).rd(2, 1, x).rd(2, 2, x).op(2, sched.OpWGDone, 4, wg).
		op(1, sched.OpWGWait, 4, wg).wr(1, 3, x)
	if v, _ := verdictOf(t, b.steps, rwr); v != Feasible {
		t.Errorf("wg-misuse: %v, want Feasible", v)
	}
	// Once and locks never order.
	b = start(2).rd(2, 1, x).rd(2, 2, x).op(2, sched.OpOnce, 9, 50).op(3, sched.OpOnce, 9, 50).wr(3, 3, x)
	if v, _ := verdictOf(t, b.steps, rwr); v != Feasible {
		t.Errorf("once: %v, want Feasible", v)
	}
}

// TestMutexRule: one critical section around p and c excludes r under the
// same lock; two sections do not; read locks do not exclude each other.
func TestMutexRule(t *testing.T) {
	lock := func(b *tb, g int, k sched.OpKind) *tb { return b.op(g, k, 4, mu) }
	b := start(2)
	lock(b, 2, sched.OpLock).rd(2, 1, x).rd(2, 2, x)
	lock(b, 2, sched.OpUnlock)
	lock(b, 3, sched.OpLock).wr(3, 3, x)
	lock(b, 3, sched.OpUnlock)
	if v, _ := verdictOf(t, b.steps, rwr); v != ByMutex {
		t.Errorf("one section: %v, want ByMutex", v)
	}
	b = start(2)
	lock(b, 2, sched.OpLock).rd(2, 1, x)
	lock(b, 2, sched.OpUnlock)
	lock(b, 2, sched.OpLock).rd(2, 2, x)
	lock(b, 2, sched.OpUnlock)
	lock(b, 3, sched.OpLock).wr(3, 3, x)
	lock(b, 3, sched.OpUnlock)
	if v, _ := verdictOf(t, b.steps, rwr); v != Feasible {
		t.Errorf("two sections: %v, want Feasible", v)
	}
	b = start(2)
	lock(b, 2, sched.OpRLock).rd(2, 1, x).rd(2, 2, x)
	lock(b, 2, sched.OpRUnlock)
	lock(b, 3, sched.OpRLock).wr(3, 3, x)
	lock(b, 3, sched.OpRUnlock)
	if v, _ := verdictOf(t, b.steps, rwr); v != Feasible {
		t.Errorf("read locks: %v, want Feasible", v)
	}
}

// TestLocalGap: steps of p's goroutine, shortened by Fig. 8b when p, c
// and r sit in separate critical sections of one lock.
func TestLocalGap(t *testing.T) {
	b := start(2).rd(2, 1, x)
	for range 5 {
		b.op(2, sched.OpYield, 0, 0)
	}
	b.rd(2, 2, x).wr(3, 3, x)
	var a Analysis
	a.Add(b.steps)
	if r := a.Ranked(); len(r) != 1 || r[0].Gap != 6 {
		t.Fatalf("ranked %+v, want one triple with gap 6", r)
	}
	b = start(2).op(2, sched.OpLock, 4, mu).rd(2, 1, x).op(2, sched.OpUnlock, 4, mu)
	b.op(2, sched.OpYield, 0, 0).op(2, sched.OpYield, 0, 0)
	b.op(2, sched.OpLock, 4, mu).op(2, sched.OpYield, 0, 0).rd(2, 2, x).op(2, sched.OpUnlock, 4, mu)
	b.op(3, sched.OpLock, 4, mu).wr(3, 3, x).op(3, sched.OpUnlock, 4, mu)
	a = Analysis{}
	a.Add(b.steps)
	if r := a.Ranked(); len(r) != 1 || r[0].Gap != 3 || r[0].CLock != 4 {
		t.Fatalf("ranked %+v, want gap 3 (unlock to lock) and c's lock site 4", r)
	}
}

// TestExercisedDropped: a profiling trace that runs r inside the window
// covers the triple, which is then not ranked.
func TestExercisedDropped(t *testing.T) {
	b := start(2).rd(2, 1, x).wr(3, 3, x).rd(2, 2, x)
	var a Analysis
	a.Add(b.steps)
	if c := a.Counts(); c.Identified != 1 || c.Exercised != 1 || len(a.Ranked()) != 0 {
		t.Errorf("counts %+v, ranked %v", c, a.Ranked())
	}
	if !Exercised(b.steps)[rwr] {
		t.Error("Exercised misses the triple")
	}
}

// TestCycles: ABBA gives one cycle; a gate lock held around both prunes it.
func TestCycles(t *testing.T) {
	const a, bb, gate = 41, 42, 43
	abba := func(withGate bool) []sched.Step {
		b := start(2)
		for _, g := range []int{2, 3} {
			if withGate {
				b.op(g, sched.OpLock, 9, gate)
			}
			first, second := int32(a), int32(bb)
			if g == 3 {
				first, second = second, first
			}
			b.op(g, sched.OpLock, int32(g), first).op(g, sched.OpLock, int32(g+10), second).
				op(g, sched.OpUnlock, 0, second).op(g, sched.OpUnlock, 0, first)
			if withGate {
				b.op(g, sched.OpUnlock, 9, gate)
			}
		}
		return b.steps
	}
	var an Analysis
	an.Add(abba(false))
	if cs, pruned := an.Cycles(); len(cs) != 1 || pruned != 0 || len(cs[0].Edges) != 2 {
		t.Errorf("abba: cycles %v, pruned %d", cs, pruned)
	}
	an = Analysis{}
	an.Add(abba(true))
	if cs, pruned := an.Cycles(); len(cs) != 0 || pruned != 1 {
		t.Errorf("gated abba: cycles %v, pruned %d", cs, pruned)
	}
}
