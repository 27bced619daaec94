package strategy_test

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/kernels"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// goEnumLimit bounds the schedules the brute-force check of
// TestDPORGoKernels enumerates per kernel (a tenth with -short); kernels
// with more are checked against their hand-derived count only.
const goEnumLimit = 20000

// TestDPORGoKernels: on Go-style kernels (channels made in loops and
// helpers, select, buffered channels, close, WaitGroup, Cond, Mutex)
// dpor runs exactly one execution per trace, none sleep-set blocked,
// with source sets and with wakeup trees (without falling back to source
// sets); sharded in three, the shards' traces sum to the count. The count is derived by hand in
// each kernel's comment (rt/internal/kernels/gostyle.go) and, where the
// schedules are few enough, checked against the trace classes of an
// enumeration of every schedule.
func TestDPORGoKernels(t *testing.T) {
	for _, k := range kernels.GoKernels() {
		t.Run(k.Name, func(t *testing.T) {
			for _, optimal := range []bool{false, true} {
				d := strategy.NewDPOR(strategy.Config{Budget: 100000}).SetOptimal(optimal)
				r := search(d, k.Body)
				s := d.Stats()
				t.Logf("optimal=%v: %s", optimal, d.Report())
				switch {
				case r.failures > 0:
					t.Errorf("optimal=%v: %d failing executions: %v", optimal, r.failures, r.first.Failure)
				case !s.Complete:
					t.Errorf("optimal=%v: not complete: %s", optimal, d.Report())
				case s.Traces != k.Traces || s.Executions != k.Traces || s.Blocked != 0:
					t.Errorf("optimal=%v: %d executions, %d traces, %d blocked; want %d traces, one execution each (%s)",
						optimal, s.Executions, s.Traces, s.Blocked, k.Traces, d.Report())
				case optimal && s.Restarted > 0:
					t.Errorf("wakeup trees fell back to source sets: %s", d.Report())
				}
			}
			goKernelShards(t, k)
			goKernelEnumerated(t, k)
		})
	}
}

// goKernelShards checks that three shards of k's search count its traces
// between them, none twice. (The shards' leading decisions are full
// expansions, whose later alternatives mostly end sleep-set blocked: the
// executions are not one per trace; see docs/dpor.md, "Sharding".)
func goKernelShards(t *testing.T, k kernels.Counted) {
	sum := 0
	all := map[uint64]bool{}
	for i := range 3 {
		c, hs := shardTraces(t, k.Body, i, 3)
		sum += c
		for h := range hs {
			if all[h] {
				t.Errorf("shards: trace %x explored twice", h)
			}
			all[h] = true
		}
	}
	if sum != k.Traces {
		t.Errorf("shards: %d traces, want %d", sum, k.Traces)
	}
}

// goKernelEnumerated checks k's count against the trace classes that an
// enumeration of every schedule reaches, when there are at most
// goEnumLimit schedules.
func goKernelEnumerated(t *testing.T, k kernels.Counted) {
	limit := goEnumLimit
	if testing.Short() {
		limit /= 10
	}
	ref := &enumerator{budget: limit}
	_, classes, n := outcomes(ref, genBody(func(*[]string) func(testing.TB) { return k.Body }))
	if ref.cut {
		t.Logf("enumeration: more than %d schedules, not compared", limit)
		return
	}
	if len(classes) != k.Traces {
		t.Errorf("enumeration of %d schedules: %d trace classes, want %d", n, len(classes), k.Traces)
	}
	t.Logf("enumeration: %d schedules, %d trace classes", n, len(classes))
}

// TestSignalAtomicsCount counts the traces of SignalAtomics's accesses by
// brute force: every interleaving of the goroutines' accesses, named by
// the order of each pair of conflicting accesses (two of one location,
// one a store, of two goroutines). It must be the 40 of the kernel table.
func TestSignalAtomicsCount(t *testing.T) {
	acc := kernels.SignalAtomicsAccesses
	classes := map[string]bool{}
	pos := make([]int, len(acc))
	var order [][2]int
	var walk func()
	walk = func() {
		if len(order) == 8 {
			classes[conflictOrder(acc, order)] = true
			return
		}
		for g := range acc {
			if pos[g] < len(acc[g]) {
				order = append(order, [2]int{g, pos[g]})
				pos[g]++
				walk()
				pos[g]--
				order = order[:len(order)-1]
			}
		}
	}
	walk()
	var want int
	for _, k := range kernels.GoKernels() {
		if k.Name == "signal-atomics-chan" {
			want = k.Traces
		}
	}
	if len(classes) != want {
		t.Errorf("%d traces by brute force, the kernel table says %d", len(classes), want)
	}
}

// conflictOrder names an interleaving by the order of its conflicting
// pairs of accesses.
func conflictOrder(acc [][]struct {
	Loc   byte
	Store bool
}, order [][2]int) string {
	var pairs []string
	for i, a := range order {
		for _, b := range order[i+1:] {
			x, y := acc[a[0]][a[1]], acc[b[0]][b[1]]
			if a[0] != b[0] && x.Loc == y.Loc && (x.Store || y.Store) {
				pairs = append(pairs, fmt.Sprint(a, "<", b))
			}
		}
	}
	sort.Strings(pairs)
	return strings.Join(pairs, " ")
}
