package oldlang

import "testing"

func TestLimit(t *testing.T) {
	c := &Counter{limit: 1}
	Run(c, 2)
	if c.n > c.limit {
		t.Fatalf("count %d exceeds the limit %d", c.n, c.limit)
	}
}
