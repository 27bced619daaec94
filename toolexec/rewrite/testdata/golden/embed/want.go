package embed

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

//line embed.go:3:1
import _ "embed"

var _vtbG [1]_vtbrt.Guard

//go:embed data.txt
//line embed.go:6:1
var data string

//line embed.go:8:1
func Data() string {
//line embed.go:8:21
	if _vtbG[0].On() {
		_vtbrt.Read(_vtbS+0, _vtbunsafe.Pointer(&data))
	}
//line embed.go:8:21
	return data
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/embed", ""+
		"embed.go\t8\t29\tKRead\texample.com/embed.data\tdata\n"+
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
