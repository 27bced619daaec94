package vendored

import "testing"

func TestAddAll(t *testing.T) {
	if got := AddAll([]int{1, 2, 3}); got != 6 {
		t.Fatalf("AddAll = %d, want 6", got)
	}
}
