package closures

import "sync"

func run() int {
	x := 0 // handed over: the WaitGroup orders the goroutine's write before the read
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

func racy() int {
	x := 0 // want `variable x \(closures\.go:24:2\) is shared between goroutines \(reached from go func literal at closures\.go:27, racy\): 3 access sites, 2 not protected`
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		x++
	}()
	n := x // read before Wait: races with the goroutine's write
	wg.Wait()
	return n
}
