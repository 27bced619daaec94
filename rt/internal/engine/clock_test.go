package engine

import (
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
