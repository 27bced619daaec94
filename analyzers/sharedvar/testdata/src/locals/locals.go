package locals

import "sync"

type T struct{ n int }

func worker(wg *sync.WaitGroup) {
	defer wg.Done()
	local := 0
	for i := 0; i < 10; i++ {
		local += i
	}
	buf := make([]int, 10)
	buf[0] = local
	p := &T{}
	p.n = buf[0]
	m := map[int]int{}
	m[1] = p.n
}

func run() {
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go worker(&wg)
	}
	wg.Wait()
}

// pipeline shares the captured variable in, but only reads it after its
// initialisation: not reported.
func pipeline() int {
	in := make(chan int)
	go func() { in <- 1 }()
	return <-in
}

// fresh initialises a map literal and only then publishes it: the literal's
// writes are initialisation, not reported.
func fresh(out chan map[string]int) {
	out <- map[string]int{"a": 1}
}
