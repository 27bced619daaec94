package rt

import (
	"reflect"
	"unsafe"
)

// reflect.Value's getters and setters read and write Go memory inside the
// reflect package, which is never instrumented; the race detector sees
// those accesses, and so does the engine through these functions: on an
// addressable value (a variable reached through a pointer, a slice
// element, a field of one) each is a tracked plain access of the value's
// memory, then the real method.

// reflectAccess models a read or write of v's memory when v is addressable.
func reflectAccess(site int32, v reflect.Value, write bool) {
	g := ctl()
	if g == nil || !v.IsValid() || !v.CanAddr() {
		return
	}
	g.AccessRange(site, unsafe.Pointer(v.UnsafeAddr()), v.Type().Size(), write)
}

// setWith is a setter of v: a write of v's memory, then set.
func setWith[T any](site int32, v reflect.Value, x T, set func(reflect.Value, T)) {
	reflectAccess(site, v, true)
	set(v, x)
}

// getWith is a getter of v: a read of v's memory, then get.
func getWith[T any](site int32, v reflect.Value, get func(reflect.Value) T) T {
	reflectAccess(site, v, false)
	return get(v)
}

// ReflectSet replaces v.Set(x): a read of x and a write of v.
func ReflectSet(site int32, v, x reflect.Value) {
	reflectAccess(site, x, false)
	reflectAccess(site, v, true)
	v.Set(x)
}

// ReflectSetInt replaces v.SetInt(x).
func ReflectSetInt(site int32, v reflect.Value, x int64) {
	setWith(site, v, x, reflect.Value.SetInt)
}

// ReflectSetUint replaces v.SetUint(x).
func ReflectSetUint(site int32, v reflect.Value, x uint64) {
	setWith(site, v, x, reflect.Value.SetUint)
}

// ReflectSetFloat replaces v.SetFloat(x).
func ReflectSetFloat(site int32, v reflect.Value, x float64) {
	setWith(site, v, x, reflect.Value.SetFloat)
}

// ReflectSetComplex replaces v.SetComplex(x).
func ReflectSetComplex(site int32, v reflect.Value, x complex128) {
	setWith(site, v, x, reflect.Value.SetComplex)
}

// ReflectSetBool replaces v.SetBool(x).
func ReflectSetBool(site int32, v reflect.Value, x bool) {
	setWith(site, v, x, reflect.Value.SetBool)
}

// ReflectSetString replaces v.SetString(x).
func ReflectSetString(site int32, v reflect.Value, x string) {
	setWith(site, v, x, reflect.Value.SetString)
}

// ReflectSetBytes replaces v.SetBytes(x): a write of the slice v.
func ReflectSetBytes(site int32, v reflect.Value, x []byte) {
	setWith(site, v, x, reflect.Value.SetBytes)
}

// ReflectSetZero replaces v.SetZero().
func ReflectSetZero(site int32, v reflect.Value) {
	reflectAccess(site, v, true)
	v.SetZero()
}

// ReflectInt replaces v.Int().
func ReflectInt(site int32, v reflect.Value) int64 {
	return getWith(site, v, reflect.Value.Int)
}

// ReflectUint replaces v.Uint().
func ReflectUint(site int32, v reflect.Value) uint64 {
	return getWith(site, v, reflect.Value.Uint)
}

// ReflectFloat replaces v.Float().
func ReflectFloat(site int32, v reflect.Value) float64 {
	return getWith(site, v, reflect.Value.Float)
}

// ReflectComplex replaces v.Complex().
func ReflectComplex(site int32, v reflect.Value) complex128 {
	return getWith(site, v, reflect.Value.Complex)
}

// ReflectBool replaces v.Bool().
func ReflectBool(site int32, v reflect.Value) bool {
	return getWith(site, v, reflect.Value.Bool)
}

// ReflectString replaces v.String(): a read when v holds a string.
func ReflectString(site int32, v reflect.Value) string {
	if v.Kind() == reflect.String {
		reflectAccess(site, v, false)
	}
	return v.String()
}

// ReflectBytes replaces v.Bytes(): a read of the slice v.
func ReflectBytes(site int32, v reflect.Value) []byte {
	return getWith(site, v, reflect.Value.Bytes)
}

// ReflectInterface replaces v.Interface(): a read of v's value.
func ReflectInterface(site int32, v reflect.Value) any {
	return getWith(site, v, reflect.Value.Interface)
}

// ReflectCopy replaces reflect.Copy(dst, src): a write of the elements
// copied into dst and a read of those copied from src.
func ReflectCopy(site int32, dst, src reflect.Value) int {
	n := min(dst.Len(), src.Len())
	if n > 0 {
		if src.Kind() != reflect.String {
			reflectElems(site, src, n, false)
		}
		reflectElems(site, dst, n, true)
	}
	return reflect.Copy(dst, src)
}

// reflectElems models an access to the first n elements of the slice or
// array v, when they are addressable.
func reflectElems(site int32, v reflect.Value, n int, write bool) {
	g := ctl()
	if g == nil || (v.Kind() != reflect.Slice && v.Kind() != reflect.Array) {
		return
	}
	first := v.Index(0)
	if !first.CanAddr() {
		return
	}
	g.AccessRange(site, unsafe.Pointer(first.UnsafeAddr()), uintptr(n)*first.Type().Size(), write)
}
