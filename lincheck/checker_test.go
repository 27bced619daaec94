package lincheck

import (
	"reflect"
	"testing"
	"time"
)

// Operations of the register model.
const (
	opWrite = iota
	opRead
)

// register is a model of one integer register: Write(v) returns nil,
// Read() returns the value.
var register = model[int]{
	init: func() int { return 0 },
	step: func(s, op int, arg any) (int, any) {
		if op == opWrite {
			return arg.(int), nil
		}
		return s, s
	},
	same: reflect.DeepEqual,
}

// Operations of the set model.
const (
	opAdd = iota
	opHas
)

// intSet is a model of a set of small integers whose state is a bit
// mask: Add(x) reports whether x was new, Has(x) whether it is there.
var intSet = model[uint64]{
	init: func() uint64 { return 0 },
	step: func(s uint64, op int, arg any) (uint64, any) {
		bit := uint64(1) << arg.(int)
		if op == opAdd {
			return s | bit, s&bit == 0
		}
		return s, s&bit != 0
	},
	same: reflect.DeepEqual,
	key:  func(s uint64) any { return s },
}

// ev is an event of a hand-written history.
func ev(lane, op int, arg, res any, call, ret int64) Event {
	return Event{Lane: lane, Op: op, Arg: arg, Result: res, Call: call, Return: ret}
}

// TestCheckHistories checks hand-written histories, linearizable and not.
func TestCheckHistories(t *testing.T) {
	cases := []struct {
		name string
		m    any
		h    []Event
		want Verdict
	}{
		{"sequential", register, []Event{ev(0, opWrite, 1, nil, 1, 2), ev(0, opRead, nil, 1, 3, 4)}, Linearizable},
		{"sequential stale read", register, []Event{ev(0, opWrite, 1, nil, 1, 2), ev(0, opRead, nil, 0, 3, 4)}, NotLinearizable},
		{"overlapping read of the new value", register, []Event{ev(1, opWrite, 1, nil, 1, 4), ev(2, opRead, nil, 1, 2, 3)}, Linearizable},
		{"overlapping read of the old value", register, []Event{ev(1, opWrite, 1, nil, 1, 4), ev(2, opRead, nil, 0, 2, 3)}, Linearizable},
		// real-time order: the read was called after the write returned
		{"read after the write returned", register, []Event{ev(1, opWrite, 1, nil, 1, 2), ev(2, opRead, nil, 0, 3, 4)}, NotLinearizable},
		{"value never written", register, []Event{ev(1, opWrite, 1, nil, 1, 4), ev(2, opRead, nil, 7, 2, 3)}, NotLinearizable},
		// a read that saw the new value, then one (in real time after it) that saw the old one
		{"new then old", register, []Event{ev(1, opWrite, 1, nil, 1, 10), ev(2, opRead, nil, 1, 2, 3), ev(2, opRead, nil, 0, 4, 5)}, NotLinearizable},
		{"old then new", register, []Event{ev(1, opWrite, 1, nil, 1, 10), ev(2, opRead, nil, 0, 2, 3), ev(2, opRead, nil, 1, 4, 5)}, Linearizable},
		{"two concurrent adds both new", intSet, []Event{ev(1, opAdd, 1, true, 1, 3), ev(2, opAdd, 1, true, 2, 4)}, NotLinearizable},
		{"two concurrent adds, one new", intSet, []Event{ev(1, opAdd, 1, false, 1, 3), ev(2, opAdd, 1, true, 2, 4)}, Linearizable},
		{"has before the add it overlaps", intSet, []Event{ev(1, opAdd, 2, true, 1, 6), ev(2, opHas, 2, false, 2, 3), ev(2, opHas, 2, true, 4, 5)}, Linearizable},
		{"has after the add returned", intSet, []Event{ev(1, opAdd, 2, true, 1, 2), ev(2, opHas, 2, false, 3, 4)}, NotLinearizable},
	}
	for _, c := range cases {
		var got Verdict
		switch m := c.m.(type) {
		case model[int]:
			got = check(m, c.h, time.Second).verdict
		case model[uint64]:
			got = check(m, c.h, time.Second).verdict
		}
		if got != c.want {
			t.Errorf("%s: verdict %v, want %v", c.name, got, c.want)
		}
	}
}

// TestCheckWitness: the order returned for a linearizable history is a
// linearization: every operation once, real-time order kept.
func TestCheckWitness(t *testing.T) {
	h := []Event{ev(1, opWrite, 1, nil, 1, 10), ev(2, opRead, nil, 0, 2, 3), ev(2, opRead, nil, 1, 4, 5), ev(0, opWrite, 2, nil, 11, 12), ev(0, opRead, nil, 2, 13, 14)}
	out := check(register, h, time.Second)
	if out.verdict != Linearizable || len(out.order) != len(h) {
		t.Fatalf("verdict %v, order %v", out.verdict, out.order)
	}
	s := 0
	for k, i := range out.order {
		for _, j := range out.order[k+1:] {
			if h[j].Return < h[i].Call {
				t.Errorf("order %v puts %d before %d, which returned before it was called", out.order, i, j)
			}
		}
		var res any
		s, res = register.step(s, h[i].Op, h[i].Arg)
		if !reflect.DeepEqual(res, h[i].Result) {
			t.Errorf("order %v: operation %d returns %v in it, recorded %v", out.order, i, res, h[i].Result)
		}
	}
}

// TestCheckLongestPrefix: for a history that is not linearizable the
// outcome holds the longest linearizable prefix and the state after it.
func TestCheckLongestPrefix(t *testing.T) {
	h := []Event{ev(0, opAdd, 1, true, 1, 2), ev(1, opAdd, 2, true, 3, 5), ev(2, opAdd, 2, true, 4, 6)}
	out := check(intSet, h, time.Second)
	if out.verdict != NotLinearizable || len(out.order) != 2 || out.order[0] != 0 || out.state != 6 {
		t.Fatalf("outcome %+v, want not linearizable after [0 1] or [0 2] in state 6 ({1, 2})", out)
	}
}

// TestCheckTimeBound: a history whose search is exponential (many
// overlapping writes and a read of a value none wrote) ends at the time
// bound with unknown, with and without a state key.
func TestCheckTimeBound(t *testing.T) {
	var h []Event
	for i := range 24 {
		h = append(h, ev(i+1, opWrite, i+1, nil, int64(i+1), int64(100+i)))
	}
	h = append(h, ev(30, opRead, nil, 99, 50, 51))
	keyed := register
	keyed.key = func(s int) any { return s }
	for _, m := range []model[int]{register, keyed} {
		start := time.Now()
		out := check(m, h, 20*time.Millisecond)
		if out.verdict != Unknown {
			t.Errorf("verdict %v after %v, want unknown", out.verdict, time.Since(start))
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("the check took %v with a bound of 20ms", d)
		}
	}
	small := h[20:] // four writes: decided within the bound
	if out := check(register, small, time.Second); out.verdict != NotLinearizable {
		t.Errorf("four writes and a read of 99: verdict %v, want not linearizable", out.verdict)
	}
}

// TestCheckMemo: the memo makes a long history of commuting operations
// cheap: 16 overlapping adds of distinct elements and a has that returned
// a wrong result would take 16! orders without it.
func TestCheckMemo(t *testing.T) {
	var h []Event
	for i := range 16 {
		h = append(h, ev(i+1, opAdd, i, true, int64(i+1), int64(100+i)))
	}
	h = append(h, ev(0, opHas, 20, true, 200, 201))
	out := check(intSet, h, 10*time.Second)
	if out.verdict != NotLinearizable {
		t.Fatalf("verdict %v", out.verdict)
	}
	if out.steps > 1<<22 {
		t.Errorf("%d steps: the memo did not bound the search by the 2^16 subsets", out.steps)
	}
}
