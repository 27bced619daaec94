package strategy_test

import (
	"math"
	"math/rand"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// coveredFraction draws perms random permutations of n elements and
// returns the fraction of samples random t-subsets whose t! relative orders
// all occur in some permutation. Checking all C(n,t) subsets is out of reach
// (C(600,5) ~ 6.4e11), so subsets are sampled uniformly; each sample is an
// unbiased Bernoulli trial of "this subset is fully covered".
func coveredFraction(rng *rand.Rand, n, t, perms, samples int) float64 {
	pos := make([][]int32, perms)
	for p := range pos {
		pos[p] = make([]int32, n)
		for i, x := range rng.Perm(n) {
			pos[p][x] = int32(i)
		}
	}
	fact := 1
	for i := 2; i <= t; i++ {
		fact *= i
	}
	covered := 0
	for range samples {
		sub := rng.Perm(n)[:t]
		seen := map[int]bool{}
		for p := range pos {
			seen[orderCode(pos[p], sub)] = true
		}
		if len(seen) == fact {
			covered++
		}
	}
	return float64(covered) / float64(samples)
}

// orderCode encodes the relative order of sub's elements in a permutation.
func orderCode(pos []int32, sub []int) int {
	code := 0
	for i := range sub {
		rank := 0
		for j := range sub {
			if pos[sub[j]] < pos[sub[i]] {
				rank++
			}
		}
		code = code*len(sub) + rank
	}
	return code
}

// TestLemma41BySimulation checks the paper's figures for n = 600: 70, 360
// and 2000 random permutations cover all orders of a t-subset (t = 3, 4, 5)
// with probability above 99%, measured on sampled subsets; a tenth of the
// permutations does not, so the check can fail.
func TestLemma41BySimulation(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, c := range []struct{ t, perms, samples int }{{3, 70, 600}, {4, 360, 300}, {5, 2000, 100}} {
		got := coveredFraction(rng, 600, c.t, c.perms, c.samples)
		few := coveredFraction(rng, 600, c.t, c.perms/10, c.samples)
		t.Logf("n=600 t=%d: %d permutations cover %.1f%% of %d sampled subsets; %d cover %.1f%%; union bound per subset %.2g; paper's closed form %.0f",
			c.t, c.perms, 100*got, c.samples, c.perms/10, 100*few, strategy.LemmaFailure(c.t, c.t, c.perms), strategy.LemmaPaper(600, c.t, 0.01))
		if got <= 0.99 {
			t.Errorf("t=%d: %d permutations covered %.3f of sampled subsets, want > 0.99", c.t, c.perms, got)
		}
		if few > 0.99 {
			t.Errorf("t=%d: %d permutations covered %.3f, want the check to be sensitive", c.t, c.perms/10, few)
		}
	}
}

func TestLemmaFormulas(t *testing.T) {
	if p := strategy.LemmaPermutations(2, 2, 0.01); p != 8 {
		t.Errorf("LemmaPermutations(2,2,.01) = %d, want 8 (2·(1/2)^p <= .01)", p)
	}
	for _, c := range []struct{ n, t int }{{3, 2}, {10, 3}, {600, 3}} {
		p := strategy.LemmaPermutations(c.n, c.t, 0.01)
		if strategy.LemmaFailure(c.n, c.t, p) > 0.01 || strategy.LemmaFailure(c.n, c.t, p-1) <= 0.01 {
			t.Errorf("LemmaPermutations(%d,%d) = %d is not the smallest count with failure <= 0.01", c.n, c.t, p)
		}
	}
	if a, b := strategy.ThreadBoundRuns(4, 2, 0, .01), strategy.ThreadBoundRuns(4, 2, 2, .01); a >= b {
		t.Errorf("ThreadBoundRuns grows with c: got %d then %d", a, b)
	}
}

// TestLemmaPermutationsLargeT: for many goroutines and preemptions the
// count saturates instead of overflowing, and the exhaustive search's
// priority orders stay within their memory bound.
func TestLemmaPermutationsLargeT(t *testing.T) {
	for _, tc := range []struct{ n, t int }{{40, 30}, {200, 150}, {5000, 4000}} {
		if p := strategy.LemmaPermutations(tc.n, tc.t, 0.01); p <= 0 || p > math.MaxInt32 {
			t.Errorf("LemmaPermutations(%d, %d) = %d, want in (0, MaxInt32]", tc.n, tc.t, p)
		}
	}
}
