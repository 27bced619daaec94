// Package oldlang118 is written for Go 1.18: every construct the rewriter
// generates for it must compile at go1.18 (no min, max, clear or range
// over int), or the package would be compiled unchanged.
package oldlang118

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

var (
	mu    sync.Mutex
	wg    sync.WaitGroup
	stock = map[string]int{}
	items []int
	buf   = make([]byte, 8)
	grid  *[4]int
	last  int
	name  string
	hits  int64
)

type point struct{ X, Y int }

var origin point

type shape interface{ area() int }

type square int

func (s square) area() int { return int(s) }

var drawn []shape

func Containers(src []int, str string, p *point) int {
	stock[name] -= 1
	delete(stock, name)
	items[0] = src[1]
	items = append(items, 1, 2)
	items = append(items, src...)
	buf = append(buf, str...)
	n := copy(items, src)
	n += copy(buf, str)
	for i, v := range items {
		n += i * v
	}
	for _, v := range grid {
		n += v
	}
	for last, name = range []string{"a"} {
	}
	for k, c := range stock {
		n += c + len(k)
	}
	origin = *p
	*p = point{}
	drawn = append(drawn, square(n), nil)
	return n + len(string(buf)) + origin.X
}

func Sync(ctx context.Context, ch chan int) int {
	mu.Lock()
	defer mu.Unlock()
	atomic.AddInt64(&hits, 1)
	lock := mu.TryLock
	_ = lock
	wg.Add(1)
	go func() {
		defer wg.Done()
		select {
		case ch <- 1:
		case <-ctx.Done():
		case <-time.After(time.Millisecond):
		}
	}()
	v, ok := <-ch
	if !ok {
		close(ch)
	}
	wg.Wait()
	return v
}
