package features

import (
	"strings"
	"testing"
)

func TestMap(t *testing.T) {
	got := Map([]int{1, 2, 3}, double)
	if got[0] != 2 || got[1] != 4 || got[2] != 6 {
		t.Fatalf("Map = %v", got)
	}
}

func TestQueue(t *testing.T) {
	q := NewQueue[string](2)
	done := make(chan struct{})
	go func() {
		defer close(done)
		q.Put("a")
		q.Put("b")
	}()
	if a, b := q.Get(), q.Get(); a != "a" || b != "b" {
		t.Fatalf("got %q %q", a, b)
	}
	<-done
	if n := q.Len(); n != 0 {
		t.Fatalf("Len = %d", n)
	}
}

func TestTableDriven(t *testing.T) {
	for _, tt := range []struct {
		name string
		in   []int
		want int
	}{{"one", []int{1}, 2}, {"two", []int{1, 2}, 6}} {
		t.Run(tt.name, func(t *testing.T) {
			sum := 0
			for _, v := range Map(tt.in, double) {
				sum += v
			}
			if sum != tt.want {
				t.Errorf("sum = %d, want %d", sum, tt.want)
			}
		})
	}
}

func TestTagsAndEmbed(t *testing.T) {
	if !Tagged {
		t.Error("built without -tags=vtbtag")
	}
	if strings.TrimSpace(Greeting()) != "hello" {
		t.Errorf("Greeting = %q", Greeting())
	}
}
