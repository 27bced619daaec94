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

// ReflectSet replaces v.Set(x): a read of x and a write of v.
func ReflectSet(site int32, v, x reflect.Value) {
	reflectAccess(site, x, false)
	reflectAccess(site, v, true)
	v.Set(x)
}

// ReflectSetInt replaces v.SetInt(x).
func ReflectSetInt(site int32, v reflect.Value, x int64) {
	reflectAccess(site, v, true)
	v.SetInt(x)
}

// ReflectSetUint replaces v.SetUint(x).
func ReflectSetUint(site int32, v reflect.Value, x uint64) {
	reflectAccess(site, v, true)
	v.SetUint(x)
}

// ReflectSetFloat replaces v.SetFloat(x).
func ReflectSetFloat(site int32, v reflect.Value, x float64) {
	reflectAccess(site, v, true)
	v.SetFloat(x)
}

// ReflectSetComplex replaces v.SetComplex(x).
func ReflectSetComplex(site int32, v reflect.Value, x complex128) {
	reflectAccess(site, v, true)
	v.SetComplex(x)
}

// ReflectSetBool replaces v.SetBool(x).
func ReflectSetBool(site int32, v reflect.Value, x bool) {
	reflectAccess(site, v, true)
	v.SetBool(x)
}

// ReflectSetString replaces v.SetString(x).
func ReflectSetString(site int32, v reflect.Value, x string) {
	reflectAccess(site, v, true)
	v.SetString(x)
}

// ReflectSetBytes replaces v.SetBytes(x): a write of the slice v.
func ReflectSetBytes(site int32, v reflect.Value, x []byte) {
	reflectAccess(site, v, true)
	v.SetBytes(x)
}

// ReflectSetZero replaces v.SetZero().
func ReflectSetZero(site int32, v reflect.Value) {
	reflectAccess(site, v, true)
	v.SetZero()
}

// ReflectInt replaces v.Int().
func ReflectInt(site int32, v reflect.Value) int64 {
	reflectAccess(site, v, false)
	return v.Int()
}

// ReflectUint replaces v.Uint().
func ReflectUint(site int32, v reflect.Value) uint64 {
	reflectAccess(site, v, false)
	return v.Uint()
}

// ReflectFloat replaces v.Float().
func ReflectFloat(site int32, v reflect.Value) float64 {
	reflectAccess(site, v, false)
	return v.Float()
}

// ReflectComplex replaces v.Complex().
func ReflectComplex(site int32, v reflect.Value) complex128 {
	reflectAccess(site, v, false)
	return v.Complex()
}

// ReflectBool replaces v.Bool().
func ReflectBool(site int32, v reflect.Value) bool {
	reflectAccess(site, v, false)
	return v.Bool()
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
	reflectAccess(site, v, false)
	return v.Bytes()
}

// ReflectInterface replaces v.Interface(): a read of v's value.
func ReflectInterface(site int32, v reflect.Value) any {
	reflectAccess(site, v, false)
	return v.Interface()
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
