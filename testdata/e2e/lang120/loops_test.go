package lang120

import (
	"sync"
	"testing"
)

func TestRaceLoopVarAddr(t *testing.T) {
	RunChecks([]Check{{"disk"}, {"net"}})
}

func TestRaceLoopVarPair(t *testing.T) {
	RunPairs(t)
}

// RunPairs sends two pairs to a server.
func RunPairs(t *testing.T) {
	srv := &Server{}
	SendPairs(srv, [][2]string{{"a", "b"}, {"c", "d"}})
	if len(srv.got) != 2 {
		t.Errorf("server got %d writes, want 2", len(srv.got))
	}
}

func TestRaceCopyString(t *testing.T) {
	var l Label
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); l.Set("alpha") }()
	go func() { defer wg.Done(); l.Set("beta") }()
	wg.Wait()
}

// TestNoRaceLoopVarParam passes the loop variable as an argument: each
// goroutine has its own copy.
func TestNoRaceLoopVarParam(t *testing.T) {
	srv := &Server{}
	var wg sync.WaitGroup
	for _, pair := range [][2]string{{"a", "b"}, {"c", "d"}} {
		wg.Add(1)
		go func(pair [2]string) {
			defer wg.Done()
			srv.Write(pair[0])
		}(pair)
	}
	wg.Wait()
}
