package rt

import (
	"testing"
	"testing/synctest"
)

// SynctestTest replaces testing/synctest.Test. In a controlled goroutine
// f runs in a modelled bubble (the engine's synctest.go): its goroutines
// are controlled and explored like any others, the bubble's clock starts
// at midnight UTC 2000-01-01 and moves only when no goroutine can run,
// and SynctestTest returns when every goroutine of the bubble has exited;
// a bubble whose goroutines are all durably blocked for good is reported
// as a deadlock. f gets t itself: its t.Context() is a context of the
// bubble's own, cancelled when f returns, and the functions it registers
// with t.Cleanup run in the bubble after f, as with the T synctest.Test
// gives f natively. Otherwise synctest.Test(t, f) is called.
func SynctestTest(site int32, t *testing.T, f func(*testing.T)) {
	g := ctl()
	if g == nil {
		synctest.Test(t, f)
		return
	}
	rooms := g.Rooms()
	key := tContextKey{t}
	outer, had := rooms[key]
	delete(rooms, key) // t.Context() in the bubble is the bubble's own
	g.Synctest(site, func() { f(t) })
	if had {
		rooms[key] = outer
	} else {
		delete(rooms, key)
	}
}

// SynctestWait replaces testing/synctest.Wait. In a controlled goroutine
// of a modelled bubble (see SynctestTest) it returns when every other
// goroutine of the bubble is durably blocked or has exited; otherwise
// synctest.Wait is called (which panics outside a bubble).
func SynctestWait(site int32) {
	if g := ctl(); g != nil && g.SynctestWait(site) {
		return
	}
	synctest.Wait()
}
