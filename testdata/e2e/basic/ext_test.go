package basic_test

import (
	"testing"

	"example.com/basic"
)

func TestExternal(t *testing.T) {
	if basic.Sum([]int{5}, 1) != 5 {
		t.Fatal("Sum of one number")
	}
}
