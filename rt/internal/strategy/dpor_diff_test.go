package strategy_test

import (
	"fmt"
	"hash/fnv"
	"math/rand"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"

	"github.com/vtbound/vtbound/rt"
	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// enumerator explores every schedule without reduction: every enabled
// goroutine at every Pick and every outcome at every Choose, depth-first.
// It is the reference the DPOR differential compares against.
type enumerator struct {
	path    []enumNode
	k       int
	started bool
	budget  int // executions left
	cut     bool
}

type enumNode struct {
	opts []int
	i    int
}

func (e *enumerator) Begin(p *sched.Plan) bool {
	if e.started {
		for len(e.path) > 0 && e.path[len(e.path)-1].i+1 >= len(e.path[len(e.path)-1].opts) {
			e.path = e.path[:len(e.path)-1]
		}
		if len(e.path) == 0 {
			return false
		}
		e.path[len(e.path)-1].i++
	}
	if e.budget--; e.budget < 0 {
		e.cut = true
		return false
	}
	e.started, e.k = true, 0
	p.TrackAll = true
	return true
}

func (e *enumerator) decide(opts []int) int {
	if e.k < len(e.path) {
		n := e.path[e.k]
		e.k++
		return n.opts[n.i]
	}
	e.path = append(e.path, enumNode{opts: slices.Clone(opts)})
	e.k++
	return opts[0]
}

func (e *enumerator) Pick(v *sched.View) int { return e.decide(v.Enabled) }

func (e *enumerator) Choose(v *sched.View, n int) int {
	opts := make([]int, n)
	for i := range opts {
		opts[i] = i
	}
	return e.decide(opts)
}

func (e *enumerator) End(*sched.Execution) {}

// classEv is one event of a trace with its direct predecessors: the
// goroutine's previous event (or the go statement that started it) and the
// earlier dependent events of other goroutines.
type classEv struct {
	st    sched.Step
	preds []int
}

// A channel operation's link (sched.Step.Partner) is program order too: a
// step that only resumes an operation a partner performed (Op.Done)
// follows the partner's step, and the step after one that completed a
// waiting partner (or took a buffered value or slot) follows the
// partner's arrival.
func classEvents(trace []sched.Step) []classEv {
	var evs []classEv
	last, spawnOf, gos := map[int]int{}, map[int]int{}, 1
	atStep, then := map[int]int{}, map[int]int{}
	for i, st := range trace {
		if st.Op.Kind == sched.OpExit {
			continue
		}
		e := classEv{st: st}
		if p, ok := last[st.G]; ok {
			e.preds = append(e.preds, p)
		} else if s, ok := spawnOf[st.G]; ok {
			e.preds = append(e.preds, s)
		}
		if t, ok := then[st.G]; ok {
			e.preds = append(e.preds, t)
			delete(then, st.G)
		}
		if p, ok := atStep[st.Partner-1]; ok && st.Partner > 0 {
			if st.Op.Done {
				e.preds = append(e.preds, p)
			} else {
				then[st.G] = p
			}
		}
		atStep[i] = len(evs)
		for i := range evs {
			if evs[i].st.G != st.G && sched.Dependent(evs[i].st.Op, st.Op) {
				e.preds = append(e.preds, i)
			}
		}
		if st.Op.Kind == sched.OpGo {
			gos++
			spawnOf[gos] = len(evs)
		}
		last[st.G] = len(evs)
		evs = append(evs, e)
	}
	return evs
}

// traceClass names the Mazurkiewicz trace of an execution under
// sched.Dependent: the hash of its canonical linearisation (repeatedly the
// lowest goroutine whose next event has all its predecessors placed), with
// objects renamed by first use in that order. A step that only resumes a
// channel operation (Op.Done) is placed but not named: it is no event
// (which side of a rendezvous resumes depends on which arrived first).
func traceClass(trace []sched.Step) uint64 {
	evs := classEvents(trace)
	placed := make([]bool, len(evs))
	h := fnv.New64a()
	rename := map[int32]int32{0: 0}
	for range evs {
		best := -1
		for i, e := range evs {
			if placed[i] || (best >= 0 && e.st.G >= evs[best].st.G) {
				continue
			}
			ready := true
			for _, p := range e.preds {
				ready = ready && placed[p]
			}
			if ready {
				best = i
			}
		}
		placed[best] = true
		st := evs[best].st
		if st.Op.Done {
			continue
		}
		if _, ok := rename[st.Op.Obj]; !ok {
			rename[st.Op.Obj] = int32(len(rename))
		}
		fmt.Fprintf(h, "%d:%d:%d:%d;", st.G, st.Op.Kind, rename[st.Op.Obj], st.Choice)
	}
	return h.Sum64()
}

// genSites are the sites of the generated programs.
var (
	genGuards [1]rt.Guard
	genBase   = rt.Register("github.com/vtbound/vtbound/rt/internal/strategy/gen", []rt.Site{
		{File: "gen.go", Line: 1, Kind: rt.KRead, Group: "gen.mem"},
		{File: "gen.go", Line: 2, Kind: rt.KWrite, Group: "gen.mem"},
		{File: "gen.go", Line: 3, Kind: rt.KSync},
		{File: "gen.go", Line: 4, Kind: rt.KGo},
		{File: "gen.go", Line: 5, Kind: rt.KChan},
		{File: "gen.go", Line: 6, Kind: rt.KAtomic},
		{File: "gen.go", Line: 7, Kind: rt.KAlloc},
	}, genGuards[:])
)

// genProgram is a small generated concurrent program: goroutines of a few
// operations on two variables, a mutex, an RWMutex, an atomic counter
// (added to, or compare-and-swapped), a Once, an unbuffered and a buffered
// channel. Each goroutine records what it
// observed; the outcome is the observations plus how the execution ended.
type genProgram struct {
	ops [][]int // per goroutine: operation codes
}

const genOps = 11

func newGenProgram(rng *rand.Rand) genProgram {
	var p genProgram
	n := 2 + rng.Intn(2)
	for range n {
		var ops []int
		for range 2 + rng.Intn(5-n) {
			ops = append(ops, rng.Intn(genOps*2))
		}
		p.ops = append(p.ops, ops)
	}
	return p
}

// has reports whether some goroutine of p performs operation kind op/2.
func (p genProgram) has(kind int) bool {
	for _, ops := range p.ops {
		for _, op := range ops {
			if op/2 == kind {
				return true
			}
		}
	}
	return false
}

// body returns the program's body; obs receives its observations.
func (p genProgram) body(obs *[]string) func(testing.TB) {
	return func(t testing.TB) {
		v := rt.NewObj(genBase+6, &genVars{ch0: rt.MakeChan[int](genBase+4, 0), ch1: rt.MakeChan[int](genBase+4, 1)})
		seen := make([][]int, len(p.ops))
		var wg sync.WaitGroup
		rt.WGAdd(genBase+2, &wg, len(p.ops))
		for gi, ops := range p.ops {
			rt.Go(genBase+3, func() {
				defer rt.WGDone(genBase+2, &wg)
				for si, op := range ops {
					seen[gi] = append(seen[gi], genStep(op, gi*10+si+1, v))
				}
			})
		}
		rt.WGWait(genBase+2, &wg)
		*obs = append(*obs, fmt.Sprint(seen, v.x))
	}
}

// genVars are the shared objects of a generated program.
type genVars struct {
	x        [2]int
	y        int64
	mu       sync.Mutex
	rw       sync.RWMutex
	once     sync.Once
	ch0, ch1 chan int
}

func (v *genVars) rd(k int) int {
	if genGuards[0].On() {
		rt.Read(genBase, unsafe.Pointer(&v.x[k]))
	}
	return v.x[k]
}

func (v *genVars) wr(k, val int) {
	if genGuards[0].On() {
		rt.Write(genBase+1, unsafe.Pointer(&v.x[k]))
	}
	v.x[k] = val
}

// genStep performs operation op (code, variable or channel in the low
// bit) with value val and returns what it observed.
func genStep(op, val int, v *genVars) int {
	k, sy := op%2, genBase+2
	switch op / 2 {
	case 0:
		return v.rd(k)
	case 1:
		v.wr(k, val)
	case 2:
		rt.Lock(sy, &v.mu)
		old := v.rd(k)
		v.wr(k, old+val)
		rt.Unlock(sy, &v.mu)
		return old
	case 3:
		rt.RLock(sy, &v.rw)
		defer rt.RUnlock(sy, &v.rw)
		return v.rd(k)
	case 4:
		return int(atomic.AddInt64(rt.Atomic(genBase+5, rt.ARMW, &v.y), int64(val)))
	case 5:
		rt.Send(genBase+4, []chan int{v.ch0, v.ch1}[k], val)
	case 6:
		return rt.Recv(genBase+4, []chan int{v.ch0, v.ch1}[k])
	case 7:
		r := rt.RecvCase(v.ch0)
		i := rt.Select(genBase+4, k == 1, r, rt.SendCase(v.ch1, val))
		return i*1000 + r.V
	case 8:
		rt.Lock(sy, &v.mu)
		old := v.rd(k)
		rt.Unlock(sy, &v.mu)
		rt.RWLock(sy, &v.rw)
		v.wr(k, old+val)
		rt.RWUnlock(sy, &v.rw)
		return old
	case 9:
		p := rt.Atomic(genBase+5, rt.ARMW, &v.y)
		if atomic.CompareAndSwapInt64(p, int64(k), int64(val)) {
			return 1
		}
		return 0
	case 10:
		rt.OnceDo(sy, &v.once, func() { v.wr(k, val) })
		return v.rd(k)
	}
	return 0
}

// program is a body that records its observations.
type program interface {
	body(obs *[]string) func(testing.TB)
}

// genBody adapts a hand-written body maker to program.
type genBody func(obs *[]string) func(testing.TB)

func (g genBody) body(obs *[]string) func(testing.TB) { return g(obs) }

// outcomes explores p under st and returns the set of outcomes and of
// trace classes reached.
func outcomes(st sched.Strategy, p program) (outs, classes map[string]bool, n int) {
	outs, classes = map[string]bool{}, map[string]bool{}
	rec := &recorder{}
	e := engine.New(st, engine.Limits{MaxSteps: 10000}, rec.Failed)
	for {
		var obs []string
		rec.failed.Store(false)
		res, ok := e.Run(func() { p.body(&obs)(rec) })
		if !ok {
			return outs, classes, n
		}
		n++
		end := res.Outcome.String()
		if res.Outcome == sched.Race {
			end = sched.OK.String() // races do not end the execution
		}
		outs[end+" "+strings.Join(obs, ",")] = true
		classes[fmt.Sprint(traceClass(res.Trace))] = true
	}
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// minStayed is the number of compared generated programs that the
// wakeup-tree search must explore without falling back to source sets
// (those whose objects all have stable numbers or identities).
const minStayed = 1

// genLimit is the number of schedules above which a generated program is
// skipped by the differential (the enumeration would cost too much).
const genLimit = 1500

// TestDPORDifferential: on generated programs run by the real engine, dpor
// reaches every outcome and every Mazurkiewicz trace that enumerating all
// schedules reaches, and its count of traces is exactly the number of
// trace classes.
func TestDPORDifferential(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	const want = 32
	var execs, full, compared, skipped, onceCAS, stayed int
	for i := 0; compared < want; i++ {
		p := newGenProgram(rng)
		ref := &enumerator{budget: genLimit}
		wantOut, wantCls, nAll := outcomes(ref, p)
		if ref.cut {
			skipped++
			continue
		}
		compared++
		if p.has(9) || p.has(10) {
			onceCAS++
		}
		d := newDPOR(strategy.Config{Budget: 1 << 20})
		gotOut, gotCls, nDPOR := outcomes(d, p)
		execs, full = execs+nDPOR, full+nAll
		if !slices.Equal(keys(gotOut), keys(wantOut)) {
			t.Errorf("program %d %v: dpor outcomes\n%v\nwant\n%v", i, p.ops, keys(gotOut), keys(wantOut))
		}
		if !slices.Equal(keys(gotCls), keys(wantCls)) {
			t.Errorf("program %d %v: dpor reached %d trace classes, enumeration %d", i, p.ops, len(gotCls), len(wantCls))
		}
		s := d.Stats()
		if !explored(d) || s.Traces != len(wantCls) {
			t.Errorf("program %d %v: %s; want %d traces", i, p.ops, d.Report(), len(wantCls))
		}
		if s.Optimal {
			stayed++
			if s.Blocked > s.Infeasible {
				t.Errorf("program %d %v: %s; wakeup trees ran more sleep-set blocked executions than infeasible branches", i, p.ops, d.Report())
			}
		}
	}
	t.Logf("%d programs compared (%d with a CAS or a Once; %d with more than %d schedules skipped; %d explored by wakeup trees without falling back): dpor %d executions, enumeration %d",
		compared, onceCAS, skipped, genLimit, stayed, execs, full)
	if onceCAS == 0 {
		t.Errorf("no compared program has a CAS or a Once")
	}
	if optimalMode && stayed < minStayed {
		t.Errorf("%d programs explored by wakeup trees without falling back, want >= %d", stayed, minStayed)
	}
}

// handPrograms exercise the kinds the generated programs lack: Once,
// virtual-time sleeps, a Cond and a buffered channel closed while read.
func handPrograms() map[string]func(obs *[]string) func(testing.TB) {
	return map[string]func(obs *[]string) func(testing.TB){
		"once": func(obs *[]string) func(testing.TB) {
			return func(testing.TB) {
				v := &genVars{}
				var once sync.Once
				var got [2]int
				runGen(func() { rt.OnceDo(genBase+2, &once, func() { v.wr(0, 1) }); got[0] = v.rd(0) },
					func() { rt.OnceDo(genBase+2, &once, func() { v.wr(0, 2) }); got[1] = v.rd(0) },
					func() { v.wr(0, 3) })
				*obs = append(*obs, fmt.Sprint(got, v.x))
			}
		},
		"once-lock": func(obs *[]string) func(testing.TB) {
			return func(testing.TB) {
				v := &genVars{}
				var once sync.Once
				var got [2]int
				runGen(func() {
					rt.OnceDo(genBase+2, &once, func() { rt.Lock(genBase+2, &v.mu); v.wr(0, 1); rt.Unlock(genBase+2, &v.mu) })
					got[0] = v.rd(1)
				}, func() {
					rt.Lock(genBase+2, &v.mu)
					v.wr(1, v.rd(0)+1)
					rt.Unlock(genBase+2, &v.mu)
					rt.OnceDo(genBase+2, &once, func() { v.wr(0, 2) })
					got[1] = v.rd(0)
				})
				*obs = append(*obs, fmt.Sprint(got, v.x))
			}
		},
		"cas": func(obs *[]string) func(testing.TB) {
			return func(testing.TB) {
				v := &genVars{}
				var got [3]int64
				cas := func(old, new int64) bool {
					return atomic.CompareAndSwapInt64(rt.Atomic(genBase+5, rt.ARMW, &v.y), old, new)
				}
				runGen(func() {
					for i := int64(0); i < 3 && !cas(i, i+1); i++ {
					}
					got[0] = atomic.LoadInt64(rt.Atomic(genBase+5, rt.ALoad, &v.y))
				}, func() {
					if cas(0, 10) {
						got[1] = 1
					} else if cas(1, 7) {
						got[2] = 1
					}
				})
				*obs = append(*obs, fmt.Sprint(got, v.y))
			}
		},
		"sleep": func(obs *[]string) func(testing.TB) {
			return func(testing.TB) {
				v := &genVars{}
				var got int
				runGen(func() { rt.Sleep(genBase+2, time.Millisecond); v.wr(0, 1) },
					func() { got = v.rd(0); rt.Sleep(genBase+2, 2*time.Millisecond); v.wr(1, v.rd(0)) })
				*obs = append(*obs, fmt.Sprint(got, v.x))
			}
		},
		"cond": func(obs *[]string) func(testing.TB) {
			return func(testing.TB) {
				v := &genVars{}
				c := sync.NewCond(&v.mu)
				runGen(func() {
					rt.Lock(genBase+2, &v.mu)
					for v.rd(0) == 0 {
						rt.CondWait(genBase+2, c)
					}
					v.wr(1, v.rd(1)+1)
					rt.Unlock(genBase+2, &v.mu)
				}, func() {
					rt.Lock(genBase+2, &v.mu)
					v.wr(0, 1)
					rt.CondSignal(genBase+2, c)
					rt.Unlock(genBase+2, &v.mu)
				}, func() {
					rt.Lock(genBase+2, &v.mu)
					v.wr(1, v.rd(1)+10)
					rt.Unlock(genBase+2, &v.mu)
				})
				*obs = append(*obs, fmt.Sprint(v.x))
			}
		},
		// Goroutines are started by one goroutine at a time (the body,
		// then the bubble's root), so that their IDs do not depend on
		// the order of independent go statements (traceClass does not
		// rename goroutines).
		"synctest": func(obs *[]string) func(testing.TB) {
			return func(testing.TB) {
				v := &genVars{}
				var got [2]int
				var wg sync.WaitGroup
				rt.WGAdd(genBase+2, &wg, 1)
				rt.Go(genBase+3, func() { v.wr(0, 2); rt.WGDone(genBase+2, &wg) })
				engine.Current().Synctest(genBase+2, func() {
					ch, done := rt.MakeChan[int](genBase+4, 1), rt.MakeChan[int](genBase+4, 0)
					rt.Go(genBase+3, func() { v.wr(0, 1); rt.Send(genBase+4, ch, 1) })
					rt.Go(genBase+3, func() { rt.Sleep(genBase+2, time.Second); v.wr(1, v.rd(0)); rt.Close(genBase+4, done) })
					engine.Current().SynctestWait(genBase + 2)
					got[0] = v.rd(0)
					rt.Recv(genBase+4, ch)
					rt.Recv(genBase+4, done)
				})
				got[1] = v.rd(1)
				rt.WGWait(genBase+2, &wg)
				*obs = append(*obs, fmt.Sprint(got, v.x))
			}
		},
		"close": func(obs *[]string) func(testing.TB) {
			return func(testing.TB) {
				ch := rt.MakeChan[int](genBase+4, 1)
				var got []int
				runGen(func() { rt.Send(genBase+4, ch, 1); rt.Close(genBase+4, ch) },
					func() {
						for range 2 {
							v, ok := rt.Recv2(genBase+4, ch)
							got = append(got, v, map[bool]int{true: 1}[ok])
						}
					})
				*obs = append(*obs, fmt.Sprint(got))
			}
		},
	}
}

// runGen runs fns as goroutines and waits for them.
func runGen(fns ...func()) {
	var wg sync.WaitGroup
	rt.WGAdd(genBase+2, &wg, len(fns))
	for _, fn := range fns {
		rt.Go(genBase+3, func() { defer rt.WGDone(genBase+2, &wg); fn() })
	}
	rt.WGWait(genBase+2, &wg)
}

// TestDPORDifferentialKinds compares dpor with the enumeration of every
// schedule on programs with Once, sleeps, a Cond, a close and
// compare-and-swap loops, a testing/synctest bubble: the outcomes must be equal (a superset when the
// enumeration hit its limit), and so must the trace classes; dpor's trace
// count is the number of classes and the search is complete. "once" is the
// regression case of the Once gap (60 of 66 classes before the fix: a Do
// disabled while another goroutine's function runs becomes enabled at that
// goroutine's next visible operation, so its race with a third goroutine's
// earlier operation is reversible through that operation; see enabler).
func TestDPORDifferentialKinds(t *testing.T) {
	for name, mk := range handPrograms() {
		t.Run(name, func(t *testing.T) {
			p := genBody(mk)
			ref := &enumerator{budget: 100000}
			wantOut, wantCls, nAll := outcomes(ref, p)
			d := newDPOR(strategy.Config{Budget: 1 << 20})
			gotOut, gotCls, nDPOR := outcomes(d, p)
			for o := range wantOut {
				if !gotOut[o] {
					t.Errorf("dpor missed outcome %s", o)
				}
			}
			if !ref.cut && len(gotOut) != len(wantOut) {
				t.Errorf("dpor outcomes %v, want %v", keys(gotOut), keys(wantOut))
			}
			s := d.Stats()
			if !explored(d) {
				t.Errorf("not complete: %s", d.Report())
			}
			if !ref.cut && (!slices.Equal(keys(gotCls), keys(wantCls)) || s.Traces != len(wantCls)) {
				t.Errorf("dpor reached %d trace classes (%d traces), enumeration %d (%s)", len(gotCls), s.Traces, len(wantCls), d.Report())
			}
			t.Logf("dpor %d executions, %d trace classes; enumeration %d executions (cut=%v), %d classes",
				nDPOR, len(gotCls), nAll, ref.cut, len(wantCls))
		})
	}
}
