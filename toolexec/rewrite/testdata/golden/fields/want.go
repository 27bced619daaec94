package fields

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

//line fields.go:3:1
type Inner struct{ hits int }

//line fields.go:5:1
type Node struct {
	val   int
	next  *Node
	inner Inner
	*Inner
}

//line fields.go:12:1
func (n *Node) Bump() {
//line fields.go:13:1
	if _vtbG[0].On() {
		_vtbrt.Write(_vtbS+0, _vtbunsafe.Pointer(&n.val))
	}
//line fields.go:13:1
	n.val++
//line fields.go:14:1
	*_vtbW(1, _vtbS+1, &n.inner.hits) = *_vtbR(0, _vtbS+2, &n.val)
//line fields.go:15:1
	if _vtbG[2].On() {
		_vtbrt.Write(_vtbS+3, _vtbunsafe.Pointer(&n.hits))
	}
//line fields.go:15:1
	n.hits++
}

//line fields.go:18:1
func Walk(n *Node) int {
//line fields.go:19:1
	s := 0
//line fields.go:20:1
	for p := n; p != nil; p = *_vtbR(3, _vtbS+4, &p.next) {
//line fields.go:21:1
		if _vtbG[0].On() {
			_vtbrt.Read(_vtbS+5, _vtbunsafe.Pointer(&p.val))
		}
//line fields.go:21:1
		s += p.val
	}
//line fields.go:23:1
	v := Node{val: 1}
//line fields.go:24:1
	v.val = 2 // a local struct: not an access
//line fields.go:25:1
	q := &v
//line fields.go:26:1
	q.Bump()
//line fields.go:27:1
	if _vtbG[0].On() {
		_vtbrt.Write(_vtbS+6, _vtbunsafe.Pointer(&(*q).val))
	}
//line fields.go:27:1
	(*q).val = 3
//line fields.go:28:1
	return s + v.val
}

var _vtbG [4]_vtbrt.Guard

var _vtbS = _vtbrt.Register("example.com/fields", []_vtbrt.Site{
	{File: "fields.go", Line: 13, Col: 2, Kind: _vtbrt.KWrite, Group: "example.com/fields.Node.val", Name: "n.val"},
	{File: "fields.go", Line: 14, Col: 2, Kind: _vtbrt.KWrite, Group: "example.com/fields.Node.inner", Name: "n.inner.hits"},
	{File: "fields.go", Line: 14, Col: 17, Kind: _vtbrt.KRead, Group: "example.com/fields.Node.val", Name: "n.val"},
	{File: "fields.go", Line: 15, Col: 2, Kind: _vtbrt.KWrite, Group: "example.com/fields.Inner.hits", Name: "n.hits"},
	{File: "fields.go", Line: 20, Col: 28, Kind: _vtbrt.KRead, Group: "example.com/fields.Node.next", Name: "p.next"},
	{File: "fields.go", Line: 21, Col: 8, Kind: _vtbrt.KRead, Group: "example.com/fields.Node.val", Name: "p.val"},
	{File: "fields.go", Line: 27, Col: 2, Kind: _vtbrt.KWrite, Group: "example.com/fields.Node.val", Name: "(*q).val"},
}, _vtbG[:])

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
