package strategy

import (
	"math/rand"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// TestDependentTable checks the dependence cache against sched.Dependent
// on operations that differ in every field, of every kind.
func TestDependentTable(t *testing.T) {
	buildDepTable()
	rng := rand.New(rand.NewSource(1))
	op := func() sched.Op {
		return sched.Op{Kind: sched.OpKind(rng.Intn(256)), Site: rng.Int31n(3), Group: rng.Int31n(3) - 1,
			Obj: rng.Int31n(3), Heap: rng.Int31n(2), Ident: rng.Int31n(3)}
	}
	for range 20000 {
		a, b := op(), op()
		if got, want := dependent(a, b), sched.Dependent(a, b); got != want {
			t.Fatalf("dependent(%+v, %+v) = %v, sched.Dependent says %v", a, b, got, want)
		}
	}
}
