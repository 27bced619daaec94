//go:build e2e

package rewrite

import (
	"path/filepath"
	"strings"
	"testing"
)

// kernelSrc holds small tests written as plain Go: the rewritten versions
// run under rt, which must find the bugs and pass the correct variants.
const kernelSrc = `package kern

import (
	"sync"
	"testing"
)

func TestLostUpdate(t *testing.T) {
	counter := 0
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v := counter
			counter = v + 1
		}()
	}
	wg.Wait()
	if counter != 2 {
		t.Fatalf("counter = %d", counter)
	}
}

func TestForgottenClose(t *testing.T) {
	ch := make(chan int)
	go func() {
		for i := 0; i < 2; i++ {
			ch <- i
		}
	}()
	sum := 0
	for v := range ch {
		sum += v
	}
	if sum != 1 {
		t.Fatalf("sum = %d", sum)
	}
}

type account struct {
	mu  sync.Mutex
	bal int
}

func transfer(from, to *account) {
	from.mu.Lock()
	defer from.mu.Unlock()
	to.mu.Lock()
	defer to.mu.Unlock()
	from.bal--
	to.bal++
}

func TestDeadlockABBA(t *testing.T) {
	a, b := &account{bal: 1}, &account{bal: 1}
	done := make(chan bool)
	go func() { transfer(a, b); done <- true }()
	go func() { transfer(b, a); done <- true }()
	<-done
	<-done
}

func TestCorrectPipeline(t *testing.T) {
	var mu sync.Mutex
	total := 0
	in := make(chan int)
	quit := make(chan struct{})
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for v := range in {
				mu.Lock()
				total += v
				mu.Unlock()
			}
		}()
	}
	go func() {
		defer close(in)
		for i := 1; i <= 3; i++ {
			select {
			case in <- i:
			case <-quit:
				return
			}
		}
	}()
	wg.Wait()
	close(quit)
	mu.Lock()
	defer mu.Unlock()
	if total != 6 {
		t.Fatalf("total = %d", total)
	}
}
`

// TestRewrittenKernels rewrites kernelSrc, runs its tests with the real go
// command against the real rt, and checks the verdict of each test.
func TestRewrittenKernels(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test on a rewritten module")
	}
	dir := t.TempDir()
	fn := filepath.Join(dir, "kern_test.go")
	in := typeCheck(t, fn, []byte(kernelSrc), "")
	out, err := Package(in)
	if err != nil {
		t.Fatal(err)
	}
	mod := writeModuleAt(t, dir, repoRoot(t), map[string][]byte{"kern/kern_test.go": out.Files[fn]})
	for _, tc := range []struct {
		test string
		fail bool
		want []string // in the output; positions are those of kernelSrc
	}{
		{"TestLostUpdate", true, []string{"data race", "kern_test.go:15 read", "kern_test.go:16 write"}},
		{"TestForgottenClose", true, []string{"deadlock", "kern_test.go:33 recv"}},
		{"TestDeadlockABBA", true, []string{"deadlock", "kern_test.go:49 lock"}},
		{"TestCorrectPipeline", false, []string{"ok"}},
	} {
		got, err := goCmd(t, mod, "test", "-count=1", "-run=^"+tc.test+"$", "./kern")
		if failed := err != nil; failed != tc.fail {
			t.Errorf("%s: failed=%v, want %v\n%s", tc.test, failed, tc.fail, got)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: output lacks %q:\n%s", tc.test, w, got)
			}
		}
	}
}
