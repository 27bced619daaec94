package timerpool

import (
	"testing"
	"time"
)

// TestReportsLongWait: a goroutine waits 100 ms for a lock the body
// holds; the detector's 20 ms timer reports it once. Every execution after
// the first Resets a timer an earlier execution made and stopped (the
// goroutine's own timer fires, so it is not recycled; the last Lock's is).
func TestReportsLongWait(t *testing.T) {
	d := &Detector{Timeout: 20 * time.Millisecond}
	m := &Mutex{D: d}
	m.Lock()
	done := make(chan struct{})
	go func() {
		defer close(done)
		m.Lock()
		m.Unlock()
	}()
	time.Sleep(100 * time.Millisecond)
	if n := d.Reports(); n != 1 {
		t.Errorf("%d reports of the 100 ms wait, want 1", n)
	}
	m.Unlock()
	<-done
	m.Lock() // uncontended: its stopped timer is recycled, for the next execution
	m.Unlock()
}

// TestQuietWithoutWaits: locks that never wait long are never reported,
// also when their timers were recycled from the test before.
func TestQuietWithoutWaits(t *testing.T) {
	d := &Detector{Timeout: 20 * time.Millisecond}
	m := &Mutex{D: d}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; i < 3; i++ {
			m.Lock()
			time.Sleep(time.Millisecond)
			m.Unlock()
		}
	}()
	m.Lock()
	m.Unlock()
	<-done
	time.Sleep(50 * time.Millisecond)
	if n := d.Reports(); n != 0 {
		t.Errorf("%d reports, want none", n)
	}
}
