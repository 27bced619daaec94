// Package budget splits a sweep's budget across its tests.
//
// The learned allocation gives nothing to a test whose code is unchanged
// since a sweep found it saturated (its last run passed and its strategy
// ran out of schedules before the budget, or the run's second half found
// no new distinct trace) or dpor-complete (every trace explored: a proof for
// its inputs); a full share to a test that is new or whose code changed;
// more to a test whose distinct traces still grew fast in its last run
// (traces/executions), and half as much to a test with an open bug. The
// equal allocation gives every test the same share. Each share is capped
// by the per-test limit.
package budget

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Mode chooses the allocation.
type Mode string

// The allocations.
const (
	Learned Mode = "learned"
	Equal   Mode = "equal"
)

// ParseMode reads a -alloc value.
func ParseMode(s string) (Mode, error) {
	switch Mode(s) {
	case Learned, Equal:
		return Mode(s), nil
	}
	return "", fmt.Errorf("want learned or equal")
}

// History is what earlier sweeps learned about a test, for its current
// code (Known false: nothing, or the code changed).
type History struct {
	Known      bool
	Saturated  bool
	Complete   bool
	Executions int
	Traces     int
	OpenBug    bool
}

// Share is one test's part of the budget.
type Share struct {
	Weight float64
	// Budget is the VTBOUND_BUDGET value for the test ("" for none: the
	// test is skipped).
	Budget string
	Reason string
}

// weight is a test's claim on the budget and why.
func weight(h History, mode Mode) (float64, string) {
	switch {
	case mode == Equal:
		return 1, "equal split"
	case !h.Known:
		return 1, "new or changed code"
	case h.Complete:
		return 0, "skipped: dpor explored every trace"
	case h.Saturated:
		return 0, "skipped: saturated (its last run ran out of schedules, or found no new trace in its second half)"
	}
	w := 1.0
	if h.Executions > 0 {
		w += float64(h.Traces) / float64(h.Executions)
	}
	if h.OpenBug {
		return w / 2, "coverage still growing; open bug halves its share"
	}
	return w, "coverage still growing"
}

// Limit is a per-test limit: a count of executions, a duration or both
// (the syntax of VTBOUND_BUDGET).
type Limit struct {
	Execs int
	Time  time.Duration
}

// ParseLimit reads "200", "30s" or "200,30s".
func ParseLimit(s string) (Limit, error) {
	var l Limit
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if n, err := strconv.Atoi(part); err == nil && n > 0 && l.Execs == 0 {
			l.Execs = n
		} else if d, err := time.ParseDuration(part); err == nil && d > 0 && l.Time == 0 {
			l.Time = d
		} else {
			return Limit{}, fmt.Errorf("want a count (200), a duration (30s) or both (200,30s)")
		}
	}
	return l, nil
}

// String renders l as VTBOUND_BUDGET does.
func (l Limit) String() string {
	var parts []string
	if l.Execs > 0 {
		parts = append(parts, strconv.Itoa(l.Execs))
	}
	if l.Time > 0 {
		parts = append(parts, l.Time.String())
	}
	return strings.Join(parts, ",")
}

// Allocate gives each test (its History) a share. With total > 0, the
// total test time (workers × wall time) is split in proportion to the
// weights, each share capped by perTest; otherwise every test with a
// weight gets perTest.
func Allocate(hs []History, mode Mode, total time.Duration, perTest Limit) []Share {
	shares := make([]Share, len(hs))
	sum := 0.0
	for i, h := range hs {
		shares[i].Weight, shares[i].Reason = weight(h, mode)
		sum += shares[i].Weight
	}
	for i := range shares {
		if shares[i].Weight == 0 {
			continue
		}
		l := perTest
		if total > 0 {
			d := time.Duration(float64(total) * shares[i].Weight / sum).Round(time.Millisecond)
			if l.Time == 0 || d < l.Time {
				l.Time = max(d, time.Millisecond)
			}
		}
		shares[i].Budget = l.String()
	}
	return shares
}
