package pkgchan

import "testing"

func TestRelay(t *testing.T) {
	before := Served()
	go Serve()
	if got := Ask("ping"); got != "re: ping" {
		t.Fatalf("reply %q", got)
	}
	if Served() != before+1 {
		t.Fatalf("served %d, want %d", Served(), before+1)
	}
}
