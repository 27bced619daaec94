package fields

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

var _vtbG [5]_vtbrt.Guard

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
	if _vtbG[4].On() {
		_vtbrt.Write(_vtbS+6, _vtbunsafe.Pointer(&v.val))
	}
//line fields.go:24:1
	v.val = 2 // its address is taken below: an access
//line fields.go:25:1
	q := &v
//line fields.go:26:1
	q.Bump()
//line fields.go:27:1
	if _vtbG[0].On() {
		_vtbrt.Write(_vtbS+7, _vtbunsafe.Pointer(&(*q).val))
	}
//line fields.go:27:1
	(*q).val = 3
//line fields.go:28:1
	if _vtbG[4].On() {
		_vtbrt.Read(_vtbS+8, _vtbunsafe.Pointer(&v.val))
	}
//line fields.go:28:1
	return s + v.val
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/fields", ""+
		"fields.go\t13\t2\tKWrite\texample.com/fields.Node.val\tn.val\n"+
		"fields.go\t14\t2\tKWrite\texample.com/fields.Node.inner\tn.inner.hits\n"+
		"fields.go\t14\t17\tKRead\texample.com/fields.Node.val\tn.val\n"+
		"fields.go\t15\t2\tKWrite\texample.com/fields.Inner.hits\tn.hits\n"+
		"fields.go\t20\t28\tKRead\texample.com/fields.Node.next\tp.next\n"+
		"fields.go\t21\t8\tKRead\texample.com/fields.Node.val\tp.val\n"+
		"fields.go\t24\t2\tKWrite\texample.com/fields/fields.go:23:2\tv.val\n"+
		"fields.go\t27\t2\tKWrite\texample.com/fields.Node.val\t(*q).val\n"+
		"fields.go\t28\t13\tKRead\texample.com/fields/fields.go:23:2\tv.val\n"+
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
