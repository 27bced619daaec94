// Package handoff covers data handed from one goroutine to another by
// synchronisation (not reported) and the racy variants of the same code
// (reported).
package handoff

import "sync"

type job struct {
	in  int
	out int
}

// byChannel hands a job to a worker and takes it back by channels.
func byChannel() int {
	todo, done := make(chan *job), make(chan *job)
	go worker(todo, done)
	j := &job{}
	j.in = 2 // before the send: the worker reads it after receiving
	todo <- j
	j = <-done
	return j.out // after the receive: the worker wrote it before sending
}

func worker(todo, done chan *job) {
	j := <-todo
	j.out = j.in * 2
	done <- j
}

type result struct{ v int }

// racyChannel reads the result without waiting for the worker.
func racyChannel() int {
	todo := make(chan *result)
	go worker2(todo)
	r := &result{}
	todo <- r
	return r.v // want `data race on variable handoff\.result\.v: read \(no lock held\) can run at the same time as the write at handoff\.go:43`
}

func worker2(todo chan *result) {
	r := <-todo
	r.v = 1
}

// byGo writes before the go statement; the goroutine only reads.
func byGo() {
	total := 0
	total = compute()
	go func() { println(total) }()
}

func compute() int { return 42 }

// racyGo writes after the go statement.
func racyGo() {
	total := 0
	go func() { println(total) }() // want `data race on variable total \(handoff\.go:57:2\): read \(no lock held\) can run at the same time as the write at handoff\.go:59`
	total = compute()
}

var (
	once   sync.Once
	config map[string]string
)

// byOnce reads config only after once.Do has set it.
func byOnce() string {
	once.Do(func() { config = map[string]string{"k": "v"} })
	return config["k"]
}

type counter struct{ n int }

// newCounter fills in the counter before publishing it.
func newCounter() *counter {
	c := &counter{}
	c.n = 10
	go c.watch()
	return c
}

func (c *counter) watch() { println(c.n) }

type gauge struct{ n int }

// newGauge writes after publishing.
func newGauge() *gauge {
	g := &gauge{}
	go g.watch()
	g.n = 10 // want `data race on variable handoff\.gauge\.n: write \(no lock held\) can run at the same time as the read at handoff\.go:95`
	return g
}

func (g *gauge) watch() { println(g.n) }
