package inventory

import (
	"sync"
	"testing"
)

func TestReserveNeverOversells(t *testing.T) {
	inv := New(map[string]int{"widget": 1})
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			inv.Reserve("widget", 1)
		}()
	}
	wg.Wait()
	if got := inv.Available("widget"); got < 0 {
		t.Fatalf("stock of widget is %d after two reservations of the last one", got)
	}
}
