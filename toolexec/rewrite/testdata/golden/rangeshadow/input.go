package rangeshadow

var (
	cases []string
	seen  map[string]bool
	cur   string
	count int64
	grid  [4]int
)

func Shadow(out chan<- string) {
	for _, c := range cases {
		c := c
		go func() { out <- c }()
	}
	for cur = range seen {
	}
	for count = range 3 {
	}
	for i := range grid {
		grid[i]++
	}
Outer:
	for i, c := range cases {
		if i > 1 {
			continue Outer
		}
		out <- c
	}
}
