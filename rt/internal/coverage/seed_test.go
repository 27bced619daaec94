package coverage

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// fullName names site s as f.go:s; siteNumber reverses it.
func fullName(s int32) string { return fmt.Sprintf("f.go:%d", s) }

func siteNumber(name string) []int32 {
	n, err := strconv.Atoi(strings.TrimPrefix(name, "f.go:"))
	if err != nil {
		return nil
	}
	return []int32{int32(n)}
}

// TestSeed: a state seeded from an earlier run's file has that run's
// HaPSets, estimate and covered pairs; the same executions then add
// nothing (coverage is new only across runs); entries naming a site this
// build lacks are dropped, and a shared name stands for every site.
func TestSeed(t *testing.T) {
	s := NewState(PrimAll)
	s.Observe(&sched.Execution{Trace: fig2()})
	s.Observe(&sched.Execution{Trace: fig1(e1, e2, e3, e4)})
	f := s.File("TestX", fullName)
	seeded := NewState(PrimAll)
	if n := seeded.Seed(f, siteNumber); n == 0 {
		t.Fatal("nothing seeded")
	}
	est1, cov1, un1 := s.Counts()
	est2, cov2, un2 := seeded.Counts()
	if seeded.H.Len() != s.H.Len() || est1 != est2 || cov1 != cov2 || un1 != un2 {
		t.Fatalf("seeded state: %d HaPSet entries, counts %d/%d/%d; want %d, %d/%d/%d",
			seeded.H.Len(), est2, cov2, un2, s.H.Len(), est1, cov1, un1)
	}
	if seeded.Observe(&sched.Execution{Trace: fig2()}) || seeded.Observe(&sched.Execution{Trace: fig1(e1, e2, e3, e4)}) {
		t.Errorf("the earlier run's executions grew the seeded coverage")
	}
	if est, _, _ := seeded.Counts(); est != est1 {
		t.Errorf("estimate after the estimation execution: %d requirements, want the union %d", est, est1)
	}
	if seeded.Executions != 2 || seeded.Growth != 0 {
		t.Errorf("executions %d growth %d: want this run's own (2, 0)", seeded.Executions, seeded.Growth)
	}
	none := NewState(PrimAll)
	if n := none.Seed(f, func(string) []int32 { return nil }); n != 0 || none.H.Len() != 0 || len(none.Estimated) != 0 {
		t.Errorf("sites absent from this build: %d seeded", n)
	}
	two := NewState(PrimAll)
	two.Seed(&File{HaPSet: f.HaPSet[:1]}, func(n string) []int32 { return []int32{siteNumber(n)[0], 100 + siteNumber(n)[0]} })
	if two.H.Len() != 4 {
		t.Errorf("one entry over names shared by two sites each: %d entries, want 4", two.H.Len())
	}
}
