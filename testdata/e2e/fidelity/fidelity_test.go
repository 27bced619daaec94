package fidelity

import (
	"path/filepath"
	"sync"
	"testing"
	"time"
)

func TestRaceSendClose(t *testing.T) {
	n := NewNotifier(1)
	done := make(chan bool)
	go func() {
		n.Notify(1)
		close(done)
	}()
	n.Stop()
	<-done
}

func TestNoRaceSendClose(t *testing.T) {
	n := NewNotifier(1)
	go n.Notify(1)
	if v := n.Next(); v != 1 {
		t.Errorf("got %d", v)
	}
	n.Stop()
}

func TestRaceWaitGroupAddInGoroutine(t *testing.T) {
	var p Pool
	for range 2 {
		p.Spawn(func() { time.Sleep(100 * time.Millisecond) })
	}
	time.Sleep(50 * time.Millisecond)
	p.Wait()
}

func TestNoRaceWaitGroup(t *testing.T) {
	var p Pool
	for range 2 {
		p.Start(func() { time.Sleep(100 * time.Millisecond) })
	}
	time.Sleep(50 * time.Millisecond)
	p.Wait()
}

// TestRaceWaitGroupReuse: a helper waits for each round, but the next
// round's Add is not ordered after the helper's Wait.
func TestRaceWaitGroupReuse(t *testing.T) {
	var wg sync.WaitGroup
	done := make(chan bool, 2)
	for range 2 {
		wg.Add(1)
		go func() {
			time.Sleep(50 * time.Millisecond)
			wg.Done()
		}()
		go func() {
			wg.Wait() // helper
			done <- true
		}()
		time.Sleep(100 * time.Millisecond)
		wg.Wait()
	}
	<-done
	<-done
}

// TestNoRaceWaitGroupReuse: the next round starts after the helper's
// Wait returned.
func TestNoRaceWaitGroupReuse(t *testing.T) {
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(2)
		for range 2 {
			go wg.Done()
		}
		done := make(chan bool)
		go func() {
			wg.Wait()
			done <- true
		}()
		wg.Wait()
		<-done
	}
}

// TestNoRaceFileIO: the value is published through a file only; file I/O
// synchronises, as in the race detector.
func TestNoRaceFileIO(t *testing.T) {
	path := filepath.Join(t.TempDir(), "flag")
	x := 0
	go func() {
		if err := Publish(path, &x, 42); err != nil {
			t.Error(err)
		}
	}()
	if v := Await(path, &x); v != 42 {
		t.Errorf("got %d", v)
	}
}

// TestWallClock measures sleeps with time.Now/Since: under vtbound the
// time is the virtual time slept, on every schedule.
func TestWallClock(t *testing.T) {
	if d := Elapsed(3, 20*time.Millisecond); d < 20*time.Millisecond || d > 30*time.Millisecond {
		t.Errorf("3 sleeps of 20ms in parallel took %v", d)
	}
}
