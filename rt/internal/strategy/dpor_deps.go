package strategy

import (
	"sync"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// depTable caches sched.Dependent, the one statement of the dependence
// relation, for every pair of operation kinds: bit 0 of depTable[a][b]
// is the answer for two operations of kinds a and b on one object, bit 1
// on two objects. Dependent reads nothing of an operation but its kind
// and whether the objects (Op.Obj) are equal (sched's
// TestDependentEveryPair states it the same way); TestDependentTable
// checks the cache against it. NewDPOR builds it (buildDepTable): a
// search that never runs dpor does not pay for it.
var (
	depTable *[256][256]uint8
	depOnce  sync.Once
)

// buildDepTable builds depTable, once.
func buildDepTable() {
	depOnce.Do(func() {
		var t [256][256]uint8
		for a := range 256 {
			for b := range 256 {
				x := sched.Op{Kind: sched.OpKind(a), Obj: 1}
				if sched.Dependent(x, sched.Op{Kind: sched.OpKind(b), Obj: 1}) {
					t[a][b] |= 1
				}
				if sched.Dependent(x, sched.Op{Kind: sched.OpKind(b), Obj: 2}) {
					t[a][b] |= 2
				}
			}
		}
		depTable = &t
	})
}

// dependentOn reports whether operations of kinds a and b are dependent
// when they touch one object (same) or two. It is sched.Dependent from
// the cache: the race analysis and the wakeup-tree insertion ask it in
// their inner loops, and the sleep sets on the goroutine that reached a
// scheduling point, where it must be inlined (see DPOR.spare).
func dependentOn(a, b sched.OpKind, same bool) bool {
	bit := uint8(2)
	if same {
		bit = 1
	}
	return depTable[a][b]&bit != 0
}

// dependent is sched.Dependent(a, b), from the cache: the table holds the
// kinds' answers, and a resumption (Op.Done) or two receives from a
// closed channel (Op.Closed) commute.
func dependent(a, b sched.Op) bool {
	return !a.Done && !b.Done && !(a.Closed && b.Closed) && dependentOn(a.Kind, b.Kind, a.Obj == b.Obj)
}
