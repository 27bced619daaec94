package engine

import "sync"

// The room of sync.Pool.
//
// Put and Get are no scheduling points (a pool never blocks and its
// contents are not observable in order). A Put releases into the pool's
// clock and a Get acquires it, the edge the race detector has, so that
// objects recycled through a pool do not race.

// pools is the room's object table: the join of the clocks of the Puts
// to each pool so far.
var pools = newRoom(roomHooks[*sync.Pool, vclock]{})

// PoolPut orders g's past before later Gets from p.
func (g *G) PoolPut(p *sync.Pool) {
	if g.abort {
		return
	}
	g.releaseInto(pools.of(g.x).get(p))
}

// PoolGet orders g after every earlier Put to p.
func (g *G) PoolGet(p *sync.Pool) {
	if g.abort {
		return
	}
	g.learn(*pools.of(g.x).get(p))
}
