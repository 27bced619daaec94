package rt

import (
	"time"

	"github.com/vtbound/vtbound/rt/internal/engine"
)

// farFuture arms the real timers and tickers behind modelled ones: they
// never fire.
const farFuture = time.Duration(1<<63 - 1)

// NewTimer replaces time.NewTimer. In a controlled goroutine the timer is
// modelled on the virtual clock (see Sleep): a controlled timer goroutine
// sends on C when the clock reaches its deadline, and Stop and Reset
// (through TimerStop and TimerReset) have Go 1.23 semantics: no value
// prepared before they return is received after. The returned *time.Timer
// is a real one that never fires, with C replaced by the modelled channel.
func NewTimer(site int32, d time.Duration) *time.Timer {
	g := ctl()
	if g == nil {
		return time.NewTimer(d)
	}
	ch, h := g.NewTimer(site, d, 0)
	t := time.NewTimer(farFuture)
	t.C = ch
	h.SetProxy(t)
	g.Rooms()[t] = h
	return t
}

// TimerStop replaces t.Stop(); a timer that is not modelled in this
// execution, nor the proxy of one an earlier execution modelled (adopted,
// see engine.G.TimerOf), is stopped natively.
func TimerStop(site int32, t *time.Timer) bool {
	if g := ctl(); g != nil {
		if h := g.TimerOf(t); h != nil {
			return g.TimerStop(site, h)
		}
	}
	return t.Stop()
}

// TimerReset replaces t.Reset(d); see TimerStop.
func TimerReset(site int32, t *time.Timer, d time.Duration) bool {
	if g := ctl(); g != nil {
		if h := g.TimerOf(t); h != nil {
			return g.TimerReset(site, h, d, 0)
		}
	}
	return t.Reset(d)
}

// NewTicker replaces time.NewTicker. In a controlled goroutine the ticker
// is modelled on the virtual clock like NewTimer, by a background timer
// goroutine that sends every d (dropping a tick while the last one is
// unreceived, as time.Ticker does) until stopped. A ticker nobody stops
// does not keep a finished test body's execution alive.
func NewTicker(site int32, d time.Duration) *time.Ticker {
	g := ctl()
	if g == nil {
		return time.NewTicker(d)
	}
	if d <= 0 {
		panic("non-positive interval for NewTicker")
	}
	ch, h := g.NewTimer(site, d, d)
	t := time.NewTicker(farFuture)
	t.Stop() // the real ticker is not needed: Stop and Reset are rewritten
	t.C = ch
	g.Rooms()[t] = h
	return t
}

// Tick replaces time.Tick: the channel of a modelled ticker (see
// NewTicker), or nil when d <= 0.
func Tick(site int32, d time.Duration) <-chan time.Time {
	g := ctl()
	if g == nil {
		return time.Tick(d)
	}
	if d <= 0 {
		return nil
	}
	ch, _ := g.NewTimer(site, d, d)
	return ch
}

// TickerStop replaces t.Stop(); a ticker not modelled in this execution
// is stopped natively.
func TickerStop(site int32, t *time.Ticker) {
	if g := ctl(); g != nil {
		if h, ok := g.Rooms()[t].(*engine.TimerHandle); ok {
			g.TimerStop(site, h)
			return
		}
	}
	t.Stop()
}

// TickerReset replaces t.Reset(d); see TickerStop.
func TickerReset(site int32, t *time.Ticker, d time.Duration) {
	if g := ctl(); g != nil {
		if h, ok := g.Rooms()[t].(*engine.TimerHandle); ok {
			if d <= 0 {
				panic("non-positive interval for Ticker.Reset")
			}
			g.TimerReset(site, h, d, d)
			return
		}
	}
	t.Reset(d)
}
