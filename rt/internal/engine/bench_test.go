package engine_test

import (
	"fmt"
	"iter"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"
	"unsafe"

	"github.com/vtbound/vtbound/rt"
	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/kernels"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// quietTB records failures instead of failing the benchmark: the buggy
// kernels fail in some executions by design.
type quietTB struct {
	testing.TB
	failures int
}

func (q *quietTB) Errorf(string, ...any) { q.failures++ }
func (q *quietTB) Error(...any)          { q.failures++ }
func (q *quietTB) Helper()               {}

// runExecutions runs b.N executions of body under the named strategy and
// reports executions per second.
func runExecutions(b *testing.B, name string, body func()) {
	strat, err := strategy.New(name, strategy.Config{Seed: 1, Budget: b.N + 100})
	if err != nil {
		b.Fatal(err)
	}
	e := engine.New(strat, engine.Limits{}, nil)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, ok := e.Run(body); !ok {
			b.Fatal("strategy stopped early")
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "execs/s")
}

// BenchmarkExecutionsFig2 measures executions per second of vt-fig2 (the
// buggy form) under PCT and random walk.
func BenchmarkExecutionsFig2(b *testing.B) {
	for _, s := range []string{"pct", "random"} {
		b.Run(s, func(b *testing.B) {
			q := &quietTB{TB: b}
			runExecutions(b, s, func() { kernels.Fig2(q, false) })
		})
	}
}

// pipeline is a 4-goroutine channel pipeline: source → square → sum, with
// the body collecting the result.
func pipeline() {
	const n = 8
	src := rt.MakeChan[int](0, 0)
	sq := rt.MakeChan[int](0, 0)
	out := rt.MakeChan[int](0, 0)
	rt.Go(0, func() {
		for i := range n {
			rt.Send(0, src, i)
		}
		rt.Close(0, src)
	})
	rt.Go(0, func() {
		for {
			v, ok := rt.Recv2(0, src)
			if !ok {
				break
			}
			rt.Send(0, sq, v*v)
		}
		rt.Close(0, sq)
	})
	rt.Go(0, func() {
		sum := 0
		for {
			v, ok := rt.Recv2(0, sq)
			if !ok {
				break
			}
			sum += v
		}
		rt.Send(0, out, sum)
	})
	if got := rt.Recv(0, out); got != 140 {
		panic("pipeline: wrong sum")
	}
}

// BenchmarkExecutionsPipeline measures executions per second of a
// 4-goroutine unbuffered channel pipeline.
func BenchmarkExecutionsPipeline(b *testing.B) {
	runExecutions(b, "pct", pipeline)
}

// alternate is a strategy that always switches to another goroutine when
// it can, so every scheduling point is a hand-off.
type alternate struct{ left int }

func (a *alternate) Begin(p *sched.Plan) bool {
	p.TrackAll = true
	a.left--
	return a.left >= 0
}
func (a *alternate) Pick(v *sched.View) int {
	for _, id := range v.Enabled {
		if id != v.Current {
			return id
		}
	}
	return v.Enabled[0]
}
func (a *alternate) Choose(_ *sched.View, n int) int { return 0 }
func (a *alternate) End(*sched.Execution)            {}

// stay is a strategy that keeps the current goroutine running.
type stay struct{ alternate }

func (s *stay) Pick(v *sched.View) int {
	if v.CurrentEnabled() {
		return v.Current
	}
	return v.Enabled[0]
}

// pointRunner measures ns per scheduling point: each execution has two
// goroutines each passing n Gosched points under the engine's strategy.
// The engine is reused, as in exploration, so buffers reach steady state.
type pointRunner struct {
	e *engine.Engine
	n int
}

func newPointRunner(strat sched.Strategy, n int) *pointRunner {
	return &pointRunner{e: engine.New(strat, engine.Limits{MaxSteps: 4*n + 100}, nil), n: n}
}

func (p *pointRunner) run() float64 {
	n := p.n
	start := time.Now()
	p.e.Run(func() {
		done := rt.MakeChan[bool](0, 1)
		rt.Go(0, func() {
			for range n {
				rt.Gosched(0)
			}
			rt.Send(0, done, true)
		})
		for range n {
			rt.Gosched(0)
		}
		rt.Recv(0, done)
	})
	return float64(time.Since(start).Nanoseconds()) / float64(2*n)
}

// handoffs measures ns per hand-off between two plain goroutines that
// ping-pong on unbuffered channels.
func handoffs(n int) float64 {
	ping, pong := make(chan struct{}), make(chan struct{})
	go func() {
		for range ping {
			pong <- struct{}{}
		}
	}()
	start := time.Now()
	for range n {
		ping <- struct{}{}
		<-pong
	}
	close(ping)
	return float64(time.Since(start).Nanoseconds()) / float64(2*n)
}

// coroSwitches measures ns per switch of an iter.Pull coroutine (each
// next() is a switch into the coroutine and one back).
func coroSwitches(n int) float64 {
	next, stop := iter.Pull(func(yield func(int) bool) {
		for i := 0; yield(i); i++ {
		}
	})
	defer stop()
	start := time.Now()
	for range n {
		next()
	}
	return float64(time.Since(start).Nanoseconds()) / float64(2*n)
}

// BenchmarkSchedulingPoint compares, in one run, the cost of a scheduling
// point (switching and not switching goroutine) with a raw goroutine
// hand-off and an iter.Pull coroutine switch, and reports the ratios.
func BenchmarkSchedulingPoint(b *testing.B) {
	const n = 5000
	var sw, st, ho, co float64
	swr := newPointRunner(&alternate{left: b.N + 1}, n)
	str := newPointRunner(&stay{alternate{left: b.N + 1}}, n)
	swr.run() // warm the buffers
	str.run()
	for range b.N {
		sw += swr.run()
		st += str.run()
		ho += handoffs(n)
		co += coroSwitches(n)
	}
	k := float64(b.N)
	b.ReportMetric(sw/k, "ns/switching-point")
	b.ReportMetric(st/k, "ns/staying-point")
	b.ReportMetric(ho/k, "ns/goroutine-handoff")
	b.ReportMetric(co/k, "ns/coro-switch")
	b.ReportMetric(sw/co, "switching/coro")
	b.ReportMetric(st/co, "staying/coro")
	b.ReportMetric(sw/ho, "switching/handoff")
}

// BenchmarkMemoryFlat runs vt-fig2 executions and reports the live heap
// after the first tenth and after all of them; flat memory means the
// ratio stays near 1. Run with -benchtime=1000000x for the 10^6 figure.
func BenchmarkMemoryFlat(b *testing.B) {
	q := &quietTB{TB: b}
	strat, _ := strategy.New("pct", strategy.Config{Seed: 1, Budget: b.N + 1})
	e := engine.New(strat, engine.Limits{}, nil)
	heap := func() float64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return float64(m.HeapInuse)
	}
	var early float64
	var once sync.Once
	for i := range b.N {
		e.Run(func() { kernels.Fig2(q, false) })
		if i == b.N/10 {
			once.Do(func() { early = heap() })
		}
	}
	late := heap()
	if early == 0 {
		early = late
	}
	b.ReportMetric(early/1024, "KiB-heap-at-10%")
	b.ReportMetric(late/1024, "KiB-heap-at-end")
	b.ReportMetric(late/early, "heap-growth")
}

// allocNode is a heap object of the allocation benchmark.
type allocNode struct{ val, pad int }

// BenchmarkHeapAllocation measures, per registered allocation, the cost of
// rt.Alloc inside an exploration (call-stack hash and table insertion) and
// of naming the object of a tracked access (table lookup), with 1000
// objects per execution; and rt.Alloc outside any exploration.
func BenchmarkHeapAllocation(b *testing.B) {
	const n = 1000
	site := heapSite()
	strat, _ := strategy.New("random", strategy.Config{Seed: 1, Budget: b.N + 1})
	e := engine.New(strat, engine.Limits{MaxSteps: 10 * n}, nil)
	nodes := make([]*allocNode, n)
	b.ResetTimer()
	for range b.N {
		e.Run(func() {
			for i := range nodes {
				nodes[i] = rt.Alloc(site, &allocNode{})
			}
			for _, p := range nodes {
				rt.Write(site, unsafe.Pointer(&p.val))
			}
		})
	}
	perExec := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
	b.ReportMetric(perExec/n, "ns/alloc+access")
	start := time.Now()
	for i := range n * 100 {
		nodes[i%n] = rt.Alloc(site, &allocNode{})
	}
	b.ReportMetric(float64(time.Since(start).Nanoseconds())/(n*100), "ns/alloc-uncontrolled")
}

// heapSite registers the allocation benchmark's one site.
func heapSite() int32 {
	return rt.Register("github.com/vtbound/vtbound/rt/internal/engine_test/heap", []rt.Site{{File: "bench_test.go", Kind: rt.KAlloc}}, nil)
}

// contended is the body of BenchmarkStepsPerGoroutines: n goroutines each
// take one mutex 10 times around a shared increment, and the body waits
// for them with a WaitGroup.
func contended(n int) func() {
	return func() {
		var mu sync.Mutex
		var wg sync.WaitGroup
		counter := 0
		rt.WGAdd(0, &wg, n)
		for range n {
			rt.Go(0, func() {
				for range 10 {
					rt.Lock(0, &mu)
					rt.Read(0, unsafe.Pointer(&counter))
					rt.Write(0, unsafe.Pointer(&counter))
					counter++
					rt.Unlock(0, &mu)
				}
				rt.WGDone(0, &wg)
			})
		}
		rt.WGWait(0, &wg)
		if counter != 10*n {
			panic("contended: lost an increment")
		}
	}
}

// stepGoroutines are the goroutine counts of BenchmarkStepsPerGoroutines.
var stepGoroutines = []int{2, 8, 64, 512}

// BenchmarkStepsPerGoroutines measures the cost of one step as the number
// of goroutines grows: each b.N iteration is one execution of contended(N)
// under random walk or PCT. It reports ns/step and, as x-of-N2, the ratio
// to the N=2 figure of the same strategy measured earlier in the same run
// (run all sizes together; the figure is 300 executions):
//
//	go test ./rt/internal/engine -run '^$' -bench StepsPerGoroutines -benchtime 300x
func BenchmarkStepsPerGoroutines(b *testing.B) {
	for _, s := range []string{"random", "pct"} {
		base := 0.0
		for _, n := range stepGoroutines {
			b.Run(fmt.Sprintf("%s/N=%d", s, n), func(b *testing.B) {
				ns := stepCost(b, s, n)
				if n == stepGoroutines[0] {
					base = ns
				}
				b.ReportMetric(ns, "ns/step")
				if base > 0 {
					b.ReportMetric(ns/base, "x-of-N2")
				}
			})
		}
	}
}

// stepCost runs b.N executions of contended(n) under strategy s and returns
// the mean wall-clock ns per step.
func stepCost(b *testing.B, s string, n int) float64 {
	r := newStepRunner(b, s, n, b.N)
	b.ResetTimer()
	steps := r.run(b, b.N)
	return float64(b.Elapsed().Nanoseconds()) / float64(steps)
}

// stepRunner runs executions of contended(n) under one strategy.
type stepRunner struct {
	e    *engine.Engine
	body func()
}

func newStepRunner(b *testing.B, s string, n, execs int) *stepRunner {
	strat, err := strategy.New(s, strategy.Config{Seed: 1, Budget: execs + 1})
	if err != nil {
		b.Fatal(err)
	}
	return &stepRunner{e: engine.New(strat, engine.Limits{}, nil), body: contended(n)}
}

// run runs k executions and returns the steps they took.
func (r *stepRunner) run(b *testing.B, k int) int {
	steps := 0
	for range k {
		res, ok := r.e.Run(r.body)
		if !ok || res.Failure != nil {
			b.Fatalf("execution failed: %v", res.Failure)
		}
		steps += len(res.Trace)
	}
	return steps
}

// BenchmarkStepRatio measures the per-step cost at 512 goroutines against
// 2 in pairs: each b.N iteration times one execution of contended(512)
// and then as many executions of contended(2) as take about as many
// steps, under the same strategy. A machine's slow phases (another
// tenant, the Go scheduler moving threads) then fall on both sides of a
// pair, which back-to-back sub-benchmarks seconds apart do not. It
// reports ns/step of each side and x-512-of-2, the median of the pairs'
// ratios:
//
//	go test ./rt/internal/engine -run '^$' -bench StepRatio -benchtime 400x -count 3
func BenchmarkStepRatio(b *testing.B) {
	const big, small = 512, 2
	for _, s := range []string{"random", "pct"} {
		b.Run(s, func(b *testing.B) {
			rb, rs := newStepRunner(b, s, big, b.N), newStepRunner(b, s, small, b.N*big/small)
			var tb, ts time.Duration
			var nb, ns int
			ratios := make([]float64, 0, b.N)
			for range b.N {
				t0 := time.Now()
				sb := rb.run(b, 1)
				t1 := time.Now()
				ss := rs.run(b, big/small)
				t2 := time.Now()
				tb, ts, nb, ns = tb+t1.Sub(t0), ts+t2.Sub(t1), nb+sb, ns+ss
				ratios = append(ratios, (float64(t1.Sub(t0))/float64(sb))/(float64(t2.Sub(t1))/float64(ss)))
			}
			slices.Sort(ratios)
			b.ReportMetric(float64(tb)/float64(nb), "ns/step-512")
			b.ReportMetric(float64(ts)/float64(ns), "ns/step-2")
			b.ReportMetric(ratios[len(ratios)/2], "x-512-of-2")
		})
	}
}
