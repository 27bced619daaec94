package usesrt

import (
	"sync"
	"testing"

	"github.com/vtbound/vtbound/rt"
)

func TestDirect(t *testing.T) {
	rt.Test(t, func(t *testing.T) {
		var mu sync.Mutex
		rt.Go(0, func() { rt.Lock(0, &mu); rt.Unlock(0, &mu) })
		mu.Lock()
		mu.Unlock()
	})
}
