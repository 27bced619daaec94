package rt

import "unsafe"

// ReadRange precedes a tracked read of the size bytes at addr: a whole
// struct or array, or the slice elements that copy and append read. It
// conflicts with an access to any field or element inside the range.
func ReadRange(site int32, addr unsafe.Pointer, size uintptr) {
	if g := ctl(); g != nil {
		g.AccessRange(site, addr, size, false)
	}
}

// WriteRange precedes a tracked write of the size bytes at addr (see
// ReadRange).
func WriteRange(site int32, addr unsafe.Pointer, size uintptr) {
	if g := ctl(); g != nil {
		g.AccessRange(site, addr, size, true)
	}
}

// Map precedes a tracked operation on the map m: an index, comma-ok,
// len or range is a read, an assignment, op-assignment, delete or clear is
// a write. As in the race detector, the location is the map object, not
// one key. A nil map is not an access (reading it races with nothing,
// writing it panics).
func Map[M any](site int32, m M, write bool) {
	p := *(*unsafe.Pointer)(unsafe.Pointer(&m))
	if p == nil {
		return
	}
	if g := ctl(); g != nil {
		g.Access(site, p, write)
	}
}

// Copy precedes copy(dst, src): a read of the elements of src and a write
// of the elements of dst that the copy touches.
func Copy[E any](site int32, dst, src []E) {
	n := min(len(dst), len(src))
	if n == 0 {
		return
	}
	size := uintptr(n) * unsafe.Sizeof(src[0])
	ReadRange(site, unsafe.Pointer(unsafe.SliceData(src)), size)
	WriteRange(site, unsafe.Pointer(unsafe.SliceData(dst)), size)
}

// Append precedes append(s, xs...): when s has room, a write of the new
// elements in its backing array; otherwise a read of the old elements,
// which append copies into a new array that no other goroutine can see
// yet. spread says whether xs is the caller's slice (append(s, xs...)),
// whose elements are then read too.
func Append[E any](site int32, s, xs []E, spread bool) {
	var e E
	size := unsafe.Sizeof(e)
	if spread && len(xs) > 0 {
		ReadRange(site, unsafe.Pointer(unsafe.SliceData(xs)), uintptr(len(xs))*size)
	}
	switch {
	case len(xs) == 0:
	case cap(s)-len(s) >= len(xs):
		WriteRange(site, unsafe.Pointer(unsafe.SliceData(s[len(s):len(s)+1])), uintptr(len(xs))*size)
	case len(s) > 0:
		ReadRange(site, unsafe.Pointer(unsafe.SliceData(s)), uintptr(len(s))*size)
	}
}

// Slice precedes an operation on all elements of s (clear(s)).
func Slice[E any](site int32, s []E, write bool) {
	if len(s) == 0 {
		return
	}
	var e E
	if g := ctl(); g != nil {
		g.AccessRange(site, unsafe.Pointer(unsafe.SliceData(s)), uintptr(len(s))*unsafe.Sizeof(e), write)
	}
}
