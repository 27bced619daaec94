package access

import (
	"sync"
	"testing"
)

// both runs f and g in two goroutines and waits for them.
func both(f, g func()) {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); f() }()
	go func() { defer wg.Done(); g() }()
	wg.Wait()
}

// inOrder runs f, then g in another goroutine that waits for f on a channel.
func inOrder(f, g func()) {
	done := make(chan struct{})
	go func() { f(); close(done) }()
	<-done
	g()
}

func TestRaceMapOpAssign(t *testing.T) {
	tl := NewTally()
	both(func() { tl.Add("a", 1) }, func() { tl.Add("b", 2) })
}

func TestNoRaceMapOpAssign(t *testing.T) {
	tl := NewTally()
	both(func() { tl.AddLocked("a", 1) }, func() { tl.AddLocked("b", 2) })
	if tl.Get("a")+tl.Get("b") != 3 {
		t.Fatal("lost update")
	}
}

func TestRaceMapDeleteLen(t *testing.T) {
	tl := NewTally()
	tl.AddLocked("a", 1)
	n := 0
	both(func() { tl.Forget("a") }, func() { n = tl.Size() })
	_ = n
}

func TestNoRaceMapDeleteLen(t *testing.T) {
	tl := NewTally()
	tl.AddLocked("a", 1)
	inOrder(func() { tl.Forget("a") }, func() {
		if tl.Size() != 0 {
			t.Error("key not deleted")
		}
	})
}

func TestRaceSlice(t *testing.T) {
	s := make([]int, 4)
	got := 0
	both(func() { Fill(s, 1) }, func() { got = Sum(s) })
	_ = got
}

func TestNoRaceSlice(t *testing.T) {
	s := make([]int, 4)
	inOrder(func() { Fill(s, 1) }, func() {
		if Sum(s) != 4 {
			t.Error("fill not seen")
		}
	})
}

func TestNoRaceSliceDisjoint(t *testing.T) {
	s := make([]int, 4)
	both(func() { Fill(s[:2], 1) }, func() { Fill(s[2:], 2) })
}

func TestRaceAppend(t *testing.T) {
	s := make([]int, 0, 4)
	first := 0
	both(func() { _ = append(s, 1) }, func() { first = s[:1][0] })
	_ = first
}

func TestNoRaceAppend(t *testing.T) {
	s := make([]int, 0, 4)
	var mu sync.Mutex
	both(func() {
		mu.Lock()
		_ = append(s, 1)
		mu.Unlock()
	}, func() {
		mu.Lock()
		_ = s[:1][0]
		mu.Unlock()
	})
}

func TestRaceCopy(t *testing.T) {
	src, dst := []int{1, 2}, make([]int, 2)
	both(func() { copy(dst, src) }, func() { src[1] = 3 })
}

func TestNoRaceCopy(t *testing.T) {
	src, dst := []int{1, 2}, make([]int, 2)
	inOrder(func() { copy(dst, src) }, func() { src[1] = 3 })
	if dst[1] != 2 {
		t.Error("copy saw the later write")
	}
}

func TestRaceAtomicPlain(t *testing.T) {
	var n int64
	both(func() { Bump(&n) }, func() { _ = Peek(&n) })
}

func TestNoRaceAtomic(t *testing.T) {
	var n int64
	both(func() { Bump(&n) }, func() { _ = Load(&n) })
	if Load(&n) != 1 {
		t.Error("lost increment")
	}
}

func TestRaceStructCopy(t *testing.T) {
	p := &Point{}
	both(func() { MoveY(p, 1) }, func() { _ = Snapshot(p) })
}

func TestNoRaceStructCopy(t *testing.T) {
	p := &Point{}
	var mu sync.Mutex
	both(func() {
		mu.Lock()
		MoveY(p, 1)
		mu.Unlock()
	}, func() {
		mu.Lock()
		_ = Snapshot(p)
		mu.Unlock()
	})
}

func TestRaceBytesToString(t *testing.T) {
	b := []byte("ab")
	s := ""
	both(func() { b[1] = 'c' }, func() { s = string(b) })
	_ = s
}

func TestNoRaceBytesToString(t *testing.T) {
	b := []byte("ab")
	inOrder(func() { b[1] = 'c' }, func() {
		if string(b) != "ac" {
			t.Error("write not seen")
		}
	})
}
