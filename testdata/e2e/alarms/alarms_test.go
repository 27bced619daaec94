package alarms

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"
)

// TestAlwaysWrong fails on every schedule: the expected value is wrong,
// whatever the interleaving.
func TestAlwaysWrong(t *testing.T) {
	var wg sync.WaitGroup
	squares := make([]int, 2)
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			squares[i] = Square(i + 1)
		}()
	}
	wg.Wait()
	if got := squares[0] + squares[1]; got != 6 {
		t.Errorf("sum of squares = %d, want 6", got)
	}
}

// TestRegisterOnce passes once per process: the registry keeps the name.
func TestRegisterOnce(t *testing.T) {
	done := make(chan error)
	go func() { done <- Register("worker", func() {}) }()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// TestLockFile passes once: the lock file it creates is removed only when
// the test binary ends (TestMain), so it cannot run twice in one process.
func TestLockFile(t *testing.T) {
	f, err := os.OpenFile(lockFile, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
	if errors.Is(err, fs.ErrExist) {
		t.Fatal("alarms.lock exists: another run holds the lock")
	}
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() {
		f.Close()
		close(done)
	}()
	<-done
}

// lockFile is TestLockFile's lock.
const lockFile = "alarms.lock"

// TestMain removes TestLockFile's lock when the binary ends.
func TestMain(m *testing.M) {
	code := m.Run()
	os.Remove(lockFile)
	os.Exit(code)
}

// TestPoolFirst starts two workers of the package-level pool, which
// outlive the test waiting for jobs (natively for an hour).
func TestPoolFirst(t *testing.T) {
	Grow(2)
	if got := Handle(2); got != 4 {
		t.Errorf("Handle(2) = %d, want 4", got)
	}
}

// TestPoolSecond reuses the pool after TestPoolFirst: natively that
// test's worker answers. Under vtbound the workers of TestPoolFirst's
// executions were released with them, so the first execution here hands
// its job to a worker that is gone: the failure depends on what earlier
// tests' executions left, not on the schedule, and the test passes.
func TestPoolSecond(t *testing.T) {
	if got := Handle(3); got != 6 {
		t.Errorf("Handle(3) = %d, want 6", got)
	}
}

// ExampleHandle runs natively after the tests, as every example does.
// Natively it finds the pool's workers alive. Under vtbound the
// explorations of TestPoolFirst and TestPoolSecond released them, and
// here its job would go to a worker that is gone and wait until go
// test's -timeout: it runs in a fresh process instead, and passes.
func ExampleHandle() {
	fmt.Println(Handle(21))
	// Output: 42
}

// TestAllocs measures allocations: it must run natively.
func TestAllocs(t *testing.T) {
	var mu sync.Mutex
	ch := make(chan int, 1)
	n := 0
	allocs := testing.AllocsPerRun(100, func() {
		mu.Lock()
		n++
		mu.Unlock()
		ch <- n
		<-ch
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run, want 0", allocs)
	}
}

// heavy is a large object with a lock of its own.
type heavy struct {
	sync.Mutex
	data [1 << 20]byte
}

// TestHeapFreed reads the heap after a collection to check that objects it
// no longer references were freed: it measures memory, so it must run
// natively (an exploration's tables keep the objects it touched alive).
func TestHeapFreed(t *testing.T) {
	var anchor sync.Mutex
	for i := 0; i < 50; i++ {
		h := &heavy{}
		h.data[0] = byte(i)
		anchor.Lock()
		h.Lock()
		h.Unlock()
		anchor.Unlock()
	}
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	if ms.HeapInuse > 20<<20 {
		t.Errorf("HeapInuse = %d MB after collection, want < 20 MB", ms.HeapInuse>>20)
	}
}

// TestBackgroundPoller leaves the poller's loop running, as real suites
// leave background loops running.
func TestBackgroundPoller(t *testing.T) {
	p := StartPoller()
	p.Poll()
}

// TestPollerAndDroppedValue leaves the poller's loop waiting for work on
// every schedule and, on some schedules, fails its own check: a forwarder
// that should drop a value nobody waits for yet hands it over when the
// test already waits (eapache/channels' ring channel). The failure is the
// bug to report, not the loop left waiting.
func TestPollerAndDroppedValue(t *testing.T) {
	p := StartPoller()
	p.Poll()
	in, out := make(chan int), make(chan int)
	go func() {
		v := <-in
		select {
		case out <- v:
		default: // nobody waits: dropped
		}
		close(out)
	}()
	in <- 1
	if v, open := <-out; open {
		t.Errorf("got %d, want the value dropped", v)
	}
}

// TestLostUpdate is a real interleaving bug.
func TestLostUpdate(t *testing.T) {
	var c Counter
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.Inc()
		}()
	}
	wg.Wait()
	if c.n != 2 {
		t.Errorf("n = %d, want 2", c.n)
	}
}

// TestFuncNames names a function literal of the test, as a scheduler that
// labels jobs by their function's name does (gocron's Job.GetName), and
// lists the goroutines: the test function appears once, as natively.
func TestFuncNames(t *testing.T) {
	job := func() {}
	name := runtime.FuncForPC(reflect.ValueOf(job).Pointer()).Name()
	if !strings.HasSuffix(name, ".TestFuncNames.func1") {
		t.Errorf("job named %q, want ...TestFuncNames.func1", name)
	}
	done := make(chan int)
	go func() { done <- 1 }()
	<-done
	buf := make([]byte, 1<<20)
	stacks := string(buf[:runtime.Stack(buf, true)])
	if n := strings.Count(stacks, "alarms.TestFuncNames("); n != 1 {
		t.Errorf("the test function appears %d times in the goroutine listing:\n%s", n, stacks)
	}
}
