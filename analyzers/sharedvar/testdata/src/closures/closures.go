package closures

import "sync"

func run() int {
	x := 0 // want `variable x \(closures\.go:6:2\) is shared between goroutines \(reached from go func literal at closures\.go:9, run\): 4 access sites, 4 not protected`
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		x++
	}()
	wg.Wait()
	return x
}

func local() int {
	y := 0
	func() { y++ }()
	return y
}
