package ctrigger

import (
	"slices"
	"sort"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// vclock is a sparse vector clock: its nonzero components in increasing
// goroutine order. Its size is the number of goroutines in its causal
// past, not the largest goroutine ID, so a trace of thousands of
// goroutines that never synchronise with each other stays cheap. A clock
// is owned by one goroutine's state: copies are made with copy.
type vclock []tickAt

// tickAt is one component of a vclock.
type tickAt struct{ g, t int32 }

func (v vclock) copy() vclock { return append(vclock(nil), v...) }

// find returns the index of g's component, or where it would be inserted.
func (v vclock) find(g int) (int, bool) {
	i := sort.Search(len(v), func(i int) bool { return int(v[i].g) >= g })
	return i, i < len(v) && int(v[i].g) == g
}

func (v vclock) at(g int) int32 {
	if i, ok := v.find(g); ok {
		return v[i].t
	}
	return 0
}

// join sets v to the componentwise maximum of v and w, merging in place
// from the end (linear in the sizes, no allocation beyond v's growth).
func (v *vclock) join(w vclock) {
	a, n := *v, len(*v)
	fresh := 0 // components of w missing from v
	for i, j := 0, 0; j < len(w); {
		switch {
		case i < n && a[i].g < w[j].g:
			i++
		case i < n && a[i].g == w[j].g:
			i, j = i+1, j+1
		default:
			fresh, j = fresh+1, j+1
		}
	}
	a = slices.Grow(a, fresh)[:n+fresh]
	for i, j, k := n-1, len(w)-1, n+fresh-1; j >= 0; k-- {
		switch {
		case i >= 0 && a[i].g > w[j].g:
			a[k], i = a[i], i-1
		case i >= 0 && a[i].g == w[j].g:
			a[k], i, j = tickAt{a[i].g, max(a[i].t, w[j].t)}, i-1, j-1
		default:
			a[k], j = w[j], j-1
		}
	}
	*v = a
}

func (v *vclock) tick(g int) {
	i, ok := v.find(g)
	if !ok {
		*v = slices.Insert(*v, i, tickAt{g: int32(g)})
	}
	(*v)[i].t++
}

// chanUse records who sends on a channel and the clocks a receive may
// join.
type chanUse struct {
	sender int    // the only sending goroutine, -1 for several, 0 for none
	first  vclock // the clock of the first send step
	closed vclock
}

// wgUse records a WaitGroup's Adds and Dones.
type wgUse struct {
	adds  int     // Adds in the whole trace
	seen  []event // Adds so far
	dones vclock  // join of the Dones so far
}

type event struct {
	g    int
	tick int32
}

// orderClocks computes the order synchronisation every schedule respects
// (see the package doc); locks are deliberately left out.
type orderClocks struct {
	g      map[int]vclock
	spawn  map[int]vclock
	gos    int
	chans  map[int32]*chanUse
	wgs    map[int32]*wgUse
	useChs bool
	done   map[int]bool // receive steps that complete their operation
	// snap holds, per goroutine, a copy of its clock taken since its last
	// join, shared by its accesses (see snapshot).
	snap map[int]vclock
}

func newOrderClocks(steps []sched.Step) *orderClocks {
	c := &orderClocks{g: map[int]vclock{}, spawn: map[int]vclock{}, gos: 1,
		chans: map[int32]*chanUse{}, wgs: map[int32]*wgUse{}, useChs: true, done: map[int]bool{}, snap: map[int]vclock{}}
	last := map[int]int{} // goroutine -> index of its previous step
	for i, s := range steps {
		switch s.Op.Kind {
		case sched.OpSelect:
			c.useChs = false
		case sched.OpSend, sched.OpRecv, sched.OpClose:
			c.noteChan(s)
		case sched.OpWGAdd:
			c.wg(s.Op.Obj).adds++
		}
		if j, ok := last[s.G]; ok && steps[j].Op.Kind == sched.OpRecv && !sameOp(steps[j].Op, s.Op) {
			c.done[j] = true
		}
		last[s.G] = i
	}
	return c
}

// sameOp reports whether b may be the second step of the channel
// operation a (a blocking operation arrives, waits, then completes).
func sameOp(a, b sched.Op) bool { return a.Kind == b.Kind && a.Obj == b.Obj && a.Site == b.Site }

// noteChan records s's goroutine as a sender or receiver of its channel.
func (c *orderClocks) noteChan(s sched.Step) {
	u := c.chans[s.Op.Obj]
	if u == nil {
		u = &chanUse{}
		c.chans[s.Op.Obj] = u
	}
	if s.Op.Kind != sched.OpSend {
		return
	}
	if u.sender == 0 {
		u.sender = s.G
	} else if u.sender != s.G {
		u.sender = -1
	}
}

func (c *orderClocks) wg(obj int32) *wgUse {
	u := c.wgs[obj]
	if u == nil {
		u = &wgUse{}
		c.wgs[obj] = u
	}
	return u
}

// step advances the clocks over s, step i of the trace, and returns its
// goroutine's clock.
func (c *orderClocks) step(i int, s sched.Step) vclock {
	vc := c.g[s.G]
	if s.Op.Kind == sched.OpStart {
		vc.join(c.spawn[s.G])
	}
	vc.tick(s.G)
	switch s.Op.Kind {
	case sched.OpStart, sched.OpRecv, sched.OpWGWait:
		delete(c.snap, s.G) // the steps that may join another clock
	}
	switch s.Op.Kind {
	case sched.OpGo:
		c.gos++
		c.spawn[c.gos] = vc.copy()
	case sched.OpSend, sched.OpRecv, sched.OpClose:
		c.channel(s, c.done[i], &vc)
	case sched.OpWGAdd:
		u := c.wg(s.Op.Obj)
		u.seen = append(u.seen, event{s.G, vc.at(s.G)})
	case sched.OpWGDone:
		c.wg(s.Op.Obj).dones.join(vc)
	case sched.OpWGWait:
		c.wait(s.Op.Obj, &vc)
	}
	c.g[s.G] = vc
	return vc
}

// channel orders a receive that completes (its goroutine goes on to
// another operation) after the first send step of the channel's only
// sender: whichever value it receives, at least one was sent. On a channel
// nobody sends on, a completed receive after the close follows the close.
// Nothing finer is used: a blocking operation may take two steps, so
// counting steps does not count messages.
func (c *orderClocks) channel(s sched.Step, done bool, vc *vclock) {
	u := c.chans[s.Op.Obj]
	if !c.useChs || u == nil {
		return
	}
	switch s.Op.Kind {
	case sched.OpSend:
		if u.first == nil {
			u.first = vc.copy()
		}
	case sched.OpClose:
		u.closed = vc.copy()
	case sched.OpRecv:
		switch {
		case !done:
		case u.sender > 0 && u.first != nil:
			vc.join(u.first)
		case u.sender == 0 && u.closed != nil:
			vc.join(u.closed)
		}
	}
}

// wait orders a Wait after the Dones so far when every Add of the
// WaitGroup in the trace happens before it: the Wait cannot return until
// all of them are matched.
func (c *orderClocks) wait(obj int32, vc *vclock) {
	u := c.wg(obj)
	if len(u.seen) != u.adds || u.adds == 0 {
		return
	}
	for _, a := range u.seen {
		if vc.at(a.g) < a.tick {
			return
		}
	}
	vc.join(u.dones)
}

// snapshot returns a copy of goroutine g's clock vc that is shared by g's
// accesses until g joins another clock: its other goroutines' components
// are exact, its own component is stale (an access keeps its own tick).
// This keeps the analysis linear in the accesses whatever the number of
// goroutines.
func (c *orderClocks) snapshot(g int, vc vclock) vclock {
	s, ok := c.snap[g]
	if !ok {
		s = vc.copy()
		c.snap[g] = s
	}
	return s
}
