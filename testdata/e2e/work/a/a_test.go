package a

import "testing"

func TestArrivals(t *testing.T) {
	if got := Arrivals(3); got != 3 {
		t.Fatalf("Arrivals = %d, want 3", got)
	}
}
