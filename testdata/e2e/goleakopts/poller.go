// Package goleakopts holds a background poller that tests leave running,
// as real suites do, with goleak checking leaks in TestMain.
package goleakopts

// Poller serves requests on a background goroutine until stopped.
type Poller struct {
	reqs chan int
	sum  chan int
}

// Start starts the poller's goroutine.
func Start() *Poller {
	p := &Poller{reqs: make(chan int), sum: make(chan int)}
	go p.loop()
	return p
}

// loop adds up requests; it returns when reqs is closed.
func (p *Poller) loop() {
	total := 0
	for v := range p.reqs {
		total += v
		p.sum <- total
	}
}

// Add sends v to the poller and returns the running total.
func (p *Poller) Add(v int) int {
	p.reqs <- v
	return <-p.sum
}

// Stop ends the poller's goroutine.
func (p *Poller) Stop() { close(p.reqs) }

// background runs for the whole life of the process: started at init,
// before TestMain, as goleak.IgnoreCurrent allows.
var background = make(chan struct{})

func init() {
	go func() { <-background }()
}
