package allocs

// Node is a list element shared between goroutines.
type Node struct {
	val  int
	next *Node
}

type pair [2]int

// head is allocated during initialisation, outside any exploration.
var head = &Node{val: -1}

// Push allocates one node per call: &T{...} and new(T) of a struct are
// registered allocation sites.
func Push(v int) *Node {
	n := &Node{val: v, next: head}
	m := new(Node)
	m.next = n
	return m
}

// NotRegistered allocates nothing the engine needs to name: a scalar, an
// array, a struct value and a slice of structs.
func NotRegistered() (int, int) {
	p := new(int)
	a := &pair{1, 2}
	v := Node{val: 3}
	s := []Node{{val: 4}}
	return *p + a[0] + v.val, len(s)
}

// Nested registers both allocations; the inner one is evaluated first.
func Nested() *Node {
	return &Node{next: &Node{val: 1}}
}
