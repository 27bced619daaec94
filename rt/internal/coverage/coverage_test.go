package coverage

import (
	"reflect"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// st is a trace step of goroutine g: kind at site on object obj.
func st(g int, k sched.OpKind, site, obj int32) sched.Step {
	return sched.Step{G: g, Op: sched.Op{Kind: k, Site: site, Obj: obj, Group: -1}, Choice: -1}
}

// Fig. 1 of the HaPSet paper: T1 (G2) runs e1 p = &a and e4 p = nil; T2
// (G3) runs e2 if p != nil and e3 *p = 10. Object 1 is p.
const e1, e2, e3, e4 = 1, 2, 3, 4

func fig1(order ...int32) []sched.Step {
	var tr []sched.Step
	for _, e := range order {
		switch e {
		case e1, e4:
			tr = append(tr, st(2, sched.OpWrite, e, 1))
		default:
			tr = append(tr, st(3, sched.OpRead, e, 1))
		}
	}
	return tr
}

// hs renders HaPSets as "of<-pred" with sites, sides dropped.
func hs(h *HaPSets) []string {
	var out []string
	for _, p := range h.Pairs() {
		out = append(out, string(rune('0'+p.Of.Site))+"<-"+string(rune('0'+p.Pred.Site)))
	}
	return out
}

// TestHaPSetFig1: the serial run of Fig. 1 teaches exactly HaPSet[e2] =
// {e1} and HaPSet[e4] = {e3} (Sec. 3.1's example); the good runs (p is nil
// initially) teach exactly the sets of Sec. 3.2.1 and never put e4 into
// HaPSet[e3], which the buggy order e1 e2 e4 e3 would.
func TestHaPSetFig1(t *testing.T) {
	var h HaPSets
	h.Learn(fig1(e1, e2, e3, e4))
	if got, want := hs(&h), []string{"2<-1", "4<-3"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("serial run: HaPSets %v, want %v", got, want)
	}
	of, pred := Stmts(st(3, sched.OpRead, e2, 1), st(2, sched.OpWrite, e1, 1))
	if !h.Has(of, pred) || of.Remote != true || pred.Remote != false {
		t.Errorf("e1 in HaPSet[e2] not recorded with G3 remote, G2 local: %v", h.Pairs())
	}
	h.Learn(fig1(e2, e1, e4)) // use before alloc: p is nil, e3 skipped
	h.Learn(fig1(e1, e4, e2)) // free before use: e3 skipped
	// Sec. 3.2.1: HaPSet[e1] = {e2}, HaPSet[e2] = {e1, e4}, HaPSet[e3] = {},
	// HaPSet[e4] = {e3}.
	want := []string{"1<-2", "2<-1", "2<-4", "4<-3"}
	if got := hs(&h); !reflect.DeepEqual(got, want) {
		t.Fatalf("good runs: HaPSets %v, want %v", got, want)
	}
	bad := fig1(e1, e2, e4, e3)
	var hb HaPSets
	hb.Learn(bad)
	if got := hs(&hb); !reflect.DeepEqual(got, []string{"2<-1", "3<-4", "4<-2"}) {
		t.Fatalf("buggy run teaches %v", got)
	}
	for _, p := range hb.Pairs() {
		if p.Of.Site == e3 && h.Has(p.Of, p.Pred) {
			t.Errorf("the buggy order's e4 -> e3 is covered by the good runs")
		}
	}
}

// TestHaPSetManyGoroutines: a loop that starts a goroutine and makes a
// channel per round (time.After in a reconnect loop) gives a trace where
// each of many goroutines touches its own object once and a shared one:
// Learn's scratch grows with the (object, goroutine) pairs the trace has,
// not with objects times goroutines (which ran a test binary out of
// memory on a million-step trace), and the shared object's entries are
// still learned.
func TestHaPSetManyGoroutines(t *testing.T) {
	const n = 2000
	var tr []sched.Step
	for g := 2; g < n; g++ {
		tr = append(tr, st(g, sched.OpWrite, 1, int32(g)), st(g, sched.OpWrite, 2, 1))
	}
	h := &HaPSets{}
	if added := h.Learn(tr); added != 1 {
		t.Errorf("learned %d entries, want 1 (site 2 after site 2 on the shared object)", added)
	}
	scratch := 0
	for _, l := range h.lasts {
		scratch += cap(l)
	}
	if scratch > 4*2*n {
		t.Errorf("Learn's scratch holds %d entries for %d steps", scratch, len(tr))
	}
}

// TestHaPSetFig2: the busy-waiting example. T1 (G2) loops b lock(A),
// c tmp = x, d unlock(A); T2 (G3) runs f lock(A), g x = 1, h unlock(A).
// With T2 first (the paper's rho1) the HaPSets are HaPSet[c] = {g} and
// HaPSet[b] = {f}; rho2 (T1 first, looping) adds HaPSet[g] = {c} and
// HaPSet[f] = {b}; further loop iterations add nothing.
func TestHaPSetFig2(t *testing.T) {
	const b, c, d, f, g, hh = 2, 3, 4, 6, 7, 8
	const lockA, x = 1, 2
	t1 := []sched.Step{st(2, sched.OpLock, b, lockA), st(2, sched.OpRead, c, x), st(2, sched.OpUnlock, d, lockA)}
	t2 := []sched.Step{st(3, sched.OpLock, f, lockA), st(3, sched.OpWrite, g, x), st(3, sched.OpUnlock, hh, lockA)}
	var h HaPSets
	h.Learn(append(append([]sched.Step{}, t2...), t1...))
	if got, want := hs(&h), []string{"2<-6", "3<-7"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("rho1: %v, want %v", got, want)
	}
	rho2 := append(append(append(append([]sched.Step{}, t1...), t1...), t2...), t1...)
	h.Learn(rho2)
	if got, want := hs(&h), []string{"2<-6", "3<-7", "6<-2", "7<-3"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("rho1+rho2: %v, want %v", got, want)
	}
	if n := h.Learn(append(append([]sched.Step{}, t1...), rho2...)); n != 0 {
		t.Errorf("more iterations added %d entries", n)
	}
}

// fig2 builds sp-fig2's trace (TSA Fig. 2): goroutines 2 and 3 each lock
// and unlock m (object 1) twice; sites 2,4 (G2: 2a, 4a) and 12,14 (G3: 2b,
// 4b); unlocks at site+1. The order is G2's sections, then G3's.
func fig2() []sched.Step {
	var tr []sched.Step
	tr = append(tr, st(1, sched.OpGo, 90, 0), st(1, sched.OpGo, 90, 0))
	for _, g := range []int{2, 3} {
		base := int32(2 + 10*(g-2))
		for _, l := range []int32{base, base + 2} {
			tr = append(tr, st(g, sched.OpLock, l, 1), st(g, sched.OpUnlock, l+1, 1))
		}
	}
	return tr
}

// TestSPFig2Estimate: the estimation phase keeps exactly the paper's 10
// requirements; AC1 eliminates <4a,2a> and <4b,2b>.
func TestSPFig2Estimate(t *testing.T) {
	m := NewModel(fig2(), PrimAll)
	got := m.Estimate()
	const a2, a4, b2, b4 = 2, 4, 12, 14
	want := []Req{{a2, a4}, {a2, b2}, {a2, b4}, {a4, b2}, {a4, b4}, {b2, a2}, {b2, a4}, {b2, b4}, {b4, a2}, {b4, a4}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("estimated %v,\nwant %v", got, want)
	}
	if sat := m.Satisfied(); !reflect.DeepEqual(sat, []Req{{a2, a4}, {a4, b2}, {b2, b4}}) {
		t.Errorf("the serial execution satisfies %v", sat)
	}
}

// TestSPAcceptance checks AC2, AC3 and AC4 one at a time.
func TestSPAcceptance(t *testing.T) {
	const m, outer = 1, 2
	// AC2: G2 holds outer across its two locks of m; G3 locks m under outer.
	ac2 := []sched.Step{
		st(1, sched.OpGo, 90, 0), st(1, sched.OpGo, 90, 0),
		st(2, sched.OpLock, 10, outer), st(2, sched.OpLock, 11, m), st(2, sched.OpUnlock, 12, m),
		st(2, sched.OpLock, 13, m), st(2, sched.OpUnlock, 14, m), st(2, sched.OpUnlock, 15, outer),
		st(3, sched.OpLock, 20, outer), st(3, sched.OpLock, 21, m), st(3, sched.OpUnlock, 22, m), st(3, sched.OpUnlock, 23, outer),
	}
	reqs := NewModel(ac2, PrimLock).Estimate()
	for _, r := range reqs {
		if r == (Req{11, 21}) || r == (Req{21, 13}) {
			t.Errorf("AC2/AC3 kept %v: the outer lock guards both", r)
		}
	}
	if !contains(reqs, Req{13, 21}) || !contains(reqs, Req{21, 11}) {
		t.Errorf("feasible pairs missing: %v", reqs)
	}
	// AC4: G2 locks m, then starts G3, which locks m: G3's lock cannot
	// come first.
	ac4 := []sched.Step{
		st(1, sched.OpGo, 90, 0),
		st(2, sched.OpLock, 30, m), st(2, sched.OpUnlock, 31, m), st(2, sched.OpGo, 91, 0),
		st(3, sched.OpLock, 40, m), st(3, sched.OpUnlock, 41, m),
	}
	reqs = NewModel(ac4, PrimLock).Estimate()
	if !reflect.DeepEqual(reqs, []Req{{30, 40}}) {
		t.Errorf("AC4: estimated %v, want only <30,40>", reqs)
	}
}

func contains(rs []Req, r Req) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}

// TestSPGoPrimitives: channel send -> receive, close -> receive, Done ->
// Wait and Signal -> wake pairs are requirements; the completion step of
// a blocking operation is not a second action.
func TestSPGoPrimitives(t *testing.T) {
	tr := []sched.Step{
		st(1, sched.OpGo, 90, 0),
		st(1, sched.OpRecv, 50, 5), // arrives, blocks
		st(2, sched.OpSend, 60, 5),
		st(1, sched.OpRecv, 50, 5), // completes
		st(2, sched.OpClose, 61, 5),
		st(1, sched.OpRecv, 51, 5),
		st(2, sched.OpWGDone, 70, 6),
		st(1, sched.OpWGWait, 71, 6),
	}
	m := NewModel(tr, PrimAll)
	if len(m.Actions) != 6 {
		t.Fatalf("%d actions, want 6 (the completed receive counts once)", len(m.Actions))
	}
	sat := m.Satisfied()
	for _, r := range []Req{{50, 60}, {60, 61}, {61, 51}, {70, 71}} {
		if !contains(sat, r) {
			t.Errorf("pair %v not satisfied: %v", r, sat)
		}
	}
	if got := NewModel(tr, PrimWaitGroup).Satisfied(); !reflect.DeepEqual(got, []Req{{70, 71}}) {
		t.Errorf("WaitGroup only: %v", got)
	}
}

// TestStateObserve: the first execution is the estimate; coverage and
// growth follow; failing executions teach no HaPSets.
func TestStateObserve(t *testing.T) {
	s := NewState(PrimAll)
	if !s.Observe(&sched.Execution{Trace: fig2()}) {
		t.Fatal("first execution added nothing")
	}
	est, cov, un := s.Counts()
	if est != 10 || cov != 3 || un != 0 {
		t.Fatalf("counts %d/%d/%d, want 10/3/0", est, cov, un)
	}
	if s.Observe(&sched.Execution{Trace: fig2()}) || !s.Stalled(1) || s.Stalled(2) {
		t.Errorf("a repeated execution grew coverage or stall not counted (growth %d of %d)", s.Growth, s.Executions)
	}
	bad := fig1(e1, e2, e4, e3)
	before := s.H.Len()
	s.Observe(&sched.Execution{Trace: bad, Outcome: sched.Panicked})
	if s.H.Len() != before {
		t.Errorf("a failing execution taught %d HaPSet entries", s.H.Len()-before)
	}
	if len(s.Uncovered()) != 7 {
		t.Errorf("uncovered %v", s.Uncovered())
	}
}

func siteName(s int32) string { return "f.go:" + string(rune('0'+s%10)) }

// TestFileRoundTrip: a state's file parses back to the same File.
func TestFileRoundTrip(t *testing.T) {
	s := NewState(PrimAll)
	s.Observe(&sched.Execution{Trace: fig2()})
	s.Observe(&sched.Execution{Trace: fig1(e1, e2, e3, e4)})
	s.Cover([]Req{{99, 98}})
	s.H.Add(Stmt{Site: 5, Kind: sched.OpLock, Ctx: 0xabc}, Stmt{Site: 6, Kind: sched.OpLock, Remote: true})
	f := s.File("TestX", siteName)
	f.UI = &UICounts{Identified: 4, Pruned: 1, Forced: 3, Benign: 3}
	data := f.Marshal()
	if !strings.HasPrefix(string(data), "vtbound-coverage 1\n") {
		t.Fatalf("header: %q", data)
	}
	g, err := Parse("x.cov", data)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(f, g) {
		t.Fatalf("round trip:\n%s\ngot %+v\nwant %+v", data, g, f)
	}
	if len(f.HaPSet) != 4 || len(f.SP) != 11 || f.SP[10].State != "unestimated" {
		t.Errorf("file contents: %s", data)
	}
	if !reflect.DeepEqual(g.Marshal(), data) {
		t.Errorf("re-marshalled file differs")
	}
}

// TestFileRejects: newer versions and malformed lines are rejected with
// the file's name and the line.
func TestFileRejects(t *testing.T) {
	for _, c := range []struct{ data, want string }{
		{"", "empty"},
		{"something else\n", "line 1: not a coverage file"},
		{"vtbound-coverage 2\n", "line 1: version 2 is newer"},
		{"vtbound-coverage 1\ntest T\nhapset \"a.go:1\" read L - <- \"b.go:2\" write X -\n", "line 3: statement side"},
		{"vtbound-coverage 1\nhapset \"a.go:1\" read L zz <- \"b.go:2\" write R -\n", "line 2: calling context"},
		{"vtbound-coverage 1\nsp \"a.go:1\" \"b.go:2\" maybe\n", "line 2: sp state"},
		{"vtbound-coverage 1\nhapset \"a.go:1\" fly L - <- \"b.go:2\" read R -\n", "unknown operation"},
		{"vtbound-coverage 1\nexecutions x growth 1\n", "line 2"},
		{"vtbound-coverage 1\nui identified=1\n", "line 2: malformed record"},
		{"vtbound-coverage 1\nsp \"a.go:1 b.go:2 covered\n", "line 2: bad quoted site"},
	} {
		_, err := Parse("dir/T.cov", []byte(c.data))
		if err == nil || !strings.Contains(err.Error(), "coverage file dir/T.cov") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want an error naming dir/T.cov and %q", c.data, err, c.want)
		}
	}
	if _, err := Parse("old.cov", []byte("# comment\n")); err == nil {
		t.Errorf("a file without header accepted")
	}
}
