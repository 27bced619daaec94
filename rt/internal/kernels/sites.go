// Package kernels holds the bug kernels of shared/kernels.md written by
// hand against the rt API, exactly as the rewriter emits instrumented code:
// registered sites, guarded Read/Write hooks before shared accesses, and rt
// calls in place of go statements, channel and sync operations. Each kernel
// has a buggy form and a corrected form (fixed = true) that must never
// fail. The rt tests run them for many seeds; the benchmarks time them.
package kernels

import (
	"testing"

	"github.com/vtbound/vtbound/rt"
)

// Kernel is one program with a known answer.
type Kernel struct {
	Name string
	// Oracle is the failure the buggy form must produce, as named in
	// reports ("test failure", "panic", "deadlock", "goroutine leak").
	Oracle string
	// CVT is the (c,v,t) of the bug from shared/kernels.md ("" if none).
	CVT string
	// Body runs the kernel; fixed selects the corrected form.
	Body func(t testing.TB, fixed bool)
}

// All lists the kernels in catalogue order.
var All = []Kernel{
	{"vt-fig1", "test failure", "0,0,2", Fig1},
	{"vt-fig2", "test failure", "1,1,2", Fig2},
	{"vt-fig3", "test failure", "2,1,2", Fig3},
	{"vt-fig4", "test failure", "2,2,2", Fig4},
	{"vt-fig8", "test failure", "0,0,3", Fig8},
	{"vt-fig9", "test failure", "1,1,3", Fig9},
	{"vt-fig10", "test failure", "2,2,3", Fig10},
	{"allocation-vector", "test failure", "2,1,2", AllocationVector},
	{"hapset-fig1", "panic", "", HapsetFig1},
	{"ctrigger-fig1", "test failure", "", CTriggerFig1},
	{"deadlock-abba", "deadlock", "", DeadlockABBA},
	{"chan-leak", "goroutine leak", "", ChanLeak},
	{"wg-misuse", "test failure", "", WGMisuse},
}

// Lookup returns the kernel with the given name.
func Lookup(name string) (Kernel, bool) {
	for _, k := range All {
		if k.Name == name {
			return k, true
		}
	}
	return Kernel{}, false
}

// The sites of this package, registered as a rewritten package would. The
// groups are the shared variables of the kernels.
var (
	g [6]rt.Guard
	s = rt.Register("github.com/vtbound/vtbound/rt/internal/kernels", []rt.Site{
		0:  {File: "kernels.go", Line: 1, Kind: rt.KRead, Group: "kernels.a"},
		1:  {File: "kernels.go", Line: 2, Kind: rt.KWrite, Group: "kernels.a"},
		2:  {File: "kernels.go", Line: 3, Kind: rt.KRead, Group: "kernels.b"},
		3:  {File: "kernels.go", Line: 4, Kind: rt.KWrite, Group: "kernels.b"},
		4:  {File: "kernels.go", Line: 5, Kind: rt.KRead, Group: "kernels.blocks"},
		5:  {File: "kernels.go", Line: 6, Kind: rt.KWrite, Group: "kernels.blocks"},
		6:  {File: "kernels.go", Line: 7, Kind: rt.KRead, Group: "kernels.p"},
		7:  {File: "kernels.go", Line: 8, Kind: rt.KWrite, Group: "kernels.p"},
		8:  {File: "kernels.go", Line: 9, Kind: rt.KRead, Group: "kernels.idx"},
		9:  {File: "kernels.go", Line: 10, Kind: rt.KWrite, Group: "kernels.idx"},
		10: {File: "kernels.go", Line: 11, Kind: rt.KRead, Group: "kernels.result"},
		11: {File: "kernels.go", Line: 12, Kind: rt.KWrite, Group: "kernels.result"},
		12: {File: "kernels.go", Line: 13, Kind: rt.KSync},
		13: {File: "kernels.go", Line: 14, Kind: rt.KGo},
		14: {File: "kernels.go", Line: 15, Kind: rt.KChan},
	}, g[:])
)

// Site IDs and guard indices used below.
const (
	gA, gB, gBlocks, gP, gIdx, gResult = 0, 1, 2, 3, 4, 5
)

func sRead(grp int) int32  { return s + int32(2*grp) }
func sWrite(grp int) int32 { return s + int32(2*grp+1) }

var (
	sSync = s + 12
	sGo   = s + 13
	sChan = s + 14
)
