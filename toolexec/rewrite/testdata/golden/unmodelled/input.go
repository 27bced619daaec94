package unmodelled

import (
	"sync"
	"sync/atomic"
	"time"
)

type Pipe chan int

type Flag bool

func Run(l sync.Locker, mu *sync.Mutex, n *atomic.Int64, f func(Flag), a, b int) {
	l.Lock()
	l.Unlock()
	(*sync.Mutex).Lock(mu)
	mu.Unlock()
	p := make(Pipe, 1)
	p <- 1
	load := n.Load
	_ = load()
	sleep := time.Sleep
	sleep(1)
	now := time.Now // a function value: modelled (funcvalue.go)
	_ = now()
	go f(a == b)
	once := sync.OnceFunc(func() {})
	once()
	var ok Flag
	var v int
	v, ok2 := <-p
	_, _ = v, ok2
	_ = ok
}
