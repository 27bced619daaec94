package wholevalues

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

var _vtbG [6]_vtbrt.Guard

//line wholevalues.go:3:1
type Point struct{ X, Y int32 }

//line wholevalues.go:5:1
type Box struct {
	Min, Max Point
	Tags     [2]string
}

//line wholevalues.go:10:1
var (
	origin Point
	boxes  []Box
)

//line wholevalues.go:15:1
func Copy(b *Box) Point {
//line wholevalues.go:16:1
	*_vtbWR(0, _vtbS+0, &*b) = Box{}
//line wholevalues.go:17:1
	c := *_vtbRR(0, _vtbS+1, &*b)
//line wholevalues.go:18:1
	*_vtbWR(1, _vtbS+2, &origin) = c.Min
//line wholevalues.go:19:1
	if _vtbG[2].On() {
		_vtbrt.Write(_vtbS+3, _vtbunsafe.Pointer(&b.Max.Y))
	}
//line wholevalues.go:19:1
	b.Max.Y = 3
//line wholevalues.go:20:1
	if _vtbG[3].On() {
		_vtbrt.Read(_vtbS+4, _vtbunsafe.Pointer(&boxes))
	}
//line wholevalues.go:20:1
	*_vtbWR(4, _vtbS+5, &boxes[0]) = c
//line wholevalues.go:21:1
	return *_vtbRR(5, _vtbS+6, &b.Min)
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/wholevalues", ""+
		"wholevalues.go\t16\t2\tKWrite\ttype:example.com/wholevalues.Box\t*b\n"+
		"wholevalues.go\t17\t7\tKRead\ttype:example.com/wholevalues.Box\t*b\n"+
		"wholevalues.go\t18\t2\tKWrite\texample.com/wholevalues.origin\torigin\n"+
		"wholevalues.go\t19\t2\tKWrite\texample.com/wholevalues.Box.Max\tb.Max.Y\n"+
		"wholevalues.go\t20\t2\tKRead\texample.com/wholevalues.boxes\tboxes\n"+
		"wholevalues.go\t20\t2\tKWrite\telem:example.com/wholevalues.boxes\tboxes[0]\n"+
		"wholevalues.go\t21\t9\tKRead\texample.com/wholevalues.Box.Min\tb.Min\n"+
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

func _vtbRR[T any](g int, site int32, p *T) *T {
	if _vtbG[g].On() {
		_vtbrt.ReadRange(site, _vtbunsafe.Pointer(p), _vtbunsafe.Sizeof(*p))
	}
	return p
}

func _vtbWR[T any](g int, site int32, p *T) *T {
	if _vtbG[g].On() {
		_vtbrt.WriteRange(site, _vtbunsafe.Pointer(p), _vtbunsafe.Sizeof(*p))
	}
	return p
}
