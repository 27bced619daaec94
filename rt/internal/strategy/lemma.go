package strategy

import "math"

// LemmaFailure returns the union bound of Lemma 4.1 on the probability that
// p independent random permutations of n elements miss at least one of the
// t! orders of some t-subset: t!·C(n,t)·(1-1/t!)^p, clamped to [0,1].
func LemmaFailure(n, t, p int) float64 {
	if t > n {
		t = n
	}
	if t <= 1 {
		return 0
	}
	lf := lnFactorial(t)
	ln := lf + lnChoose(n, t) + float64(p)*math.Log1p(-math.Exp(-lf))
	return math.Min(1, math.Exp(ln))
}

// LemmaPermutations returns the smallest number of random permutations of n
// elements for which LemmaFailure(n, t, ·) <= eps, at most math.MaxInt32.
func LemmaPermutations(n, t int, eps float64) int {
	if t > n {
		t = n
	}
	if t <= 1 {
		return 1
	}
	lf := lnFactorial(t)
	miss := -math.Log1p(-math.Exp(-lf)) // -ln(1-1/t!), 0 when t! overflows
	if miss == 0 {
		return math.MaxInt32
	}
	p := (lf + lnChoose(n, t) - math.Log(eps)) / miss
	return int(math.Ceil(math.Min(math.Max(p, 1), math.MaxInt32)))
}

// LemmaPaper returns the paper's closed form (t+1)(ln(nt)+ln(1/eps)), the
// bound stated in Lemma 4.1 after its approximations.
func LemmaPaper(n, t int, eps float64) float64 {
	return float64(t+1) * (math.Log(float64(n*t)) + math.Log(1/eps))
}

// ThreadBoundRuns returns how many vt executions cover every order of every
// t goroutines at context bound c with probability at least 1-eps: n
// goroutines and c preemptions give n+c fragments, whose (t+c)-subsets must
// all appear in every order (Sec. 4).
func ThreadBoundRuns(n, t, c int, eps float64) int {
	return LemmaPermutations(n+c, t+c, eps)
}

// ThreadBoundCoverage returns the probability bound that runs executions at
// context bound c covered every order of every t of n goroutines.
func ThreadBoundCoverage(n, t, c, runs int) float64 {
	return 1 - LemmaFailure(n+c, t+c, runs)
}

func lnFactorial(n int) float64 {
	v, _ := math.Lgamma(float64(n + 1))
	return v
}

func lnChoose(n, k int) float64 {
	return lnFactorial(n) - lnFactorial(k) - lnFactorial(n-k)
}
