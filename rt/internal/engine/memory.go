package engine

import (
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// shadowCell is the race-detection state of one tracked location: the last
// write and the reads since it (FastTrack-style epochs).
type shadowCell struct {
	w     epoch
	wSite int32
	reads []readRec
}

type readRec struct {
	e    epoch
	site int32
}

// Access models a tracked plain read or write of addr by g.
func (g *G) Access(site int32, addr unsafe.Pointer, write bool) {
	if g.abort {
		return
	}
	group := GroupOf(site)
	if !g.x.tracks(group) {
		return // another exploration tracks this group, not ours
	}
	kind := sched.OpRead
	if write {
		kind = sched.OpWrite
	}
	g.announce(kind, site, addr)
	g.op.Group = group
	g.op.Heap = g.x.heap.lookup(addr)
	g.schedule()
	g.x.checkRace(g, site, addr, write)
}

// Atomic models a sync/atomic operation on addr by g. Atomic operations on
// one address are totally ordered and synchronise like a lock (loads
// acquire, stores release, read-modify-writes do both).
func (g *G) Atomic(site int32, addr unsafe.Pointer, kind sched.OpKind) {
	if g.abort {
		return
	}
	g.announce(kind, site, addr)
	g.op.Group = GroupOf(site)
	g.op.Heap = g.x.heap.lookup(addr)
	g.schedule()
	c := g.x.model.atomics[addr]
	if c == nil {
		c = new(vclock)
		g.x.model.atomics[addr] = c
	}
	if kind != sched.OpAtomicStore {
		g.clock.join(*c)
	}
	if kind != sched.OpAtomicLoad {
		c.join(g.clock)
		g.clock.tick(g.id)
	}
}

// checkRace reports races between this access and earlier unordered ones,
// then records the access. Goroutines beyond maxClockWidth are not
// covered: their accesses are neither checked nor recorded.
func (x *execution) checkRace(g *G, site int32, addr unsafe.Pointer, write bool) {
	if g.id > maxClockWidth {
		return
	}
	cell := x.model.shadow[addr]
	if cell == nil {
		cell = &shadowCell{}
		x.model.shadow[addr] = cell
	}
	me := epoch{g: g.id, t: g.clock.get(g.id)}
	obj := x.objID(addr)
	if cell.w.g != 0 && cell.w.g != g.id && !cell.w.before(g.clock) {
		x.race(obj, RaceAccess{G: cell.w.g, Site: cell.wSite, Write: true}, RaceAccess{G: g.id, Site: site, Write: write})
	}
	if !write {
		for i := range cell.reads {
			if cell.reads[i].e.g == g.id {
				cell.reads[i] = readRec{me, site}
				return
			}
		}
		cell.reads = append(cell.reads, readRec{me, site})
		return
	}
	for _, r := range cell.reads {
		if r.e.g != g.id && !r.e.before(g.clock) {
			x.race(obj, RaceAccess{G: r.e.g, Site: r.site}, RaceAccess{G: g.id, Site: site, Write: true})
		}
	}
	cell.w, cell.wSite = me, site
	cell.reads = cell.reads[:0]
}

// race records a race once per pair of sites.
func (x *execution) race(obj int32, a, b RaceAccess) {
	key := [2]int32{min(a.Site, b.Site), max(a.Site, b.Site)}
	if x.raceSeen[key] {
		return
	}
	x.raceSeen[key] = true
	x.races = append(x.races, RaceReport{Addr: obj, First: a, Later: b})
}
