package experiments

import (
	"fmt"
	"sync"

	"github.com/vtbound/vtbound/rt"
)

// This file holds Fig6Program and Montecarlo written against the rt API
// for the real engine, as the rewriter emits instrumented code: guarded
// rd/wr hooks before every shared access (see sites.go) and rt calls in
// place of go statements and sync operations. A failed check panics.

// Fig6Body is Fig6Program for the real engine: variable a has the (1,1,2)
// bug of vt-fig2, and each goroutine increments b noise times first.
func Fig6Body(noise int) func() {
	return func() {
		var a, b int
		join(func() {
			for range noise {
				wr(vB, &b)
				b++
			}
			rd(vA, &a)
			t1 := a
			rd(vA, &a)
			t2 := a
			check(t1 == t2, fmt.Sprintf("fig6: t1 = %d, t2 = %d", t1, t2))
		}, func() {
			for range noise {
				wr(vB, &b)
				b++
			}
			wr(vA, &a)
			a++
		})
	}
}

// mcShared is one execution's shared state of the rt montecarlo kernel.
type mcShared struct {
	cfg, total, x, ready, cnt int
	acc                       [workers]int
	mu                        sync.Mutex
}

// MontecarloBody is Montecarlo for the real engine: the same kernel with
// the same injected bug.
func MontecarloBody(bug [3]int) func() {
	return func() {
		s := &mcShared{cfg: 7}
		fns := make([]func(), workers)
		for w := range fns {
			fns[w] = func() { s.worker(w, bug) }
		}
		join(fns...)
	}
}

func (s *mcShared) round(w int) {
	rd(vCfg, &s.cfg)
	c := s.cfg
	rd(vAcc, &s.acc[w])
	wr(vAcc, &s.acc[w])
	s.acc[w] = s.acc[w] + c
	rt.Lock(sSync, &s.mu)
	rd(vTotal, &s.total)
	wr(vTotal, &s.total)
	s.total = s.total + c
	rt.Unlock(sSync, &s.mu)
}

// worker runs the rounds with the injected bug's code, as mcState.worker.
func (s *mcShared) worker(w int, bug [3]int) {
	s.start(w, bug)
	for r := range rounds {
		if r == rounds/2 {
			s.middle(w, bug)
		}
		s.round(w)
	}
	s.end(w, bug)
}

func (s *mcShared) start(w int, bug [3]int) {
	if w != 0 || bug[0] != 0 {
		return
	}
	switch bug[2] {
	case 2:
		rd(vReady, &s.ready)
		check(s.ready == 0, "worker 1 finished before worker 0 started")
	default:
		rd(vCnt, &s.cnt)
		check(s.cnt != bug[2]-1, "every other worker finished first")
	}
}

func (s *mcShared) middle(w int, bug [3]int) {
	if bug[0] == 0 || w >= bug[2] {
		return
	}
	switch {
	case w == 0:
		rd(vX, &s.x)
		t1 := s.x
		rd(vX, &s.x)
		t2 := s.x
		if bug == [3]int{1, 1, 3} {
			check(t2 <= t1+1, "x moved twice between two reads")
		} else {
			check(t1 == t2, "x changed between two reads")
		}
	case bug[0] == 2:
		wr(vX, &s.x)
		s.x = 1
		wr(vX, &s.x)
		s.x = 0
	default:
		wr(vX, &s.x)
		s.x++
	}
}

func (s *mcShared) end(w int, bug [3]int) {
	if bug[0] != 0 || w == 0 || w >= bug[2] {
		return
	}
	if bug[2] == 2 {
		wr(vReady, &s.ready)
		s.ready = 1
		return
	}
	wr(vCnt, &s.cnt)
	s.cnt++
}
