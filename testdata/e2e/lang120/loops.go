// Package lang120 is written for Go 1.20 (go.mod): an iteration variable
// declared with := is one variable for the whole loop, and every iteration
// writes it. A goroutine that an iteration starts and that still reads the
// variable races with the next iteration's write, as the race detector
// reports; vtbound must instrument that write.
package lang120

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

// Label is a fixed-size name buffer.
type Label struct{ buf [8]byte }

// Set copies s into the buffer without locking.
func (l *Label) Set(s string) int { return copy(l.buf[:], s) }
