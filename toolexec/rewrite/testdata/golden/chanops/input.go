package chanops

import "errors"

type myErr struct{}

func (*myErr) Error() string { return "e" }

type Pipe chan int

var results chan int

func Run() (int, bool) {
	c := make(chan int)
	b := make(chan string, 3)
	n := 2
	d := make(chan float64, n)
	p := make(Pipe)
	errs := make(chan error, 1)
	results = make(chan int, 1)
	go func() { c <- 1 }()
	b <- "x"
	d <- 1
	errs <- &myErr{}
	errs <- errors.New("x")
	v := <-c
	s, ok := <-b
	var f, ok2 = <-d
	_, _ = f, ok2
	results <- v + len(s)
	close(p)
	<-p
	x := <-results + 1
	close(b)
	var n64 int64 = 2
	e := make(chan int, n64)
	close(e)
	return x, ok
}
