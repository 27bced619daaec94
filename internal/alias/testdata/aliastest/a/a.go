package a

import "sync"

var counter int

var items []int

var table = map[string]int{}

type T struct {
	n  int
	mu sync.Mutex
}

type Outer struct {
	T
	m int
}

func globals() {
	counter++      // WANT: shared example.com/aliastest/a.counter // OBJECTS: example.com/aliastest/a.counter
	items[0] = 1   // WANT: shared elem:example.com/aliastest/a.items
	table["k"] = 2 // WANT: shared elem:example.com/aliastest/a.table
}

func closureGo() {
	x := 0
	done := make(chan bool)
	go func() {
		x = 1 // WANT: shared a.go:28:2
		done <- true
	}()
	<-done
	_ = x // WANT: shared a.go:28:2
}

func closureLocal() int {
	y := 0
	func() {
		y++ // WANT: local a.go:39:2
	}()
	return y
}

func lifted() int {
	z := 0
	for i := 0; i < 3; i++ {
		z += i // WANT: local a.go:47:2
	}
	return z
}

func localObject() int {
	p := &T{}
	p.n = 1 // WANT: local example.com/aliastest/a.T.n
	return p.n
}

func sendPointer(ch chan *T) {
	q := &T{}
	ch <- q
	q.n = 2 // WANT: shared example.com/aliastest/a.T.n // OBJECTS: alloc:a.go:61:9
}

func use(o *Outer) { o.m++ } // WANT: shared example.com/aliastest/a.Outer.m // OBJECTS: alloc:a.go:69:13

func embedded() {
	o := &Outer{}
	go use(o)
	o.n = 3 // WANT: shared example.com/aliastest/a.T.n
	o.m = 4 // WANT: shared example.com/aliastest/a.Outer.m
}

func localSlice() int {
	ls := make([]int, 3)
	ls[1] = 5 // WANT: local elem:alloc:a.go:76:12
	return ls[1]
}

func sharedSliceOfObjects() {
	objs := []*T{{}, {}}
	go func() {
		objs[0].n++ // WANT: shared example.com/aliastest/a.T.n
	}()
	objs[1].n++ // WANT: shared example.com/aliastest/a.T.n
}

func (t *T) inc() { t.n++ } // WANT: shared example.com/aliastest/a.T.n

func methodValue() {
	c := &T{}
	f := c.inc
	go f()
}

type Box[V any] struct{ v V }

func (b *Box[V]) Set(v V) { b.v = v } // WANT: shared example.com/aliastest/a.Box.v

func lockedCounter(c *T) {
	c.mu.Lock()
	c.n++ // WANT: shared example.com/aliastest/a.T.n
	c.mu.Unlock()
}

func Exported(p *int) {
	*p = 1 // WANT: shared type:int // OBJECTS: type:int
}

func Heap() *T {
	return &T{} // ALLOC: shared
}

func worker(t *T) { t.n = 9 } // WANT: shared example.com/aliastest/a.T.n // OBJECTS: alloc:a.go:118:14

func spawn() {
	go worker(&T{}) // ALLOC: shared
	local := &T{}   // ALLOC: local
	local.n = 1
}

func lockers() {
	c := &T{}
	go lockedCounter(c)
	lockedCounter(c)
}

type pair struct{ x, y int }

// sink is called dynamically: its arguments are shared.
var sink = func(...any) {}

func varargsNotAWrite() int {
	p := &pair{}
	sink(p.x, p.y) // WANT: local example.com/aliastest/a.pair.x
	return p.x
}

// many hands several closures to one function: their environments are
// unified, yet each captured variable keeps its own group.
func many(fns ...func()) {
	for _, f := range fns {
		go f()
	}
}

func capturedNames() {
	first := 0
	second := 0
	many(func() {
		first++ // WANT: shared a.go:149:2
	}, func() {
		second++ // WANT: shared a.go:150:2
	})
}
