package stacks

import (
	"runtime"
	"strings"
	"testing"

	"go.uber.org/goleak"
)

// TestSum: correct concurrent code, checked for leaks by goleak. Under
// vtbound the test's own goroutine waits for the exploration, and goleak
// must not see it.
func TestSum(t *testing.T) {
	defer goleak.VerifyNone(t)
	if got := Sum([]int{1, 2, 3}, 2); got != 14 {
		t.Fatalf("Sum = %d, want 14", got)
	}
}

// TestBlockedLooksNative: a goroutine blocked in a receive is listed as
// natively: state "chan receive", its own function on top, so that
// goleak's IgnoreTopFunction accepts it; the goroutine count includes
// it and nothing of vtbound.
func TestBlockedLooksNative(t *testing.T) {
	before := runtime.NumGoroutine()
	ch := Start()
	err := goleak.Find()
	want := "in state chan receive, with example.com/stacks.waitFor on top of the stack"
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("goleak.Find() = %v, want an error with %q", err, want)
	}
	if strings.Contains(err.Error(), "vtbound") {
		t.Errorf("goleak sees vtbound:\n%v", err)
	}
	if err := goleak.Find(goleak.IgnoreTopFunction("example.com/stacks.waitFor")); err != nil {
		t.Errorf("goleak.Find(IgnoreTopFunction(waitFor)) = %v", err)
	}
	if n := runtime.NumGoroutine(); n != before+1 {
		t.Errorf("NumGoroutine = %d with the blocked goroutine, %d before", n, before)
	}
	close(ch)
}

// TestLeak leaks a goroutine: goleak (or vtbound's leak oracle) fails it.
// It comes last: its goroutine stays blocked for the rest of the run.
func TestLeak(t *testing.T) {
	defer goleak.VerifyNone(t)
	Start()
}
