package waitgroup

import "sync"

type Lazy struct {
	once sync.Once
	cond *sync.Cond
	val  int
}

func (l *Lazy) Get() int {
	l.once.Do(func() { l.val = 42 })
	return l.val
}

func (l *Lazy) Wait(ready *bool) {
	l.cond.L.Lock()
	for !*ready {
		l.cond.Wait()
	}
	l.cond.L.Unlock()
	l.cond.Signal()
	l.cond.Broadcast()
}

func Fan(n int) int {
	var wg sync.WaitGroup
	var mu sync.Mutex
	total := 0
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			total += i
			mu.Unlock()
		}()
	}
	wg.Go(func() { mu.Lock(); total++; mu.Unlock() })
	wg.Wait()
	done := wg.Done
	_ = done
	return total
}

func Values(l *Lazy, wg *sync.WaitGroup, mu *sync.RWMutex) {
	try := mu.TryRLock
	_ = try()
	add := wg.Add
	add(1)
	spawn := wg.Go
	spawn(func() {})
	do := l.once.Do
	do(func() {})
}
