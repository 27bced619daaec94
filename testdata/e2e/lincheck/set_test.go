package set

import (
	"math/rand"
	"testing"

	"github.com/vtbound/vtbound/lincheck"
)

// intSet is what both sets offer.
type intSet interface {
	Add(x int) bool
	Contains(x int) bool
}

// setTest is the lincheck test of a set made by newSet; the
// specification's state is a map (Spec copies it before changing it).
func setTest(newSet func() intSet) lincheck.Test[intSet, map[int]bool] {
	arg := func(r *rand.Rand) any { return r.Intn(2) }
	return lincheck.Test[intSet, map[int]bool]{
		New:  newSet,
		Init: func() map[int]bool { return map[int]bool{} },
		Ops: []lincheck.Op[intSet, map[int]bool]{
			{
				Name: "Add",
				Arg:  arg,
				Call: func(s intSet, x any) any { return s.Add(x.(int)) },
				Spec: func(s map[int]bool, x any) (map[int]bool, any) {
					if s[x.(int)] {
						return s, false
					}
					next := map[int]bool{x.(int): true}
					for k := range s {
						next[k] = true
					}
					return next, true
				},
			},
			{
				Name: "Contains",
				Arg:  arg,
				Call: func(s intSet, x any) any { return s.Contains(x.(int)) },
				Spec: func(s map[int]bool, x any) (map[int]bool, any) { return s, s[x.(int)] },
			},
		},
	}
}

func TestSplitSet(t *testing.T) {
	lincheck.Check(t, setTest(func() intSet { return NewSplitSet() }))
}

func TestLockedSet(t *testing.T) {
	lincheck.Check(t, setTest(func() intSet { return NewLockedSet() }))
}
