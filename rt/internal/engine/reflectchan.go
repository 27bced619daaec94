package engine

import (
	"reflect"
	"unsafe"
)

// ReflectCase is a channel operation made through package reflect: a case
// of reflect.Select, or the operation of reflect.Value's Send, Recv,
// TrySend or TryRecv. Its channel and value are reflect.Values, so a
// channel of any type shares the model of the channels the rewritten code
// uses directly, and rendezvous with their SendCase and RecvCase.
type ReflectCase struct {
	// C is the case; a send's C.Send already has the channel's element
	// type, and a zero C.Chan is a case that is never ready (as in
	// reflect.Select).
	C reflect.SelectCase
	// V and OK hold, after the case is chosen, what the receive returned.
	V  reflect.Value
	OK bool
}

func (c *ReflectCase) chanKey() unsafe.Pointer {
	if !c.C.Chan.IsValid() {
		return nil
	}
	return c.C.Chan.UnsafePointer()
}

func (c *ReflectCase) isSend() bool                        { return c.C.Dir == reflect.SelectSend }
func (c *ReflectCase) recvOK() bool                        { return c.OK }
func (c *ReflectCase) reflectCase() reflect.SelectCase     { return c.C }
func (c *ReflectCase) setReflect(v reflect.Value, ok bool) { c.V, c.OK = v, ok }

func (c *ReflectCase) lenCap() (int, int) {
	if !c.C.Chan.IsValid() {
		return 0, 0
	}
	return c.C.Chan.Len(), c.C.Chan.Cap()
}

func (c *ReflectCase) trySend() bool {
	return c.isSend() && c.C.Chan.IsValid() && c.C.Chan.TrySend(c.C.Send)
}

func (c *ReflectCase) tryRecv() bool {
	if c.isSend() || !c.C.Chan.IsValid() {
		return false
	}
	v, ok := c.C.Chan.TryRecv()
	if !v.IsValid() {
		return false // it would block
	}
	c.V, c.OK = v, ok
	return true
}

// takeFrom receives the value of send case s, copied into a value of the
// channel's element type as the runtime copies it.
func (c *ReflectCase) takeFrom(s Case) {
	v := reflect.New(c.C.Chan.Type().Elem()).Elem()
	v.Set(s.reflectCase().Send)
	c.V, c.OK = v, true
}
