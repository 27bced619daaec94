package methods

type counter struct{ n int } // want `variable methods\.counter\.n is shared .*\(reached from go \(\*counter\)\.bump, run\): 3 access sites`

func (c *counter) bump() { c.n++ }

func run() int {
	c := &counter{}
	f := c.bump
	go f()
	c.bump()
	return c.n
}
