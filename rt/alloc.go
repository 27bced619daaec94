package rt

import "unsafe"

// NewObj records p, just allocated at site (new(T), &T{...}, or a local
// variable whose address is taken or that a closure captures), and
// returns p. When the search asks for object identities (dpor with wakeup
// trees), the engine then names every location inside *p across
// executions by the allocating goroutine, the index of the allocation in
// it and the offset, instead of by first use (see docs/dpor.md, "Object
// identity"). It is not a scheduling point and costs a nil check when the
// caller is not controlled or identities are not asked for.
func NewObj[T any](site int32, p *T) *T {
	if g := ctl(); g != nil {
		g.NoteAlloc(site, unsafe.Pointer(p), unsafe.Sizeof(*p))
	}
	return p
}

// MakeSlice records the backing array of s, just made at site
// (make([]E, n) or make([]E, n, c): all cap(s) elements), as NewObj does
// for one object, and returns s.
func MakeSlice[E any](site int32, s []E) []E {
	if g := ctl(); g != nil && cap(s) > 0 {
		var e E
		g.NoteAlloc(site, unsafe.Pointer(unsafe.SliceData(s)), uintptr(cap(s))*unsafe.Sizeof(e))
	}
	return s
}
