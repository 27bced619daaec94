// Package pkgchan relays messages through package-level channels made at
// init, outside any test.
package pkgchan

import "sync"

var (
	requests = make(chan string)
	replies  = make(chan string, 1)
	mu       sync.Mutex
	served   int
)

// Serve answers one request.
func Serve() {
	r := <-requests
	mu.Lock()
	served++
	mu.Unlock()
	replies <- "re: " + r
}

// Ask sends a request and waits for its reply.
func Ask(s string) string {
	requests <- s
	return <-replies
}

// Served returns the number of requests served so far.
func Served() int {
	mu.Lock()
	defer mu.Unlock()
	return served
}
