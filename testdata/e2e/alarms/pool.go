package alarms

import "time"

// idle holds the inboxes of idle workers, oldest first: a package-level
// pool, as worker pool libraries keep a default pool.
var idle = make(chan chan int, 64)

// Grow starts n workers, each idle.
func Grow(n int) {
	for range n {
		in := make(chan int)
		idle <- in
		go serve(in)
	}
}

// Handle hands v to the oldest idle worker, starting one when none is
// idle, and returns the worker's answer.
func Handle(v int) int {
	var in chan int
	select {
	case in = <-idle:
	default:
		Grow(1)
		in = <-idle
	}
	in <- v
	return <-in
}

// serve is a worker on inbox in: it answers jobs, idle again after each,
// until it has been idle for an hour.
func serve(in chan int) {
	idleTimer := time.NewTimer(time.Hour)
	defer idleTimer.Stop()
	for {
		select {
		case v := <-in:
			in <- 2 * v
			idle <- in
		case <-idleTimer.C:
			return
		}
	}
}
