package accepted

import (
	"testing"

	"example.com/goleakopts"
	"go.uber.org/goleak"
)

// TestMain accepts the poller's goroutine by its top function, and the
// goroutines alive before the tests, as goleak's options say.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m,
		goleak.IgnoreTopFunction("example.com/goleakopts.(*Poller).loop"),
		goleak.IgnoreCurrent(),
	)
}

// TestPollerLeftRunning never stops the poller: an intended leak.
func TestPollerLeftRunning(t *testing.T) {
	p := goleakopts.Start()
	done := make(chan int)
	go func() { done <- p.Add(1) }()
	if got := p.Add(2) + <-done; got != 4 && got != 5 {
		t.Errorf("totals add up to %d, want 4 or 5", got)
	}
}

// TestPollerStopped stops its poller: nothing leaks.
func TestPollerStopped(t *testing.T) {
	p := goleakopts.Start()
	defer p.Stop()
	if got := p.Add(3); got != 3 {
		t.Errorf("total %d, want 3", got)
	}
}
