package leakcheck

import (
	"os"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// goroutines returns the stacks of all goroutines but the caller's, as
// goleak's VerifyNone reads them.
func goroutines() []string {
	buf := make([]byte, 1<<20)
	buf = buf[:runtime.Stack(buf, true)]
	blocks := strings.Split(string(buf), "\n\n")
	return blocks[1:] // the first one is the caller
}

// leaked returns goroutines that run code of this package or of vtbound.
func leaked() []string {
	var out []string
	for _, g := range goroutines() {
		if strings.Contains(g, "leakcheck.") || strings.Contains(g, "vtbound") {
			out = append(out, g)
		}
	}
	return out
}

// verifyNone retries for a while, as goleak does, then fails.
func verifyNone() []string {
	var l []string
	for i := 0; i < 50; i++ {
		if l = leaked(); len(l) == 0 {
			return nil
		}
		time.Sleep(10 * time.Millisecond)
	}
	return l
}

func TestMain(m *testing.M) {
	code := m.Run()
	if l := verifyNone(); code == 0 && len(l) > 0 {
		println("leaked goroutines after the tests:\n" + strings.Join(l, "\n\n"))
		code = 1
	}
	os.Exit(code)
}

var total int

func TestWorkers(t *testing.T) {
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := 0; i < 3; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			total++
			mu.Unlock()
		}()
	}
	wg.Wait()
}

// TestCount compares goroutine counts before and after, as some suites do.
func TestCount(t *testing.T) {
	before := runtime.NumGoroutine()
	done := make(chan struct{})
	go func() { close(done) }()
	<-done
	for i := 0; i < 100 && runtime.NumGoroutine() > before; i++ {
		time.Sleep(time.Millisecond)
	}
	if after := runtime.NumGoroutine(); after != before {
		t.Fatalf("%d goroutines before, %d after", before, after)
	}
}
