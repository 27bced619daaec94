// Package handoff serves greetings over HTTP and echoes over TCP: its
// tests start their own servers and connect to them, so goroutines block
// in network I/O, which vtbound does not control.
package handoff

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"sync"
)

// Greeter answers every request with a greeting and counts them.
type Greeter struct {
	mu sync.Mutex
	n  int
}

// ServeHTTP writes "hello N".
func (g *Greeter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	g.mu.Lock()
	g.n++
	n := g.n
	g.mu.Unlock()
	fmt.Fprintf(w, "hello %d", n)
}

// Echo accepts one connection on l and copies what it reads back to it.
func Echo(l net.Listener) error {
	c, err := l.Accept()
	if err != nil {
		return err
	}
	defer c.Close()
	_, err = io.Copy(c, c)
	return err
}
