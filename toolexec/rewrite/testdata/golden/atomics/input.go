package atomics

import (
	"sync/atomic"
	"unsafe"
)

var hits int64

type Stats struct {
	n     atomic.Int64
	flag  atomic.Bool
	ptr   atomic.Pointer[Stats]
	val   atomic.Value
	count uint32
	atomic.Uint64
}

func next() int64 { return 1 }

func Record(s *Stats, p *unsafe.Pointer) int64 {
	atomic.AddInt64(&hits, 1)
	atomic.StoreUint32(&s.count, 2)
	old := atomic.LoadInt64(&hits)
	atomic.CompareAndSwapInt64(&hits, old, next())
	atomic.SwapPointer(p, nil)
	s.n.Add(1)
	s.flag.Store(true)
	if s.flag.Load() {
		s.ptr.Store(s)
	}
	s.val.Store("x")
	s.Add(3)
	q := s.ptr.Load()
	_ = q
	return s.n.Load() + int64(s.Uint64.Load())
}

func Ordered(s *Stats, ch chan int64) int64 {
	atomic.AddInt64(&hits, next())
	s.n.Store(<-ch)
	v := s.n.Add(next())
	s.n.Add(1)
	return v
}
