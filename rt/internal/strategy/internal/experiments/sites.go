package experiments

import (
	"sync"
	"unsafe"

	"github.com/vtbound/vtbound/rt"
)

// Guard indices of the variable groups of the rt programs, in order of
// first appearance in the registered sites.
const (
	vA = iota
	vB
	vCfg
	vAcc
	vTotal
	vX
	vReady
	vCnt
	numVars
)

// The sites of the rt programs, registered as a rewritten package would:
// one read and one write site per variable group, then the sync and go
// sites.
var (
	guards [numVars]rt.Guard
	base   = rt.Register("github.com/vtbound/vtbound/rt/internal/strategy/internal/experiments", []rt.Site{
		0:  {File: "rtprograms.go", Line: 1, Kind: rt.KRead, Group: "experiments.a", Name: "a"},
		1:  {File: "rtprograms.go", Line: 2, Kind: rt.KWrite, Group: "experiments.a", Name: "a"},
		2:  {File: "rtprograms.go", Line: 3, Kind: rt.KRead, Group: "experiments.b", Name: "b"},
		3:  {File: "rtprograms.go", Line: 4, Kind: rt.KWrite, Group: "experiments.b", Name: "b"},
		4:  {File: "rtprograms.go", Line: 5, Kind: rt.KRead, Group: "experiments.cfg", Name: "s.cfg"},
		5:  {File: "rtprograms.go", Line: 6, Kind: rt.KWrite, Group: "experiments.cfg", Name: "s.cfg"},
		6:  {File: "rtprograms.go", Line: 7, Kind: rt.KRead, Group: "experiments.acc", Name: "s.acc[w]"},
		7:  {File: "rtprograms.go", Line: 8, Kind: rt.KWrite, Group: "experiments.acc", Name: "s.acc[w]"},
		8:  {File: "rtprograms.go", Line: 9, Kind: rt.KRead, Group: "experiments.total", Name: "s.total"},
		9:  {File: "rtprograms.go", Line: 10, Kind: rt.KWrite, Group: "experiments.total", Name: "s.total"},
		10: {File: "rtprograms.go", Line: 11, Kind: rt.KRead, Group: "experiments.x", Name: "s.x"},
		11: {File: "rtprograms.go", Line: 12, Kind: rt.KWrite, Group: "experiments.x", Name: "s.x"},
		12: {File: "rtprograms.go", Line: 13, Kind: rt.KRead, Group: "experiments.ready", Name: "s.ready"},
		13: {File: "rtprograms.go", Line: 14, Kind: rt.KWrite, Group: "experiments.ready", Name: "s.ready"},
		14: {File: "rtprograms.go", Line: 15, Kind: rt.KRead, Group: "experiments.cnt", Name: "s.cnt"},
		15: {File: "rtprograms.go", Line: 16, Kind: rt.KWrite, Group: "experiments.cnt", Name: "s.cnt"},
		16: {File: "rtprograms.go", Line: 17, Kind: rt.KSync},
		17: {File: "rtprograms.go", Line: 18, Kind: rt.KGo},
	}, guards[:])
	sSync = base + 16
	sGo   = base + 17
)

// rd is the guarded hook the rewriter emits before a read of *p, a
// variable of group v.
func rd(v int, p *int) {
	if guards[v].On() {
		rt.Read(base+int32(2*v), unsafe.Pointer(p))
	}
}

// wr is the guarded hook the rewriter emits before a write (or x++) of
// *p, a variable of group v.
func wr(v int, p *int) {
	if guards[v].On() {
		rt.Write(base+int32(2*v+1), unsafe.Pointer(p))
	}
}

// join starts fns as goroutines and waits for them with a WaitGroup, as
// testsim.Join does: Add(len), go each (Done when it returns), Wait. A
// goroutine that panics never calls Done: its panic ends the execution.
func join(fns ...func()) {
	var wg sync.WaitGroup
	rt.WGAdd(sSync, &wg, len(fns))
	for _, fn := range fns {
		rt.Go(sGo, func() {
			fn()
			rt.WGDone(sSync, &wg)
		})
	}
	rt.WGWait(sSync, &wg)
}

// check fails the execution, as a failed assertion, when cond is false.
func check(cond bool, msg string) {
	if !cond {
		panic(msg)
	}
}
