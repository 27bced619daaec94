package experiments

import "github.com/vtbound/vtbound/rt/internal/strategy/internal/testsim"

// Groups of the montecarlo kernel.
const (
	gCfg int32 = iota
	gAcc
	gTotal
	gX
	gReady
	gCnt
)

// workers and rounds size the montecarlo kernel: each worker runs rounds
// of reading a shared configuration, updating its own accumulator and
// adding to a locked total (Table 4's host program, scaled down).
const (
	workers = 4
	rounds  = 16
)

// InjectedBugs lists the bug types of Table 4.
func InjectedBugs() [][3]int {
	return [][3]int{{0, 0, 2}, {0, 0, 3}, {0, 0, 4}, {1, 1, 2}, {1, 1, 3}, {2, 1, 2}}
}

// mcState is one execution's shared state.
type mcState struct {
	cfg, total, x, ready, cnt *testsim.Var
	acc                       []*testsim.Var
	m                         *testsim.Mutex
}

// Montecarlo returns the kernel with a bug of the given type injected.
func Montecarlo(bug [3]int) *testsim.Program {
	return &testsim.Program{Name: "montecarlo", Body: func(g *testsim.G) {
		s := &mcState{cfg: testsim.NewVar(gCfg, 7), total: testsim.NewVar(gTotal, 0), x: testsim.NewVar(gX, 0),
			ready: testsim.NewVar(gReady, 0), cnt: testsim.NewVar(gCnt, 0), acc: testsim.NewVars(gAcc, workers), m: &testsim.Mutex{}}
		var fns []func(*testsim.G)
		for w := range workers {
			fns = append(fns, func(g *testsim.G) { s.worker(g, w, bug) })
		}
		testsim.Join(g, fns...)
	}}
}

func (s *mcState) round(g *testsim.G, w int) {
	c := g.Read(s.cfg)
	g.Write(s.acc[w], g.Read(s.acc[w])+c)
	g.Lock(s.m)
	g.Write(s.total, g.Read(s.total)+c)
	g.Unlock(s.m)
}

// worker runs the rounds with the injected bug's code: checks at the start,
// racy accesses in the middle, signals at the end.
func (s *mcState) worker(g *testsim.G, w int, bug [3]int) {
	s.start(g, w, bug)
	for r := range rounds {
		if r == rounds/2 {
			s.middle(g, w, bug)
		}
		s.round(g, w)
	}
	s.end(g, w, bug)
}

func (s *mcState) start(g *testsim.G, w int, bug [3]int) {
	if w != 0 || bug[0] != 0 {
		return
	}
	switch bug[2] {
	case 2:
		g.Assert(g.Read(s.ready) == 0, "worker 1 finished before worker 0 started")
	default:
		g.Assert(g.Read(s.cnt) != bug[2]-1, "every other worker finished first")
	}
}

func (s *mcState) middle(g *testsim.G, w int, bug [3]int) {
	if bug[0] == 0 || w >= bug[2] {
		return
	}
	switch {
	case w == 0:
		t1 := g.Read(s.x)
		t2 := g.Read(s.x)
		if bug == [3]int{1, 1, 3} {
			g.Assert(t2 <= t1+1, "x moved twice between two reads")
		} else {
			g.Assert(t1 == t2, "x changed between two reads")
		}
	case bug[0] == 2:
		g.Write(s.x, 1)
		g.Write(s.x, 0)
	default:
		g.Inc(s.x)
	}
}

func (s *mcState) end(g *testsim.G, w int, bug [3]int) {
	if bug[0] != 0 || w == 0 || w >= bug[2] {
		return
	}
	if bug[2] == 2 {
		g.Write(s.ready, 1)
		return
	}
	g.Inc(s.cnt)
}
