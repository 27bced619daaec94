package assignorder

var (
	result int
	err    error
	table  [4]int
)

type T struct{ v int }

type B bool

func compute() int { return 1 }

func fail() (int, error) { return 0, nil }

func Run(ch chan int, p *T, m map[string]int, n uint) {
	result = compute()
	result += <-ch
	result, err = fail()
	var ok bool
	result, ok = <-ch
	p.v = compute()
	result, ok = m["k"]
	_ = ok
	var named B
	result, named = <-ch
	_ = named
	m["x"] = compute()
	result = result + 1
	table[compute()] = 1
	result = 1 << n
	func() {
		result = compute()
	}()
	for i := compute(); i < 2; i++ {
		result = i
	}
}

func three() (int, error, bool) { return 0, nil, false }

func Tuple() {
	_, err, _ = three()
}
