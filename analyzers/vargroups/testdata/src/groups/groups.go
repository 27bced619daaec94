package groups

var Counter int

var items []int

type T struct{ n int }

func Inc(t *T) {
	Counter++  // want "group groups.Counter shared" "group groups.Counter shared"
	t.n++      // want "group groups.T.n shared" "group groups.T.n shared"
	items[0]++ // want "group groups.items shared" "group elem:groups.items shared" "group elem:groups.items shared"
}

func local() int {
	p := &T{}
	p.n = 2    // want "group groups.T.n local"
	return p.n // want "group groups.T.n local"
}
