package reflectmem

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

//line reflectmem.go:3:1
import "reflect"

var _vtbG [1]_vtbrt.Guard

// Bump increments the integer p points to through reflection, as a
// configuration loader or a generic counter does.
//line reflectmem.go:7:1
func Bump(p *int) int64 {
//line reflectmem.go:8:1
	v := reflect.ValueOf(p).Elem()
//line reflectmem.go:9:1
	_vtbrt.ReflectSetInt(_vtbS+1, v, _vtbrt.ReflectInt(_vtbS+0, v)+1)
//line reflectmem.go:10:1
	return _vtbrt.ReflectInt(_vtbS+2, v)
}

// Assign stores x into the variable p points to.
//line reflectmem.go:14:1
func Assign(p any, x any) {
//line reflectmem.go:15:1
	_vtbrt.ReflectSet(_vtbS+3, reflect.ValueOf(p).Elem(), reflect.ValueOf(x))
}

// Fields reads every field of the struct s points to.
//line reflectmem.go:19:1
func Fields(s any) []any {
//line reflectmem.go:20:1
	v := reflect.ValueOf(s).Elem()
//line reflectmem.go:21:1
	out := make([]any, 0, v.NumField())
//line reflectmem.go:22:1
	for i := range v.NumField() {
//line reflectmem.go:23:1
		out = _vtbAppend(0, _vtbS+5, false, out, _vtbrt.ReflectInterface(_vtbS+4, v.Field(i)))
	}
//line reflectmem.go:25:1
	return out
}

// CopyInto copies src into dst.
//line reflectmem.go:29:1
func CopyInto(dst, src []byte) int {
//line reflectmem.go:30:1
	return _vtbrt.ReflectCopy(_vtbS+6, reflect.ValueOf(dst), reflect.ValueOf(src))
}

var _vtbS = _vtbRegister()

var _ = reflect.Copy

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/reflectmem", ""+
		"reflectmem.go\t9\t11\tKSync\t\t\n"+
		"reflectmem.go\t9\t2\tKSync\t\t\n"+
		"reflectmem.go\t10\t9\tKSync\t\t\n"+
		"reflectmem.go\t15\t2\tKSync\t\t\n"+
		"reflectmem.go\t23\t21\tKSync\t\t\n"+
		"reflectmem.go\t23\t9\tKWrite\telem:type:[]any\tappend(out, v.Field(i).Interface())\n"+
		"reflectmem.go\t30\t9\tKOther\t\t\n"+
		"", _vtbG[:])
}

func _vtbR[T any](g int, site int32, p *T) *T {
	if _vtbG[g].On() {
		_vtbrt.Read(site, _vtbunsafe.Pointer(p))
	}
	return p
}

func _vtbW[T any](g int, site int32, p *T) *T {
	if _vtbG[g].On() {
		_vtbrt.Write(site, _vtbunsafe.Pointer(p))
	}
	return p
}

func _vtbAppend[S ~[]E, E any](g int, site int32, spread bool, s S, xs ...E) S {
	if _vtbG[g].On() {
		_vtbrt.Append(site, s, xs, spread)
	}
	return append(s, xs...)
}
