package cgo

import "testing"

func TestTwice(t *testing.T) {
	got := Twice([]int{1, 2, 3})
	if got[0] != 2 || got[1] != 4 || got[2] != 6 {
		t.Fatalf("Twice = %v", got)
	}
}
