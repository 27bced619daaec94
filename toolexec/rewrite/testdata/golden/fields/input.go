package fields

type Inner struct{ hits int }

type Node struct {
	val   int
	next  *Node
	inner Inner
	*Inner
}

func (n *Node) Bump() {
	n.val++
	n.inner.hits = n.val
	n.hits++
}

func Walk(n *Node) int {
	s := 0
	for p := n; p != nil; p = p.next {
		s += p.val
	}
	v := Node{val: 1}
	v.val = 2 // its address is taken below: an access
	q := &v
	q.Bump()
	(*q).val = 3
	return s + v.val
}
