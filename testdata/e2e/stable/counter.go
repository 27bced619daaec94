// Package stable has a data race whose saved schedule must keep replaying
// after a file with new shared variables and goroutines is added.
package stable

// Counter counts without synchronisation.
type Counter struct{ n int }

// Inc adds one: a read and a write of c.n, racing with other calls.
func (c *Counter) Inc() { c.n++ }
