package lincheck

import (
	"fmt"
	"time"
)

// Result is what CheckHistory found.
type Result struct {
	Verdict Verdict
	// Order is a linearization, as indexes into the history, when the
	// verdict is Linearizable; otherwise the longest linearizable prefix
	// the search met.
	Order []int
	// Lanes draws the history with one column per goroutine (Event.Lane).
	Lanes string
	// Why explains a history that is not linearizable: the longest
	// linearizable prefix and, after it, why each operation that could
	// come next does not fit. It is empty otherwise.
	Why string
}

// CheckHistory checks a history recorded elsewhere (by hand, from a
// production log) against test's specification: Init, the Ops' Name, Arg
// (only whether it is nil) and Spec, StateKey and SameResult; New and Call
// are not used. bound limits the search (zero: no limit); a search it
// ends gives Unknown. It returns an error for a history that is not one:
// an operation not in test.Ops, a Return not after its Call, two events
// with one stamp.
func CheckHistory[O, S any](test Test[O, S], h []Event, bound time.Duration) (Result, error) {
	if err := validHistory(h, len(test.Ops)); err != nil {
		return Result{}, err
	}
	m, names := modelOf(test), namesOf(test.Ops)
	out := check(m, h, bound)
	lanesN := 1
	for _, e := range h {
		lanesN = max(lanesN, e.Lane+1)
	}
	r := Result{Verdict: out.verdict, Order: out.order, Lanes: lanes(names, h, lanesN)}
	if out.verdict == NotLinearizable {
		r.Why = why(m, names, h, out)
	}
	return r, nil
}

// validHistory reports what makes h unfit for the checker.
func validHistory(h []Event, ops int) error {
	seen := map[int64]bool{}
	for i, e := range h {
		switch {
		case e.Op < 0 || e.Op >= ops:
			return fmt.Errorf("lincheck: event %d: operation %d of %d", i, e.Op, ops)
		case e.Call >= e.Return:
			return fmt.Errorf("lincheck: event %d: returns at %d, not after its call at %d", i, e.Return, e.Call)
		case e.Lane < 0:
			return fmt.Errorf("lincheck: event %d: lane %d", i, e.Lane)
		case seen[e.Call] || seen[e.Return]:
			return fmt.Errorf("lincheck: event %d: a stamp another event has", i)
		}
		seen[e.Call], seen[e.Return] = true, true
	}
	return nil
}
