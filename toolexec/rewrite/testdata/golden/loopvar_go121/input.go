//go:build go1.21

package loopvar121

func Spawn(n int, out chan int) {
	for i := 0; i < n; i++ {
		go func() { out <- i }()
	}
	for _, s := range []int{1, 2} {
		go func() { out <- s }()
	}
}
