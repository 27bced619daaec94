package containers

import "sync"

type item struct{ n int } // want `variable containers\.item\.n is shared .*\(reached from go func literal at containers\.go:14 \(many\)\)`

var registry = map[string]*item{} // want `variable elem:containers\.registry is shared .*\(reached from lookup, run\)`

func run() {
	items := []*item{{}, {}}
	var wg sync.WaitGroup
	for _, it := range items {
		wg.Add(1)
		go func(t *item) {
			defer wg.Done()
			t.n++
		}(it)
	}
	wg.Wait()
	registry["a"] = items[0]
}

func lookup() *item {
	return registry["a"]
}
