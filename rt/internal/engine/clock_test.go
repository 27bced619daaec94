package engine

import (
	"math/rand"
	"slices"
	"sync"
	"testing"
	"unsafe"
)

// TestClockWidthBounded: a body that starts and joins 2000 goroutines one
// after another (each locking a shared mutex) keeps every vector clock at
// most maxClockWidth long, still reports a race between two early
// goroutines, and checks nothing for goroutines beyond the bound.
func TestClockWidthBounded(t *testing.T) {
	const n = 2000
	for _, racer := range []int{2, maxClockWidth + 10} { // even: racer and racer+1 start together
		var widest int
		e := New(newRandom(1, 1), Limits{MaxSteps: 100 * n}, nil)
		res, _ := e.Run(func() {
			g := cur()
			var mu sync.Mutex
			shared := 0
			for i := 1; i < n; i++ {
				var wg sync.WaitGroup
				g.WGAdd(0, &wg, 2)
				for range 2 {
					g.Go(0, func() {
						me := cur()
						if me.id == racer || me.id == racer+1 {
							me.Access(0, unsafe.Pointer(&shared), true) // unlocked: a race
						}
						me.Lock(0, &mu)
						widest = max(widest, len(me.clock))
						me.Unlock(0, &mu)
						me.WGAdd(0, &wg, -1)
					})
				}
				g.WGWait(0, &wg)
			}
			widest = max(widest, len(g.clock))
		})
		if widest > maxClockWidth {
			t.Errorf("racer %d: a clock grew to %d components, want at most %d", racer, widest, maxClockWidth)
		}
		raced := len(res.RaceReports) > 0
		if want := racer <= maxClockWidth; raced != want {
			t.Errorf("goroutines %d and %d: race reported = %v, want %v", racer, racer+1, raced, want)
		}
	}
}

// TestJoinIsElementwiseMax compares join with a component-by-component
// maximum for clocks of every length around the unrolled loop's stride,
// shorter, equal and longer than the clock joined in.
func TestJoinIsElementwiseMax(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for n := range 20 {
		for m := range 20 {
			c, o := make(vclock, n), make(vclock, m)
			for i := range c {
				c[i] = uint32(r.Intn(5))
			}
			for i := range o {
				o[i] = uint32(r.Intn(5))
			}
			want := make(vclock, max(n, m))
			for i := range want {
				want[i] = max(c.get(i+1), o.get(i+1))
			}
			c.join(o)
			if !slices.Equal(c, want) {
				t.Fatalf("join of %d into %d components = %v, want %v", m, n, c, want)
			}
		}
	}
}
