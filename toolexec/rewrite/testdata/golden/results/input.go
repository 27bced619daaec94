package results

import "sync"

func Bare() (n int, err error) {
	done := make(chan bool)
	go func() {
		n = 1
		done <- true
	}()
	<-done
	return
}

func Deferred() (n int) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		n = 2
	}()
	defer wg.Wait()
	return
}

func Plain() (n int) {
	n = 3
	return
}
