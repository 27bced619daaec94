package allocs

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

var _vtbG [4]_vtbrt.Guard

// Node is a list element shared between goroutines.
//line allocs.go:4:1
type Node struct {
	val  int
	next *Node
}

//line allocs.go:9:1
type pair [2]int

// head is allocated during initialisation, outside any exploration.
//line allocs.go:12:1
var head = &Node{val: -1}

// Push allocates one node per call: &T{...} and new(T) of a struct are
// registered allocation sites.
//line allocs.go:16:1
func Push(v int) *Node {
//line allocs.go:17:1
	if _vtbG[0].On() {
		_vtbrt.Read(_vtbS+0, _vtbunsafe.Pointer(&head))
	}
//line allocs.go:17:1
	n := _vtbrt.Alloc(_vtbS+1, &Node{val: v, next: head})
//line allocs.go:18:1
	m := _vtbrt.Alloc(_vtbS+2, new(Node))
//line allocs.go:19:1
	if _vtbG[1].On() {
		_vtbrt.Write(_vtbS+3, _vtbunsafe.Pointer(&m.next))
	}
//line allocs.go:19:1
	m.next = n
//line allocs.go:20:1
	return m
}

// NotRegistered allocates nothing the engine needs to name: a scalar, an
// array, a struct value and a slice of structs.
//line allocs.go:25:1
func NotRegistered() (int, int) {
//line allocs.go:26:1
	p := new(int)
//line allocs.go:27:1
	a := &pair{1, 2}
//line allocs.go:28:1
	v := Node{val: 3}
//line allocs.go:29:1
	s := []Node{{val: 4}}
//line allocs.go:30:1
	return *_vtbR(2, _vtbS+4, &*p) + *_vtbR(3, _vtbS+5, &a[0]) + v.val, len(s)
}

// Nested registers both allocations; the inner one is evaluated first.
//line allocs.go:34:1
func Nested() *Node {
//line allocs.go:35:1
	return _vtbrt.Alloc(_vtbS+7, &Node{next: _vtbrt.Alloc(_vtbS+6, &Node{val: 1})})
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/allocs", ""+
		"allocs.go\t17\t27\tKRead\texample.com/allocs.head\thead\n"+
		"allocs.go\t17\t7\tKAlloc\t\t\n"+
		"allocs.go\t18\t7\tKAlloc\t\t\n"+
		"allocs.go\t19\t2\tKWrite\texample.com/allocs.Node.next\tm.next\n"+
		"allocs.go\t30\t9\tKRead\ttype:int\t*p\n"+
		"allocs.go\t30\t14\tKRead\telem:type:*example.com/allocs.pair\ta[0]\n"+
		"allocs.go\t35\t21\tKAlloc\t\t\n"+
		"allocs.go\t35\t9\tKAlloc\t\t\n"+
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
