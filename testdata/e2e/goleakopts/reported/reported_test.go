package reported

import (
	"testing"

	"example.com/goleakopts"
	"go.uber.org/goleak"
)

// TestMain ignores only the goroutines alive before the tests: the
// poller a test leaves running is a leak, natively and under vtbound.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m, goleak.IgnoreCurrent())
}

// TestPollerLeftRunning never stops the poller.
func TestPollerLeftRunning(t *testing.T) {
	p := goleakopts.Start()
	if got := p.Add(2); got != 2 {
		t.Errorf("total %d, want 2", got)
	}
}
