package globals

var counter int

var (
	total  int64
	names  []string
	table  [4]int
	config struct{ debug bool }
	hook   func(int) int
)

const limit = len(table)

func Inc() {
	counter++
	counter += 2
	total = total + int64(counter)
}

func Use(i int) int {
	names = append(names, "x")
	table[i] = table[i+1] + limit
	if config.debug && counter > 0 {
		return hook(counter)
	}
	p := &counter
	*p = 3
	var n [len(table)]int
	_ = n
	x, y := counter, len(names)
	return x + y
}
