package engine

import (
	"math/rand"
	"slices"
	"testing"
)

// TestMutexClockCopyEqualsJoin: acquiring a mutex by copying its clock
// gives exactly the clock a full join gives, and releasing it by storing
// one component exactly the clock a full copy gives, over random sequences of
// Locks, Unlocks (by the locker or, as Go allows, by another goroutine),
// joins from elsewhere and ticks.
func TestMutexClockCopyEqualsJoin(t *testing.T) {
	for seed := range int64(200) {
		r := rand.New(rand.NewSource(seed))
		gs := make([]*G, 2+r.Intn(6))
		ref := make([]vclock, len(gs))
		for i := range gs {
			gs[i] = &G{id: i + 1}
			gs[i].clock.Tick(i + 1)
			ref[i].Tick(i + 1)
		}
		ms := make([]*mutexState, 1+r.Intn(3))
		mref := make([]vclock, len(ms))
		for i := range ms {
			ms[i] = &mutexState{}
		}
		for step := range 300 {
			i, m := r.Intn(len(gs)), r.Intn(len(ms))
			g := gs[i]
			switch r.Intn(4) {
			case 0:
				g.acquireMutex(ms[m])
				ref[i].Join(mref[m])
			case 1:
				g.releaseMutex(ms[m])
				mref[m].Set(ref[i])
			case 2:
				o := gs[r.Intn(len(gs))].clock
				ref[i].Join(o)
				g.learn(slices.Clone(o))
			}
			g.clock.Tick(g.id)
			ref[i].Tick(g.id)
			if !slices.Equal(g.clock, ref[i]) {
				t.Fatalf("seed %d step %d: G%d's clock %v, a full join gives %v", seed, step, g.id, g.clock, ref[i])
			}
			if !slices.Equal(ms[m].clock, mref[m]) {
				t.Fatalf("seed %d step %d: mutex %d's clock %v, a full copy gives %v", seed, step, m, ms[m].clock, mref[m])
			}
		}
	}
}
