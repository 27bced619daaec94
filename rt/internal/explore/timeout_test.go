package explore

import (
	"testing"
	"time"
)

func TestTimeoutShare(t *testing.T) {
	if _, ok := timeoutShare(0, time.Now()); ok {
		t.Errorf("no timeout gave a share")
	}
	const timeout = 8 * time.Second // 6 s before the reserve
	for _, c := range []struct {
		after, want time.Duration
	}{
		{0, 3 * time.Second},
		{2 * time.Second, 2 * time.Second},
		{5 * time.Second, 500 * time.Millisecond},
		{6 * time.Second, 0},
		{time.Minute, 0},
	} {
		got, ok := timeoutShare(timeout, processStart.Add(c.after))
		if !ok || got != c.want {
			t.Errorf("%v after the start: share %v (%v), want %v", c.after, got, ok, c.want)
		}
	}
}
