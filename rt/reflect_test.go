package rt_test

import (
	"reflect"
	"testing"

	"github.com/vtbound/vtbound/rt"
)

// recvCase and sendCase are reflect.Select cases.
func recvCase(ch any) reflect.SelectCase {
	return reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(ch)}
}

func sendCase(ch, v any) reflect.SelectCase {
	return reflect.SelectCase{Dir: reflect.SelectSend, Chan: reflect.ValueOf(ch), Send: reflect.ValueOf(v)}
}

// reflectPrimitives are channel operations made through package reflect
// (rt/reflect.go), with controlled partners.
func reflectPrimitives() []primitive {
	return []primitive{
		// reflect.Value's setters and getters access the value's memory,
		// as the race detector sees them.
		{name: "reflect-set-races-with-int", oracle: "data race", report: []string{"write", "read"}, body: func(t *testing.T, o *outcomes) {
			i := 0
			v := reflect.ValueOf(&i).Elem()
			done := rt.MakeChan[bool](pChan, 1)
			rt.Go(pGo, func() { rt.ReflectSet(pSched, v, reflect.ValueOf(1)); rt.Send(pChan, done, true) })
			_ = rt.ReflectInt(pSched, v)
			rt.Recv(pChan, done)
		}},
		{name: "reflect-copy-ordered", only: []string{"copied=2 b=[7 7]"}, body: func(t *testing.T, o *outcomes) {
			a, b := []int{7, 7}, make([]int, 2)
			done := rt.MakeChan[bool](pChan, 0)
			n := 0
			rt.Go(pGo, func() { n = rt.ReflectCopy(pSched, reflect.ValueOf(b), reflect.ValueOf(a)); rt.Send(pChan, done, true) })
			rt.Recv(pChan, done)
			rt.ReflectSetInt(pSched, reflect.ValueOf(&a[0]).Elem(), 1)
			o.add("copied=%d b=%v", n, b)
		}},
		{name: "reflect-select-woken-by-send", body: func(t *testing.T, o *outcomes) {
			// A multiplexer in reflect.Select receives what a controlled
			// goroutine sends: natively it always does.
			a, b := rt.MakeChan[int](pChan, 0), rt.MakeChan[int](pChan, 0)
			rt.Go(pGo, func() { rt.Send(pChan, b, 7) })
			i, v, ok := rt.ReflectSelect(pChan, []reflect.SelectCase{recvCase(a), recvCase(b)})
			o.add("%d %v %v", i, v.Interface(), ok)
		}, only: []string{"1 7 true"}},
		{name: "reflect-select-sends-to-controlled-receiver", body: func(t *testing.T, o *outcomes) {
			// The value is converted to the channel's element type.
			ch := rt.MakeChan[any](pChan, 0)
			rt.Go(pGo, func() {
				i, _, _ := rt.ReflectSelect(pChan, []reflect.SelectCase{sendCase(ch, 5)})
				o.add("sent%d", i)
			})
			o.add("got%v", rt.Recv(pChan, ch))
		}, seen: []string{"got5 sent0", "sent0 got5"}, only: []string{"got5 sent0", "sent0 got5"}},
		{name: "reflect-select-default-or-case", body: func(t *testing.T, o *outcomes) {
			ch := rt.MakeChan[int](pChan, 1)
			rt.Go(pGo, func() { rt.Send(pChan, ch, 3) })
			i, _, _ := rt.ReflectSelect(pChan, []reflect.SelectCase{{Dir: reflect.SelectDefault}, recvCase(ch)})
			o.add("%d", i)
		}, seen: []string{"0", "1"}, only: []string{"0", "1"}},
		{name: "reflect-select-zero-chan-ignored", body: func(t *testing.T, o *outcomes) {
			ch := rt.MakeChan[int](pChan, 0)
			rt.Go(pGo, func() { rt.Send(pChan, ch, 2) })
			i, v, _ := rt.ReflectSelect(pChan, []reflect.SelectCase{{Dir: reflect.SelectRecv}, recvCase(ch)})
			o.add("%d %v", i, v.Interface())
		}, only: []string{"1 2"}},
		{name: "reflect-value-send-recv-close", body: func(t *testing.T, o *outcomes) {
			ch := rt.MakeChan[int](pChan, 0)
			cv := reflect.ValueOf(ch)
			rt.Go(pGo, func() {
				rt.ReflectSend(pChan, cv, reflect.ValueOf(4))
				rt.ReflectClose(pChan, cv)
			})
			v, ok := rt.ReflectRecv(pChan, cv)
			w, ok2 := rt.ReflectRecv(pChan, cv)
			o.add("%v %v %v %v", v.Interface(), ok, w.Interface(), ok2)
		}, only: []string{"4 true 0 false"}},
		{name: "close-any-wakes-receiver", body: func(t *testing.T, o *outcomes) {
			// close of a type parameter's channel of several element types.
			ch := rt.MakeChan[string](pChan, 0)
			rt.Go(pGo, func() { rt.CloseAny(pChan, ch) })
			v, ok := rt.Recv2(pChan, ch)
			o.add("%q %v", v, ok)
		}, only: []string{`"" false`}},
		{name: "reflect-value-try", body: func(t *testing.T, o *outcomes) {
			ch := rt.MakeChan[int](pChan, 1)
			cv := reflect.ValueOf(ch)
			v, ok := rt.ReflectTryRecv(pChan, cv)
			o.add("%v %v %v", v.IsValid(), ok, rt.ReflectTrySend(pChan, cv, reflect.ValueOf(1)))
			o.add("%v", rt.ReflectTrySend(pChan, cv, reflect.ValueOf(2)))
		}, only: []string{"false false true false"}},
		{name: "reflect-select-rejected-case", oracle: "panic", report: []string{"reflect.Select: SendDir case using recv-only channel"},
			body: func(t *testing.T, o *outcomes) {
				var ch <-chan int = rt.MakeChan[int](pChan, 0)
				rt.ReflectSelect(pChan, []reflect.SelectCase{sendCase(ch, 1)})
			}},
		{name: "reflect-select-deadlock", oracle: "deadlock", report: []string{"all goroutines are blocked"},
			body: func(t *testing.T, o *outcomes) {
				ch := rt.MakeChan[int](pChan, 0)
				rt.Go(pGo, func() {})
				rt.ReflectSelect(pChan, []reflect.SelectCase{recvCase(ch)})
			}},
	}
}
