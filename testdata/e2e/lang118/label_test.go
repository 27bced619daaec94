package lang118

import (
	"sync"
	"testing"
)

// setTwice sets the label from two goroutines.
func setTwice(set func(string) int) {
	var wg sync.WaitGroup
	for _, s := range []string{"alpha", "beta"} {
		wg.Add(1)
		go func(s string) {
			defer wg.Done()
			set(s)
		}(s)
	}
	wg.Wait()
}

func TestRaceCopyString(t *testing.T) {
	var l Label
	setTwice(l.Set)
}

func TestNoRaceCopyString(t *testing.T) {
	var l Label
	setTwice(l.SetLocked)
	if got := Max(string(l.buf[:4]), ""); got != "alph" && got != "beta" {
		t.Errorf("label %q, want one of the two", got)
	}
}
