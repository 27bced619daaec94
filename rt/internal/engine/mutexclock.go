package engine

// Acquiring a mutex's clock by copying.
//
// A mutex's clock only grows while every Unlock is made by the goroutine
// whose Lock came before it: that goroutine joined the clock at its Lock,
// and nobody else stores into it while the mutex is held. A goroutine that
// stored its clock into a mutex at an Unlock and has since gained nothing
// but ticks of its own component therefore knows no more than the mutex,
// except about itself. Its next acquire of that mutex is a copy (a memmove)
// with its own component kept, not an element-wise maximum: with hundreds
// of goroutines taking turns on one lock, the maximum over clocks hundreds
// of components wide was the largest single cost of a step.

// learn joins o into g's clock: g may now know more than the mutex it last
// released, so its next acquire joins in full.
func (g *G) learn(o vclock) {
	g.clock.join(o)
	g.dom = nil
}

// acquireMutex joins the clock of mutex s into g's at a Lock.
func (g *G) acquireMutex(s *mutexState) {
	if g.dom == s && g.domGen == s.gen && len(g.clock) <= len(s.clock) && g.id <= len(s.clock) {
		own := g.clock.get(g.id) // no other component of g's exceeds s's
		g.clock.set(s.clock)
		g.clock[g.id-1] = own
	} else {
		g.learn(s.clock)
	}
	s.owner = g
}

// releaseMutex stores g's clock into mutex s at an Unlock. An Unlock by a
// goroutine other than the last locker (Go allows it) may shrink the
// clock: it ends every claim made on s so far.
//
// When g still knows no more than s except about itself (its Lock copied
// s's clock and it has learned nothing since: g.dom is s, see
// acquireMutex), the two clocks differ in g's own component only, and
// only that is stored.
func (g *G) releaseMutex(s *mutexState) {
	switch {
	case s.owner != g:
		s.gen++
		s.clock.set(g.clock)
	case g.dom == s && g.domGen == s.gen && len(g.clock) == len(s.clock):
		s.clock[g.id-1] = g.clock[g.id-1]
	default:
		s.clock.set(g.clock)
	}
	s.owner = nil
	g.dom, g.domGen = s, s.gen
}
