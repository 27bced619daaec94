package lang122

import "testing"

func TestNoRaceLoopVarAddr(t *testing.T) {
	RunChecks([]Check{{"disk"}, {"net"}})
}

func TestNoRaceLoopVarPair(t *testing.T) {
	srv := &Server{}
	SendPairs(srv, [][2]string{{"a", "b"}, {"c", "d"}})
	if len(srv.got) != 2 {
		t.Errorf("server got %d writes, want 2", len(srv.got))
	}
}
