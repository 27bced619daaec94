package engine

import "unsafe"

// The data race oracle.
//
// Every tracked plain access, and every operation the race detector
// treats as an access (a channel's send and close, a WaitGroup's Add and
// blocking Wait), is checked against the earlier accesses of its
// location that happens-before does not order before it, FastTrack style:
// the last write and the reads since it, as epochs, plus each goroutine's
// last atomic operation (atomics race with plain accesses, never with
// each other). Happens-before comes from the modelled operations only
// (the rooms' clock joins), never from the engine's own hand-offs. A race
// does not end the execution; each pair of sites is reported once per
// execution. Goroutines beyond maxClockWidth are not covered.

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

// shadows is the oracle's object table: the race state of each location.
var shadows = newRoom(roomHooks[unsafe.Pointer, shadowCell]{reuse: func(c *shadowCell) {
	*c = shadowCell{reads: c.reads[:0], atomics: c.atomics[:0]}
}})

// RaceReport is a data race between two tracked accesses.
type RaceReport struct {
	Addr         int32 // object number
	First, Later RaceAccess
}

// RaceAccess is one side of a race.
type RaceAccess struct {
	G     int
	Site  int32
	Write bool
}

// checkRace reports races between this access and earlier unordered ones,
// then records the access. Goroutines beyond maxClockWidth are not
// covered: their accesses are neither checked nor recorded.
func (x *execution) checkRace(g *G, site int32, addr unsafe.Pointer, write bool) {
	if g.id > maxClockWidth {
		return
	}
	cell := shadows.of(x).get(addr)
	me := epoch{G: g.id, T: g.clock.Get(g.id)}
	if cell.w.G != 0 && cell.w.G != g.id && !cell.w.Before(g.clock) {
		x.race(addr, RaceAccess{G: cell.w.G, Site: cell.wSite, Write: true}, RaceAccess{G: g.id, Site: site, Write: write})
	}
	for _, a := range cell.atomics {
		if (write || a.write) && a.e.G != g.id && !a.e.Before(g.clock) {
			x.race(addr, RaceAccess{G: a.e.G, Site: a.site, Write: a.write}, RaceAccess{G: g.id, Site: site, Write: write})
		}
	}
	if !write {
		for i := range cell.reads {
			if cell.reads[i].e.G == g.id {
				cell.reads[i] = readRec{me, site}
				return
			}
		}
		cell.reads = append(cell.reads, readRec{me, site})
		return
	}
	for _, r := range cell.reads {
		if r.e.G != g.id && !r.e.Before(g.clock) {
			x.race(addr, RaceAccess{G: r.e.G, Site: r.site}, RaceAccess{G: g.id, Site: site, Write: true})
		}
	}
	cell.w, cell.wSite = me, site
	cell.reads = cell.reads[:0]
}

// checkAtomicRace reports races between a sync/atomic operation and
// earlier unordered plain accesses of addr (a plain write, or for an atomic
// write also a plain read), then records the operation, so that a later
// plain access is checked against it. Atomic operations never race with
// each other.
func (x *execution) checkAtomicRace(g *G, site int32, addr unsafe.Pointer, write bool) {
	if g.id > maxClockWidth {
		return
	}
	cell := shadows.of(x).get(addr)
	if cell.w.G != 0 && cell.w.G != g.id && !cell.w.Before(g.clock) {
		x.race(addr, RaceAccess{G: cell.w.G, Site: cell.wSite, Write: true}, RaceAccess{G: g.id, Site: site, Write: write})
	}
	for _, r := range cell.reads {
		if write && r.e.G != g.id && !r.e.Before(g.clock) {
			x.race(addr, RaceAccess{G: r.e.G, Site: r.site}, RaceAccess{G: g.id, Site: site, Write: true})
		}
	}
	me := atomicRec{e: epoch{G: g.id, T: g.clock.Get(g.id)}, site: site, write: write}
	for i := range cell.atomics {
		if cell.atomics[i].e.G == g.id {
			cell.atomics[i] = me
			return
		}
	}
	cell.atomics = append(cell.atomics, me)
}

// race records a race at addr once per pair of sites. The object is
// numbered only then: most accesses race with nothing, and numbering
// every byte a range access checks would cost a table entry each.
func (x *execution) race(addr unsafe.Pointer, a, b RaceAccess) {
	key := [2]int32{min(a.Site, b.Site), max(a.Site, b.Site)}
	if x.raceSeen[key] {
		return
	}
	x.raceSeen[key] = true
	x.races = append(x.races, RaceReport{Addr: x.objID(addr), First: a, Later: b})
}
