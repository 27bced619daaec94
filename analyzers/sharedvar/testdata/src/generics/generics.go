package generics

type box[V any] struct{ v V } // want `variable generics\.box\.v is shared .*\(reached from go \(\*box\[int\]\)\.put, run\)`

func (b *box[V]) put(v V) { b.v = v }

func run() int {
	b := &box[int]{}
	go b.put(1)
	b.put(2)
	return b.v
}
