package engine

import (
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// shadowCell is the race-detection state of one tracked location: the last
// write and the reads since it (FastTrack-style epochs).
type shadowCell struct {
	w       epoch
	wSite   int32
	reads   []readRec
	atomics []atomicRec // the last atomic operation of each goroutine
}

// atomicRec is one goroutine's last sync/atomic operation on a location:
// atomics race with plain accesses, never with each other.
type atomicRec struct {
	e     epoch
	site  int32
	write bool
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
	g.atomicOp(site, addr, kind, 0)
}

// atomicOp is Atomic; size is the size of a read-modify-write's location
// (0: unknown).
func (g *G) atomicOp(site int32, addr unsafe.Pointer, kind sched.OpKind, size uintptr) {
	if g.abort {
		return
	}
	g.announce(kind, site, addr)
	g.pend.rmwAddr, g.pend.rmwSize = addr, size
	g.op.Group = GroupOf(site)
	g.op.Heap = g.x.heap.lookup(addr)
	g.schedule()
	g.x.checkAtomicRace(g, site, addr, kind != sched.OpAtomicLoad)
	c := g.x.model.atomics[addr]
	if c == nil {
		c = new(vclock)
		g.x.model.atomics[addr] = c
	}
	if kind != sched.OpAtomicStore {
		g.learn(*c)
	}
	if kind != sched.OpAtomicLoad {
		c.join(g.clock)
		g.clock.tick(g.id)
	}
}

// shadowCell returns the race state of addr, made on first use.
func (x *execution) shadowCell(addr unsafe.Pointer) *shadowCell {
	cell := x.model.shadow[addr]
	if cell == nil {
		cell = &shadowCell{}
		x.model.shadow[addr] = cell
	}
	return cell
}

// checkRace reports races between this access and earlier unordered ones,
// then records the access. Goroutines beyond maxClockWidth are not
// covered: their accesses are neither checked nor recorded.
func (x *execution) checkRace(g *G, site int32, addr unsafe.Pointer, write bool) {
	if g.id > maxClockWidth {
		return
	}
	cell := x.shadowCell(addr)
	me := epoch{g: g.id, t: g.clock.get(g.id)}
	obj := x.objID(addr)
	if cell.w.g != 0 && cell.w.g != g.id && !cell.w.before(g.clock) {
		x.race(obj, RaceAccess{G: cell.w.g, Site: cell.wSite, Write: true}, RaceAccess{G: g.id, Site: site, Write: write})
	}
	for _, a := range cell.atomics {
		if (write || a.write) && a.e.g != g.id && !a.e.before(g.clock) {
			x.race(obj, RaceAccess{G: a.e.g, Site: a.site, Write: a.write}, RaceAccess{G: g.id, Site: site, Write: write})
		}
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

// AccessRange models a tracked plain read or write of the size bytes at
// addr (a whole struct or array, or the elements copy and append touch):
// one scheduling point, and a race check of every byte, so that the access
// conflicts with an access to any field or element inside the range.
// Ranges beyond maxRange bytes are checked on their first maxRange bytes.
func (g *G) AccessRange(site int32, addr unsafe.Pointer, size uintptr, write bool) {
	if g.abort || size == 0 {
		return
	}
	g.Access(site, addr, write)
	if g.abort || !g.x.tracks(GroupOf(site)) {
		return
	}
	for off := uintptr(1); off < min(size, maxRange); off++ {
		g.x.checkRace(g, site, unsafe.Add(addr, off), write)
	}
}

// maxRange bounds the bytes of one AccessRange that are race-checked.
const maxRange = 1 << 16

// checkAtomicRace reports races between a sync/atomic operation and
// earlier unordered plain accesses of addr (a plain write, or for an atomic
// write also a plain read), then records the operation, so that a later
// plain access is checked against it. Atomic operations never race with
// each other.
func (x *execution) checkAtomicRace(g *G, site int32, addr unsafe.Pointer, write bool) {
	if g.id > maxClockWidth {
		return
	}
	cell := x.shadowCell(addr)
	obj := x.objID(addr)
	if cell.w.g != 0 && cell.w.g != g.id && !cell.w.before(g.clock) {
		x.race(obj, RaceAccess{G: cell.w.g, Site: cell.wSite, Write: true}, RaceAccess{G: g.id, Site: site, Write: write})
	}
	for _, r := range cell.reads {
		if write && r.e.g != g.id && !r.e.before(g.clock) {
			x.race(obj, RaceAccess{G: r.e.g, Site: r.site}, RaceAccess{G: g.id, Site: site, Write: true})
		}
	}
	me := atomicRec{e: epoch{g: g.id, t: g.clock.get(g.id)}, site: site, write: write}
	for i := range cell.atomics {
		if cell.atomics[i].e.g == g.id {
			cell.atomics[i] = me
			return
		}
	}
	cell.atomics = append(cell.atomics, me)
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
