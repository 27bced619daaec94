package config

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

func env(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestDefaults(t *testing.T) {
	s, err := Parse(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if s.V != -1 || s.C != -1 || s.Strategy != "portfolio" || s.Execs != DefaultExecs || s.Time != DefaultTime || s.Dir != DefaultDir || !s.Races || s.SeedSet {
		t.Fatalf("defaults = %+v", s)
	}
}

func TestBudgetForms(t *testing.T) {
	for _, tc := range []struct {
		in    string
		execs int
		time  time.Duration
	}{
		{"500", 500, 0},
		{"30s", 0, 30 * time.Second},
		{"500,1m", 500, time.Minute},
		{"1m, 500", 500, time.Minute},
	} {
		s, err := Parse(env(map[string]string{"VTBOUND_BUDGET": tc.in}))
		if err != nil {
			t.Fatalf("%q: %v", tc.in, err)
		}
		if s.Execs != tc.execs || s.Time != tc.time {
			t.Errorf("%q: execs=%d time=%v, want %d %v", tc.in, s.Execs, s.Time, tc.execs, tc.time)
		}
	}
}

// TestTimeForms: VTBOUND_TIME's forms set the window and the bound of
// wake-ups that race with work; bad forms fail.
func TestTimeForms(t *testing.T) {
	for _, tc := range []struct {
		in     string
		window time.Duration
		n      int
	}{
		{"", 0, 0},
		{"race", 0, 0},
		{"blocked", -1, 0},
		{"race:50ms", 50 * time.Millisecond, 0},
		{"race:1h:5", time.Hour, 5},
	} {
		s, err := Parse(env(map[string]string{"VTBOUND_TIME": tc.in}))
		if err != nil {
			t.Fatalf("%q: %v", tc.in, err)
		}
		if s.WakeWindow != tc.window || s.EarlyWakes != tc.n {
			t.Errorf("%q: window %v, n %d; want %v, %d", tc.in, s.WakeWindow, s.EarlyWakes, tc.window, tc.n)
		}
	}
	for _, bad := range []string{"sometimes", "race:", "race:-1s", "race:1s:0", "blocked:1s", "race:1s:x"} {
		if _, err := Parse(env(map[string]string{"VTBOUND_TIME": bad})); err == nil || !strings.Contains(err.Error(), "VTBOUND_TIME") {
			t.Errorf("%q: error %v, want one naming VTBOUND_TIME", bad, err)
		}
	}
}

func TestBadValuesNameTheVariable(t *testing.T) {
	for name, val := range map[string]string{
		"VTBOUND_BUDGET": "lots", "VTBOUND_SEED": "x1", "VTBOUND_DEPTH": "0",
		"VTBOUND_T": "1", "VTBOUND_RACES": "maybe", "VTBOUND_VERBOSE": "-1",
	} {
		_, err := Parse(env(map[string]string{name: val}))
		if err == nil {
			t.Errorf("%s=%s: no error", name, val)
			continue
		}
		if !strings.Contains(err.Error(), name) || !strings.Contains(err.Error(), val) || !strings.Contains(err.Error(), "want") {
			t.Errorf("%s=%s: error %q does not name variable, value and accepted values", name, val, err)
		}
	}
}

func TestSeedAndReplay(t *testing.T) {
	s, err := Parse(env(map[string]string{"VTBOUND_SEED": "-7", "VTBOUND_REPLAY": "f", "VTBOUND_STRATEGY": "pct"}))
	if err != nil {
		t.Fatal(err)
	}
	if !s.SeedSet || s.Seed != -7 || s.Replay != "f" || s.Strategy != "pct" {
		t.Fatalf("got %+v", s)
	}
}

func TestTrack(t *testing.T) {
	for in, want := range map[string]string{"all": "all", "none": "[]", "p.a, p.T.f": "[p.a p.T.f]"} {
		s, err := Parse(env(map[string]string{"VTBOUND_TRACK": in}))
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		got := fmt.Sprint(s.Track)
		if s.TrackAll {
			got = "all"
		}
		if got != want {
			t.Errorf("VTBOUND_TRACK=%q: got %s, want %s", in, got, want)
		}
	}
	if _, err := Parse(env(map[string]string{"VTBOUND_TRACK": "a,,b"})); err == nil || !strings.Contains(err.Error(), "VTBOUND_TRACK") {
		t.Errorf("bad VTBOUND_TRACK: error %v", err)
	}
}
