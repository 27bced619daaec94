package channels

type job struct{ result int } // want `variable channels\.job\.result is shared .*\(reached from go consume, run\)`

func run() int {
	ch := make(chan *job)
	j := &job{}
	go consume(ch)
	ch <- j
	return j.result
}

func consume(ch chan *job) {
	j := <-ch
	j.result = 42
}
