package testsim

import "github.com/vtbound/vtbound/rt/internal/sched"

// Kernel is a bug kernel of kernels.md with its known answer and a
// corrected variant.
type Kernel struct {
	Name string
	Bug  *Program
	// Fixed is the corrected variant: no execution fails.
	Fixed *Program
	// Outcome is the oracle that must report the bug.
	Outcome sched.Outcome
	// Want is the minimised (c,v,t) as [3]int.
	Want [3]int
	// FromTable reports that Want is kernels.md's; otherwise derived here.
	FromTable bool
}

// Variable groups used by the kernels.
const (
	groupA int32 = iota
	groupB
	groupBlocks
	groupBuf
	groupIndex
	groupP
	groupX
	groupDone
)

func prog(name string, body func(g *G)) *Program { return &Program{Name: name, Body: body} }

// Kernels returns every kernel the simulator expresses.
func Kernels() []Kernel {
	return []Kernel{
		{"vt-fig1", fig1(false), fig1(true), sched.Failed, [3]int{0, 0, 2}, true},
		{"vt-fig2", fig2(false), fig2(true), sched.Failed, [3]int{1, 1, 2}, true},
		{"vt-fig3", fig3(false), fig3(true), sched.Failed, [3]int{2, 1, 2}, true},
		{"vt-fig4", fig4(false), fig4(true), sched.Failed, [3]int{2, 2, 2}, true},
		{"vt-fig8", fig8(false), fig8(true), sched.Failed, [3]int{0, 0, 3}, true},
		{"vt-fig9", fig9(false), fig9(true), sched.Failed, [3]int{1, 1, 3}, true},
		{"vt-fig10", fig10(false), fig10(true), sched.Failed, [3]int{2, 2, 3}, true},
		{"allocation-vector", allocVector(false), allocVector(true), sched.Failed, [3]int{2, 1, 2}, true},
		{"ctrigger-fig1", ctrigger(false), ctrigger(true), sched.Failed, [3]int{1, 1, 2}, false},
		{"deadlock-abba", abba(false), abba(true), sched.Deadlock, [3]int{1, 1, 2}, false},
		{"hapset-fig1", hapsetFig1(false), hapsetFig1(true), sched.Panicked, [3]int{1, 1, 2}, false},
		{"wg-misuse", wgMisuse(false), wgMisuse(true), sched.Failed, [3]int{0, 0, 2}, false},
	}
}

// BusyWait is hapset-fig2: no bug, but a priority scheduler must stay fair
// for it to terminate.
func BusyWait() *Program {
	return prog("hapset-fig2", func(g *G) {
		x, m := NewVar(groupX, 0), &Mutex{}
		Join(g, func(g *G) {
			for {
				g.Lock(m)
				tmp := g.Read(x)
				g.Unlock(m)
				if tmp != 0 {
					return
				}
			}
		}, func(g *G) {
			g.Lock(m)
			g.Write(x, 1)
			g.Unlock(m)
		})
	})
}

// locked runs f under m when fixed, else bare.
func locked(g *G, m *Mutex, fixed bool, f func()) {
	if fixed {
		g.Lock(m)
		defer g.Unlock(m)
	}
	f()
}

func fig1(fixed bool) *Program {
	return prog("vt-fig1", func(g *G) {
		a := NewVar(groupA, 0)
		Join(g, func(g *G) {
			x := g.Read(a)
			g.Assert(x == 0 || fixed && x == 1, "a != 0")
		}, func(g *G) { g.Inc(a) })
	})
}

func fig2(fixed bool) *Program {
	return prog("vt-fig2", func(g *G) {
		a, m := NewVar(groupA, 0), &Mutex{}
		Join(g, func(g *G) {
			var t1, t2 int
			locked(g, m, fixed, func() { t1 = g.Read(a); t2 = g.Read(a) })
			g.Assert(t1 == t2, "t1 != t2")
		}, func(g *G) { locked(g, m, fixed, func() { g.Inc(a) }) })
	})
}

func fig3(fixed bool) *Program {
	return prog("vt-fig3", func(g *G) {
		a, m := NewVar(groupA, 0), &Mutex{}
		Join(g, func(g *G) {
			var t1, t2 int
			locked(g, m, fixed, func() { t1 = g.Read(a); t2 = g.Read(a) })
			g.Assert(t1 == t2, "t1 != t2")
		}, func(g *G) { locked(g, m, fixed, func() { g.Write(a, 1); g.Write(a, 0) }) })
	})
}

func fig4(fixed bool) *Program {
	return prog("vt-fig4", func(g *G) {
		a, b, m := NewVar(groupA, 0), NewVar(groupB, 0), &Mutex{}
		Join(g, func(g *G) {
			var t1, t2, t3 int
			locked(g, m, fixed, func() { t1 = g.Read(a); t2 = g.Read(a); t3 = g.Read(b) })
			g.Assert(t1 == t2 || t3 != 1, "t1 != t2 && t3 == 1")
		}, func(g *G) { locked(g, m, fixed, func() { g.Write(a, 1); g.Write(b, 1); g.Write(b, 0) }) })
	})
}

func fig8(fixed bool) *Program {
	return prog("vt-fig8", func(g *G) {
		a := NewVar(groupA, 0)
		inc := func(g *G) { g.Inc(a) }
		Join(g, inc, inc, func(g *G) {
			x := g.Read(a)
			g.Assert(x != 2 || fixed, "a == 2")
		})
	})
}

func fig9(fixed bool) *Program {
	return prog("vt-fig9", func(g *G) {
		a, m := NewVar(groupA, 0), &Mutex{}
		inc := func(g *G) { locked(g, m, fixed, func() { g.Inc(a) }) }
		Join(g, func(g *G) {
			var t1, t2 int
			locked(g, m, fixed, func() { t1 = g.Read(a); t2 = g.Read(a) })
			g.Assert(t2 <= t1+1, "t2 > t1+1")
		}, inc, inc)
	})
}

func fig10(fixed bool) *Program {
	return prog("vt-fig10", func(g *G) {
		a, b, m := NewVar(groupA, 0), NewVar(groupB, 0), &Mutex{}
		Join(g, func(g *G) {
			var t1, t2, t3, t4 int
			locked(g, m, fixed, func() { t1 = g.Read(a); t2 = g.Read(a); t3 = g.Read(b); t4 = g.Read(b) })
			g.Assert(t1 == t2 || t3 == t4, "t1 != t2 && t3 != t4")
		}, func(g *G) { locked(g, m, fixed, func() { g.Inc(a) }) },
			func(g *G) { locked(g, m, fixed, func() { g.Inc(b) }) })
	})
}

// allocVector is Fig. 12: FindFreeBlock, IsBlockFree, MarkBlockAllocated and
// FreeAllBlocks each hold the vector's lock; the fix finds and marks under
// one acquisition.
func allocVector(fixed bool) *Program {
	return prog("allocation-vector", func(g *G) {
		blocks, m := NewVars(groupBlocks, 4), &Mutex{}
		find := func(g *G, mark bool) int {
			g.Lock(m)
			defer g.Unlock(m)
			for i, b := range blocks {
				if g.Read(b) == 0 {
					if mark {
						g.Write(b, 1)
					}
					return i
				}
			}
			return -1
		}
		isFree := func(g *G, i int) bool {
			g.Lock(m)
			defer g.Unlock(m)
			return g.Read(blocks[i]) == 0
		}
		worker := func(g *G) {
			b := find(g, fixed)
			if b < 0 {
				return
			}
			g.Assert(fixed || isFree(g, b), "block not free")
			if !fixed {
				g.Lock(m)
				g.Write(blocks[b], 1)
				g.Unlock(m)
			}
			g.Lock(m)
			for _, x := range blocks {
				g.Write(x, 0)
			}
			g.Unlock(m)
		}
		Join(g, worker, worker)
	})
}

// ctrigger is CTrigger Fig. 1: an unprotected append to a log buffer.
func ctrigger(fixed bool) *Program {
	return prog("ctrigger-fig1", func(g *G) {
		buf, idx, m := NewVars(groupBuf, 2), NewVar(groupIndex, 0), &Mutex{}
		logEntry := func(v int) func(*G) {
			return func(g *G) {
				locked(g, m, fixed, func() {
					tmp := g.Read(idx)
					g.Write(buf[tmp], v)
					g.Write(idx, tmp+1)
				})
			}
		}
		Join(g, logEntry(1), logEntry(2))
		g.Assert(g.Read(idx) == 2 && g.Read(buf[0]) != 0 && g.Read(buf[1]) != 0, "lost log entry")
	})
}

func abba(fixed bool) *Program {
	return prog("deadlock-abba", func(g *G) {
		a, b := &Mutex{}, &Mutex{}
		second := func(g *G) { g.Lock(b); g.Lock(a); g.Unlock(a); g.Unlock(b) }
		if fixed {
			second = func(g *G) { g.Lock(a); g.Lock(b); g.Unlock(b); g.Unlock(a) }
		}
		Join(g, func(g *G) { g.Lock(a); g.Lock(b); g.Unlock(b); g.Unlock(a) }, second)
	})
}

// hapsetFig1 is HaPSet Fig. 1: check-then-use of a pointer another goroutine
// clears.
func hapsetFig1(fixed bool) *Program {
	return prog("hapset-fig1", func(g *G) {
		p, a, m := NewVar(groupP, 0), NewVar(groupA, 0), &Mutex{}
		Join(g, func(g *G) {
			locked(g, m, fixed, func() {
				g.Write(p, 1)
				if g.Read(p) != 0 {
					if g.Read(p) == 0 {
						g.Panic("runtime error: invalid memory address or nil pointer dereference")
					}
					g.Write(a, 10)
				}
			})
		}, func(g *G) { locked(g, m, fixed, func() { g.Write(p, 0) }) })
	})
}

// wgMisuse calls Add inside the spawned goroutine instead of before go.
func wgMisuse(fixed bool) *Program {
	return prog("wg-misuse", func(g *G) {
		done, wg := NewVar(groupDone, 0), &WaitGroup{}
		if fixed {
			g.Add(wg, 1)
		}
		g.Go(func(g *G) {
			if !fixed {
				g.Add(wg, 1)
			}
			g.Write(done, 1)
			g.Add(wg, -1)
		})
		g.Wait(wg)
		g.Assert(g.Read(done) == 1, "Wait returned before the worker finished")
	})
}
