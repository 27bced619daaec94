package testwrap

import (
	"os"
	"runtime"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

var shared int

func TestCounter(t *testing.T) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		shared++
	}()
	wg.Wait()
	if shared != 1 {
		t.Fatal("lost update")
	}
}

func TestParallel(t *testing.T) {
	t.Parallel()
	shared = 2
}

func TestUnnamed(*testing.T) {
	shared = 3
}

func TestTable(t *testing.T) {
	cases := []struct {
		name string
		n    int
	}{{"one", 1}, {"two", 2}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			done := make(chan int)
			go func() { done <- tc.n }()
			if <-done != tc.n {
				t.Error("bad")
			}
		})
	}
}

func TestTablePrefix(t *testing.T) {
	for _, tc := range []int{1, 2} {
		t.Run("case", func(t *testing.T) {
			tc := tc
			t.Helper()
			t.Parallel()
			done := make(chan int)
			go func() { done <- tc }()
			<-done
		})
	}
}

func TestMixed(t *testing.T) {
	ch := make(chan int, 1)
	ch <- 1
	t.Run("sub", func(t *testing.T) {
		<-ch
	})
}

func helper(t *testing.T) { shared = 4 }

func Testlowercase(t *testing.T) { shared = 5 }

func BenchmarkX(b *testing.B) {
	for range b.N {
		shared++
	}
}

func FuzzX(f *testing.F) { f.Fuzz(func(t *testing.T, n int) { shared = n }) }

func ExampleX() { shared = 6 }

func TestMain(m *testing.M) {
	shared = 0
	os.Exit(m.Run())
}

func TestTableFuncs(t *testing.T) {
	for _, tc := range []struct {
		name string
		run  func(ch chan int)
	}{
		{"send", func(ch chan int) { ch <- 1 }},
		{"close", func(ch chan int) { close(ch) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ch := make(chan int, 1)
			tc.run(ch)
		})
	}
}

func TestNamedSubtest(t *testing.T) {
	t.Run("named", helper)
	t.Run("nested", func(t *testing.T) {
		t.Run("inner", func(t *testing.T) { shared = 7 })
	})
}

func TestAllocs(t *testing.T) {
	var mu sync.Mutex
	if n := testing.AllocsPerRun(10, func() { mu.Lock(); shared++; mu.Unlock() }); n != 0 {
		t.Errorf("%v allocations", n)
	}
}

// BenchmarkShared measures an increment under a lock.
func BenchmarkShared(b *testing.B) {
	var mu sync.Mutex
	for range b.N {
		mu.Lock()
		shared++
		mu.Unlock()
	}
}

// TestBenchmarkAllocs asserts a benchmark's allocations: not wrapped.
func TestBenchmarkAllocs(t *testing.T) {
	if n := testing.Benchmark(BenchmarkShared).AllocsPerOp(); n != 0 {
		t.Errorf("%d allocations per op", n)
	}
}

func TestHeap(t *testing.T) {
	var mu sync.Mutex
	mu.Lock()
	shared++
	mu.Unlock()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	if ms.HeapInuse > 1<<30 {
		t.Errorf("%d bytes in use", ms.HeapInuse)
	}
}

func TestAllocsSubtest(t *testing.T) {
	t.Run("allocs", func(t *testing.T) {
		_ = testing.AllocsPerRun(10, func() { shared++ })
	})
	t.Run("explored", func(t *testing.T) { go func() { shared = 8 }() })
}

// TestBubble is explored: synctest.Test and synctest.Wait call rt.
func TestBubble(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		go func() { time.Sleep(time.Second); shared = 7 }()
		synctest.Wait()
		time.Sleep(time.Second)
	})
}

// TestBubbleAndSubtests calls synctest.Test besides t.Run: it is no
// dispatcher only, so its body is explored.
func TestBubbleAndSubtests(t *testing.T) {
	synctest.Test(t, func(t *testing.T) { synctest.Wait() })
	t.Run("sub", func(t *testing.T) {})
}
