package strategy

import (
	"math/rand"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// TestPrioTableHighestAsScan checks prioTable.highest, which walks the
// goroutines by priority, against highest, which scans every goroutine,
// on random views with tied priorities, spinning and exited goroutines,
// and priorities changed between picks.
func TestPrioTableHighestAsScan(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for trial := range 300 {
		var p prioTable
		p.reset()
		n := 1 + rng.Intn(40)
		var v sched.View
		for id := 1; id <= n; id++ {
			v.Goroutines = append(v.Goroutines, sched.Goroutine{ID: id})
		}
		for round := range 5 {
			v.Goroutines = randomLiveView(rng, v.Goroutines, &v)
			if len(v.Enabled) == 0 {
				break
			}
			p.assign(&v, func(int) int64 { return rng.Int63n(6) })
			if rng.Intn(2) == 0 {
				p.set(v.Goroutines[rng.Intn(len(v.Goroutines))].ID, rng.Int63n(6))
			}
			if got, want := p.highest(&v), highest(&v, p.prio); got != want {
				t.Fatalf("trial %d round %d: highest = G%d, scan says G%d (view %+v, prio %v)", trial, round, got, want, v.Goroutines, p.prio)
			}
		}
	}
}

// randomLiveView drops some goroutines (exits), sets random Enabled and
// Spinning flags on the rest, and fills v.Enabled.
func randomLiveView(rng *rand.Rand, gs []sched.Goroutine, v *sched.View) []sched.Goroutine {
	live := gs[:0]
	v.Enabled = v.Enabled[:0]
	for _, g := range gs {
		if rng.Intn(8) == 0 {
			continue
		}
		g.Enabled, g.Spinning = rng.Intn(3) > 0, rng.Intn(4) == 0
		if g.Enabled {
			v.Enabled = append(v.Enabled, g.ID)
		}
		live = append(live, g)
	}
	return live
}
