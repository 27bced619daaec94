package p

import (
	"sync"
	"testing"
)

var total int

func add(n int) {
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() { defer wg.Done(); total += n }()
	}
	wg.Wait()
}

// A fuzz target: its function's body is explored per input.
func FuzzAdd(f *testing.F) {
	f.Add(1, "a")
	f.Fuzz(func(t *testing.T, n int, s string) {
		add(n)
		if total < 0 {
			t.Fatal(s)
		}
	})
}

// Blank and unnamed parameters are named to be passed on.
func FuzzBlank(f *testing.F) {
	f.Fuzz(func(_ *testing.T, _ []byte, b bool) {
		if b {
			add(1)
		}
	})
}

// A leading t.Parallel() stays outside the explored body.
func FuzzParallel(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		t.Parallel()
		add(len(s))
	})
}

// A function value (not a literal) is left alone.
func FuzzValue(f *testing.F) {
	f.Fuzz(check)
}

func check(t *testing.T, n int) { add(n) }
