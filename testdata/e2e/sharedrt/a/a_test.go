package a

import (
	"testing"

	"example.com/dep"
)

func TestCount(t *testing.T) {
	if got := dep.Count(2); got != 2 {
		t.Fatal(got)
	}
}
