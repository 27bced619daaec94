package generics

import "sync"

type Box[T any] struct {
	mu  sync.Mutex
	val T
}

func (b *Box[T]) Set(v T) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.val = v
}

func Pipe[T any](in []T) []T {
	ch := make(chan T, len(in))
	for _, v := range in {
		ch <- v
	}
	close(ch)
	var out []T
	for v := range ch {
		out = append(out, v)
	}
	return out
}

func Map[K comparable, V any](m map[K]V, k K) (V, bool) {
	v, ok := m[k]
	return v, ok
}

var global = Box[int]{}

func Use() {
	global.Set(1)
	b := &Box[string]{}
	b.Set("x")
	f := Map[string, int]
	_, _ = f(nil, "a")
	go Pipe([]int{1})
	go Pipe[string](nil)
}

func Core[C ~chan int](c C, d chan<- int) int {
	d <- 1
	v := <-c
	w, ok := <-c
	_ = ok
	select {
	case x := <-c:
		v += x
	case c <- 2:
	}
	for x := range c {
		v += x
	}
	close(c)
	return v + w
}

type lockPtr interface {
	*sync.Mutex
	Lock()
	Unlock()
}

func WithLock[M lockPtr](m M, f func()) {
	m.Lock()
	defer m.Unlock()
	f()
}

func Guarded[L sync.Locker](l L) {
	l.Lock()
	l.Unlock()
}
