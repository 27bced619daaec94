// Package experiments reproduces the randomized experiments of
// variable-thread-bounding.txt: Fig. 6 (PCT against PCTVB as the buggy
// variable gets rarer) and Table 4 (bugs of increasing (c,v,t) injected
// into a larger kernel, found with and without variable and thread
// bounding), on two backends: the testsim simulator and vtbound's real
// scheduling engine. Each program exists twice: for the simulator
// (Fig6Program, Montecarlo) and written against the rt API as the rewriter
// emits it (Fig6Body, MontecarloBody). Both tests and cmd/vtexperiments
// print these tables.
package experiments

import (
	"fmt"
	"io"
	"strings"

	"github.com/vtbound/vtbound/rt/internal/strategy"
	"github.com/vtbound/vtbound/rt/internal/strategy/internal/testsim"
)

// Cell is the mean number of executions to the first failure over seeds; a
// seed that found nothing within the cap counts as the cap.
type Cell struct {
	Mean     float64
	Found    int
	Seeds    int
	Capped   int
	Strategy string
}

// String formats the cell, marking seeds that hit the cap.
func (c Cell) String() string {
	if c.Found == 0 {
		return fmt.Sprintf("- (>%d)", c.Capped)
	}
	if c.Found < c.Seeds {
		return fmt.Sprintf("%.1f (%d/%d found)", c.Mean, c.Found, c.Seeds)
	}
	return fmt.Sprintf("%.1f", c.Mean)
}

// measure runs one search per seed 1..seeds under a fresh strategy called
// name, each capped at cap executions.
func measure(run search, name string, cfg strategy.Config, seeds, cap int) Cell {
	c := Cell{Seeds: seeds, Capped: cap, Strategy: name}
	total := 0
	for s := 1; s <= seeds; s++ {
		cfg.Seed, cfg.Budget = int64(s), cap
		st, err := strategy.New(name, cfg)
		if err != nil {
			panic(err)
		}
		if at := run(st); at > 0 {
			c.Found++
			total += at
		} else {
			total += cap
		}
	}
	c.Mean = float64(total) / float64(seeds)
	return c
}

// Fig6Row is one access frequency of Fig. 6.
type Fig6Row struct {
	Noise     int
	Frequency float64
	PCT       Cell
	PCTVB     Cell
}

// Fig6Program has two variables: a, with the (1,1,2) bug of vt-fig2, and
// b, incremented noise times by each goroutine before a is touched.
func Fig6Program(noise int) *testsim.Program {
	return &testsim.Program{Name: fmt.Sprintf("fig6-noise%d", noise), Body: func(g *testsim.G) {
		a, b := testsim.NewVar(0, 0), testsim.NewVar(1, 0)
		testsim.Join(g, func(g *testsim.G) {
			for range noise {
				g.Inc(b)
			}
			t1 := g.Read(a)
			t2 := g.Read(a)
			g.Assert(t1 == t2, "t1 != t2")
		}, func(g *testsim.G) {
			for range noise {
				g.Inc(b)
			}
			g.Inc(a)
		})
	}}
}

// Fig6 measures PCT (d=2) against PCTVB (v=1, d=2) for each noise level
// on backend b.
func Fig6(b Backend, noises []int, seeds, cap int) []Fig6Row {
	var rows []Fig6Row
	for _, n := range noises {
		run := b.fig6(n)
		rows = append(rows, Fig6Row{
			Noise: n, Frequency: 3 / float64(3+2*n),
			PCT:   measure(run, "pct", strategy.Config{Depth: 2}, seeds, cap),
			PCTVB: measure(run, "pctvb", strategy.Config{V: 1, Depth: 2, Fixed: true}, seeds, cap),
		})
	}
	return rows
}

// PrintFig6 writes the Fig. 6 table measured on the named backend.
func PrintFig6(w io.Writer, backend string, rows []Fig6Row) {
	fmt.Fprintf(w, "Fig. 6 [%s]: mean executions to find a (1,1,2) bug on variable a as a gets rarer\n", backend)
	fmt.Fprintf(w, "%-8s %-12s %-20s %-20s\n", "noise", "freq(a)", "PCT d=2", "PCTVB v=1 d=2")
	for _, r := range rows {
		fmt.Fprintf(w, "%-8d %-12.3f %-20s %-20s\n", r.Noise, r.Frequency, r.PCT, r.PCTVB)
	}
}

// Table4Row is one injected bug type.
type Table4Row struct {
	Type    [3]int
	With    Cell
	VT      Cell
	Without Cell
}

// Table4 measures each injected bug with pctvb and vt (v,t bounding) and
// with pct (no bounding) on backend b.
func Table4(b Backend, seeds, cap int) []Table4Row {
	var rows []Table4Row
	for _, bug := range InjectedBugs() {
		run := b.montecarlo(bug)
		rows = append(rows, Table4Row{
			Type:    bug,
			With:    measure(run, "pctvb", strategy.Config{}, seeds, cap),
			VT:      measure(run, "vt", strategy.Config{}, seeds, cap),
			Without: measure(run, "pct", strategy.Config{}, seeds, cap),
		})
	}
	return rows
}

// PrintTable4 writes the Table 4 table measured on the named backend.
func PrintTable4(w io.Writer, backend string, rows []Table4Row) {
	fmt.Fprintf(w, "Table 4 [%s]: mean executions to find a bug of type (c,v,t) injected into the montecarlo kernel\n", backend)
	fmt.Fprintf(w, "%-10s %-22s %-22s %-22s\n", "(c,v,t)", "pctvb (v,t bounding)", "vt (v,t bounding)", "pct d=3 (none)")
	for _, r := range rows {
		t := fmt.Sprintf("(%d,%d,%d)", r.Type[0], r.Type[1], r.Type[2])
		fmt.Fprintf(w, "%-10s %-22s %-22s %-22s\n", t, r.With, r.VT, r.Without)
	}
}

// Fig6Noises are the noise levels of Fig. 6.
func Fig6Noises() []int { return []int{0, 4, 16, 64} }

// Tables runs both experiments on backend be and returns their printed
// form.
func Tables(be Backend, fig6Seeds, seeds, cap int) string {
	var b strings.Builder
	PrintFig6(&b, be.Name, Fig6(be, Fig6Noises(), fig6Seeds, cap))
	fmt.Fprintln(&b)
	PrintTable4(&b, be.Name, Table4(be, seeds, cap))
	return b.String()
}
