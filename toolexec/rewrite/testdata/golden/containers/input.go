package containers

import "sync"

var (
	mu    sync.Mutex
	stock = map[string]int{}
	items []int
	buf   = make([]byte, 8)
	grid  *[4]int
	last  int
	name  string
)

type Store struct{ m map[string]int }

func Maps(s *Store, item string, n int) (int, bool) {
	stock[item] -= n
	stock[item]++
	s.m[item] = n
	v, ok := stock[item]
	delete(stock, item)
	clear(s.m)
	total := len(stock)
	for k, c := range stock {
		total += c + len(k)
	}
	return v + total + s.m["x"], ok
}

func Slices(src []int, str string) int {
	items[0] = src[1]
	items = append(items, 1, 2)
	items = append(items, src...)
	buf = append(buf, str...)
	n := copy(items, src)
	n += copy(buf, str)
	clear(items)
	for i, v := range items {
		n += i * v
	}
	for _, v := range grid {
		n += v
	}
	for last, name = range []string{"a"} {
	}
	return n + len(items) + int(str[0]) + len(string(buf))
}

func Pointers(p *int, q **int) {
	*p = 1
	*p += **q
}

type shape interface{ area() int }

type square int

func (s square) area() int { return int(s) }

type shapes []shape

var drawn shapes

// Shapes appends concrete values to a slice of interfaces: _vtbAppend is
// instantiated explicitly, as inference from the arguments fails.
func Shapes(s square) {
	drawn = append(drawn, s, nil)
}

// Label is a named string type: _vtbAppendS takes a string.
type Label string

// AppendLabel appends the bytes of a named string type.
func AppendLabel(b []byte, l Label) []byte {
	return append(b, l...)
}
