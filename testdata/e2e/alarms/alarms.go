// Package alarms holds the code under test of vtbound's verdict tests:
// failures that are not interleaving bugs (they fail on every schedule, or
// only from a test's second execution in one process), allocation counts,
// an intended background loop, and one real interleaving bug.
package alarms

import (
	"fmt"
	"sync"
)

// Square returns n*n.
func Square(n int) int { return n * n }

var (
	mu       sync.Mutex
	registry = map[string]func(){}
)

// Register adds a named handler to the package-level registry; a name can
// be registered once per process.
func Register(name string, f func()) error {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := registry[name]; dup {
		return fmt.Errorf("handler %q registered twice", name)
	}
	registry[name] = f
	return nil
}

// Poller runs a background loop that the tests never stop.
type Poller struct {
	tick  chan struct{}
	polls int
}

// StartPoller starts a poller's loop.
func StartPoller() *Poller {
	p := &Poller{tick: make(chan struct{})}
	go p.loop()
	return p
}

// Poll asks the loop for one poll.
func (p *Poller) Poll() { p.tick <- struct{}{} }

// loop polls until tick is closed, which nobody does.
func (p *Poller) loop() {
	for range p.tick {
		p.polls++
	}
}

// Counter is a counter with a lost-update bug: Inc is not atomic.
type Counter struct{ n int }

// Inc adds one, unsafely.
func (c *Counter) Inc() {
	v := c.n
	c.n = v + 1
}
