// Package loopvar120 is written for Go 1.20: an iteration variable
// declared with := is one variable for the whole loop, written by every
// iteration, so a goroutine started in one iteration races with the next
// one's write.
package loopvar120

import "sync"

type check struct{ Name string }

func use(p *string) int { return len(*p) }

type server struct {
	mu  sync.Mutex
	got []string
}

func (s *server) Write(v string) {
	s.mu.Lock()
	s.got = append(s.got, v)
	s.mu.Unlock()
}

func Checks(checks []check) {
	var wg sync.WaitGroup
	for _, c := range checks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			use(&c.Name)
		}()
	}
	wg.Wait()
}

func Pairs(srv *server, tests [][2]string) {
	var wg sync.WaitGroup
	for i, pair := range tests {
		wg.Add(1)
		go func() {
			defer wg.Done()
			srv.Write(pair[0])
		}()
		_ = i
	}
	wg.Wait()
}

func Keys(m map[string]int, out chan string) {
	for k := range m {
		go func() { out <- k }()
	}
}

func Received(in chan int, out chan int) {
	for v := range in {
		go func() { out <- v }()
	}
}

func Counted(n int, out chan int) {
	for i := 0; i < n; i++ {
		go func() { out <- i }()
	}
}

// Local iteration variables no closure captures are not shared.
func Local(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}
