package loopvar122

func Spawn(n int, out chan int) {
	for i := 0; i < n; i++ {
		go func() { out <- i }()
	}
	for v := range out {
		go func() { out <- v }()
	}
}
