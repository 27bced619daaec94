// Package lang122 is written for Go 1.22 (go.mod): the loops of lang120,
// where each iteration now has its own iteration variable, so no goroutine
// races with a later iteration and vtbound must report nothing.
package lang122

import "sync"

// Check is a named check.
type Check struct{ Name string }

// nameLen reads a name through a pointer.
func nameLen(p *string) int { return len(*p) }

// RunChecks starts one goroutine per check, each reading the loop
// variable's field through its address.
func RunChecks(checks []Check) {
	var wg sync.WaitGroup
	for _, c := range checks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			nameLen(&c.Name)
		}()
	}
	wg.Wait()
}

// Server records what it is sent.
type Server struct {
	mu  sync.Mutex
	got []string
}

// Write records v.
func (s *Server) Write(v string) {
	s.mu.Lock()
	s.got = append(s.got, v)
	s.mu.Unlock()
}

// SendPairs sends the first of each pair from its own goroutine.
func SendPairs(srv *Server, tests [][2]string) {
	var wg sync.WaitGroup
	for _, pair := range tests {
		wg.Add(1)
		go func() {
			defer wg.Done()
			srv.Write(pair[0])
		}()
	}
	wg.Wait()
}
