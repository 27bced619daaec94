package a // want package:"shared groups: a.Counter, a.T.n, a.items, elem:a.items"

var Counter int // want Counter:"group a.Counter shared"

var items []int // want items:"group a.items shared"

type T struct{ n int }

func Inc(t *T) {
	Counter++
	t.n++
	items[0]++
}

func local() int {
	p := &T{}
	p.n = 2
	return p.n
}
