package rt

import (
	"reflect"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
)

// ReflectSelect replaces reflect.Select: in a controlled goroutine the
// cases are one select of the engine, sharing the model of the channels
// that rewritten code uses directly, so a goroutine waiting in
// reflect.Select is woken by a controlled send and is a partner of it.
// Cases reflect.Select rejects are passed to it, which panics as natively.
func ReflectSelect(site int32, cases []reflect.SelectCase) (int, reflect.Value, bool) {
	g := ctl()
	if g == nil || !selectable(cases) {
		if g == nil {
			for _, c := range cases {
				noteForeignChan(c.Chan)
			}
		}
		return reflect.Select(cases)
	}
	ecs := make([]engine.Case, 0, len(cases))
	var idx []int
	def := -1
	for i, c := range cases {
		if c.Dir == reflect.SelectDefault {
			def = i
			continue
		}
		ecs = append(ecs, &engine.ReflectCase{C: withElemType(c)})
		idx = append(idx, i)
	}
	i := g.Select(site, sched.OpSelect, def >= 0, ecs)
	if i < 0 {
		return def, reflect.Value{}, false
	}
	rc := ecs[i].(*engine.ReflectCase)
	if rc.C.Dir == reflect.SelectSend {
		return idx[i], reflect.Value{}, false
	}
	return idx[i], rc.V, rc.OK
}

// selectable reports whether reflect.Select accepts cases (see its
// checks): one default case at most, with neither channel nor value;
// sends with a value assignable to the element type of a channel that can
// send; receives without a value on a channel that can receive. A zero
// channel value is a case that is never ready.
func selectable(cases []reflect.SelectCase) bool {
	defaults := 0
	for _, c := range cases {
		switch c.Dir {
		case reflect.SelectDefault:
			defaults++
			if defaults > 1 || c.Chan.IsValid() || c.Send.IsValid() {
				return false
			}
		case reflect.SelectSend:
			if c.Chan.IsValid() && !canSend(c.Chan, c.Send) {
				return false
			}
		case reflect.SelectRecv:
			if c.Send.IsValid() || c.Chan.IsValid() && !canRecv(c.Chan) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// canSend reports whether reflect would send x on ch without panicking.
func canSend(ch, x reflect.Value) bool {
	return ch.Kind() == reflect.Chan && ch.Type().ChanDir()&reflect.SendDir != 0 &&
		x.IsValid() && x.CanInterface() && x.Type().AssignableTo(ch.Type().Elem())
}

// canRecv reports whether reflect would receive from ch without panicking.
func canRecv(ch reflect.Value) bool {
	return ch.Kind() == reflect.Chan && ch.Type().ChanDir()&reflect.RecvDir != 0
}

// withElemType returns c with a send's value converted to the channel's
// element type, as reflect.Select assigns it before sending.
func withElemType(c reflect.SelectCase) reflect.SelectCase {
	if c.Dir == reflect.SelectSend && c.Chan.IsValid() {
		v := reflect.New(c.Chan.Type().Elem()).Elem()
		v.Set(c.Send)
		c.Send = v
	}
	return c
}

// ReflectSend replaces ch.Send(x) on a reflect.Value.
func ReflectSend(site int32, ch, x reflect.Value) {
	if g := ctl(); g == nil || !canSend(ch, x) {
		noteForeignIf(g, ch)
		ch.Send(x)
		return
	}
	ReflectSelect(site, []reflect.SelectCase{{Dir: reflect.SelectSend, Chan: ch, Send: x}})
}

// ReflectRecv replaces ch.Recv() on a reflect.Value.
func ReflectRecv(site int32, ch reflect.Value) (reflect.Value, bool) {
	if g := ctl(); g == nil || !canRecv(ch) {
		noteForeignIf(g, ch)
		return ch.Recv()
	}
	_, v, ok := ReflectSelect(site, []reflect.SelectCase{{Dir: reflect.SelectRecv, Chan: ch}})
	return v, ok
}

// ReflectTrySend replaces ch.TrySend(x) on a reflect.Value: a select with
// a default case.
func ReflectTrySend(site int32, ch, x reflect.Value) bool {
	if g := ctl(); g == nil || !canSend(ch, x) {
		noteForeignIf(g, ch)
		return ch.TrySend(x)
	}
	i, _, _ := ReflectSelect(site, []reflect.SelectCase{{Dir: reflect.SelectSend, Chan: ch, Send: x}, {Dir: reflect.SelectDefault}})
	return i == 0
}

// ReflectTryRecv replaces ch.TryRecv() on a reflect.Value: a select with a
// default case; (zero Value, false) when it would block.
func ReflectTryRecv(site int32, ch reflect.Value) (reflect.Value, bool) {
	if g := ctl(); g == nil || !canRecv(ch) {
		noteForeignIf(g, ch)
		return ch.TryRecv()
	}
	_, v, ok := ReflectSelect(site, []reflect.SelectCase{{Dir: reflect.SelectRecv, Chan: ch}, {Dir: reflect.SelectDefault}})
	return v, ok
}

// ReflectClose replaces ch.Close() on a reflect.Value.
func ReflectClose(site int32, ch reflect.Value) {
	g := ctl()
	if g == nil || ch.Kind() != reflect.Chan || ch.Type().ChanDir()&reflect.SendDir == 0 {
		ch.Close()
		noteForeignIf(g, ch)
		return
	}
	g.Close(site, ch.UnsafePointer(), ch.Close)
}

// CloseAny replaces close(ch) where the type of ch is a type parameter
// whose channel types have several element types, so that no Close[T]
// accepts it: ch is the channel as an interface value.
func CloseAny(site int32, ch any) {
	ReflectClose(site, reflect.ValueOf(ch))
}

// noteForeignIf tells the engine, when the caller is not controlled (g is
// nil), that uncontrolled code uses the channel ch (see
// engine.NoteForeign). A value that is not a channel is ignored.
func noteForeignIf(g *engine.G, ch reflect.Value) {
	if g == nil {
		noteForeignChan(ch)
	}
}

// noteForeignChan is engine.NoteForeign for a channel as a reflect.Value.
func noteForeignChan(ch reflect.Value) {
	if ch.IsValid() && ch.Kind() == reflect.Chan {
		engine.NoteForeign(ch.UnsafePointer())
	}
}
