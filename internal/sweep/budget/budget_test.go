package budget

import (
	"testing"
	"time"
)

// TestAllocateLearned: saturated and complete tests get nothing, new ones
// a full share, growing ones more, an open bug halves a share; each share
// is capped and the shares add up to the total.
func TestAllocateLearned(t *testing.T) {
	hs := []History{
		{},                             // new
		{Known: true, Saturated: true}, // saturated
		{Known: true, Complete: true},  // dpor complete
		{Known: true, Executions: 100, Traces: 100}, // every execution a new trace: weight 2
		{Known: true, Executions: 100, Traces: 100, OpenBug: true},
	}
	shares := Allocate(hs, Learned, 40*time.Second, Limit{})
	want := []string{"10s", "", "", "20s", "10s"}
	var sum time.Duration
	for i, s := range shares {
		if s.Budget != want[i] {
			t.Errorf("share %d: %q (%s), want %q", i, s.Budget, s.Reason, want[i])
		}
		d, _ := time.ParseDuration(s.Budget + map[bool]string{true: "0s"}[s.Budget == ""])
		sum += d
	}
	if sum != 40*time.Second {
		t.Errorf("shares add up to %v", sum)
	}
	capped := Allocate(hs, Learned, 40*time.Second, Limit{Execs: 500, Time: 15 * time.Second})
	if capped[3].Budget != "500,15s" || capped[0].Budget != "500,10s" {
		t.Errorf("capped shares %+v", capped)
	}
}

// TestAllocateEqual gives every test the same share, saturated or not.
func TestAllocateEqual(t *testing.T) {
	shares := Allocate([]History{{Known: true, Saturated: true}, {}}, Equal, 0, Limit{Execs: 200})
	for _, s := range shares {
		if s.Budget != "200" {
			t.Errorf("equal share %+v", s)
		}
	}
}

func TestParseLimit(t *testing.T) {
	for in, want := range map[string]Limit{"200": {Execs: 200}, "3s": {Time: 3 * time.Second}, "5,1m": {5, time.Minute}} {
		if got, err := ParseLimit(in); err != nil || got != want || got.String() == "" {
			t.Errorf("ParseLimit(%q) = %+v, %v", in, got, err)
		}
	}
	for _, bad := range []string{"", "lots", "-1", "5,5"} {
		if _, err := ParseLimit(bad); err == nil {
			t.Errorf("ParseLimit(%q) accepted", bad)
		}
	}
}
