package sweep

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/vtbound/vtbound/internal/sweep/budget"
	"github.com/vtbound/vtbound/internal/sweep/db"
)

// TestLearnedCoverageAcrossNights records three nights of a test whose
// distinct traces keep growing (no trace saturation): the first night's
// coverage is new, the second adds to it, the third adds nothing, so the
// test is saturated and the next allocation skips it; a new fingerprint
// forgets everything. Every check reads the database.
func TestLearnedCoverageAcrossNights(t *testing.T) {
	d, err := db.Open(filepath.Join(t.TempDir(), "s.db"), true)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	p := &pkg{Path: "p", testFP: map[string]string{"TestX": "fp1"}}
	s := &sweeper{cfg: &Config{}, db: d}
	cov := func(pairs ...string) string {
		f := "vtbound-coverage 1\ntest TestX\nexecutions 50 growth 40\n"
		for _, sp := range pairs {
			f += "sp " + sp + " covered\n"
		}
		return f
	}
	nights := []struct {
		fp        string
		coverage  string
		covered   int
		saturated bool
	}{
		{"fp1", cov(`"a.go:1" "a.go:2"`), 1, false},
		{"fp1", cov(`"a.go:1" "a.go:2"`, `"a.go:3" "a.go:4"`), 2, false},
		{"fp1", cov(`"a.go:3" "a.go:4"`), 2, true},
		{"fp2", cov(`"a.go:1" "a.go:2"`), 1, false},
	}
	for i, n := range nights {
		p.testFP["TestX"] = n.fp
		s.run = &db.Run{ID: string(rune('a' + i))}
		o := newOutcome(&item{pkg: p, test: "TestX", seed: 1})
		o.run.Verdict, o.run.Executions, o.run.LastNew, o.run.Traces = "pass", 50, 50, 50
		o.coverage = []string{n.coverage}
		o.run.Run = s.run.ID
		learned, err := s.learn(o)
		if err == nil {
			_, err = d.Record(&o.run, learned, nil, time.Now())
		}
		if err != nil {
			t.Fatal(err)
		}
		got, _ := d.Test("p", "TestX")
		if got.Covered != n.covered || got.Saturated != n.saturated || got.Fingerprint != n.fp {
			t.Errorf("night %d: covered %d, saturated %v, fingerprint %s; want %d, %v, %s", i+1, got.Covered, got.Saturated, got.Fingerprint, n.covered, n.saturated, n.fp)
		}
		if h, _, _ := s.history(p, "TestX", nil); budget.Allocate([]budget.History{h}, budget.Learned, 0, budget.Limit{Execs: 9})[0].Budget == "" != n.saturated {
			t.Errorf("night %d: allocation after it: %+v", i+1, h)
		}
	}
}

// TestFrontierPerFingerprint: a dpor run cut by the budget stores its
// frontier, and keeps the test unsaturated although its coverage stopped
// growing; the next night's item resumes it; a new fingerprint forgets
// it, and a complete run clears it.
func TestFrontierPerFingerprint(t *testing.T) {
	d, err := db.Open(filepath.Join(t.TempDir(), "s.db"), true)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	p := &pkg{Path: "p", testFP: map[string]string{"TestX": "fp1"}}
	s := &sweeper{cfg: &Config{Strategies: []string{"dpor"}, Seed: 1}, db: d}
	night := func(id string, frontier []byte, complete bool) *item {
		t.Helper()
		s.run = &db.Run{ID: id}
		_, learned, err := s.history(p, "TestX", nil)
		if err != nil {
			t.Fatal(err)
		}
		it := s.testItems(p, "TestX", learned, nil, map[string]bool{})[0]
		o := newOutcome(it)
		o.run.Run, o.run.Verdict, o.run.Executions, o.run.LastNew, o.run.Complete = id, "pass", 40, 10, complete
		o.dporRan, o.frontier = true, frontier
		got, err := s.learn(o)
		if err == nil {
			_, err = d.Record(&o.run, got, nil, time.Now())
		}
		if err != nil {
			t.Fatal(err)
		}
		return it
	}
	night("a", []byte("f1"), false)
	if it := night("b", []byte("f2"), false); string(it.frontier) != "f1" || !it.resume {
		t.Fatalf("night b resumes %q, want f1", it.frontier)
	}
	if got, _ := d.Test("p", "TestX"); got.Saturated || string(got.Frontiers[""]) != "f2" {
		t.Fatalf("after night b: %+v; want unsaturated with frontier f2", got)
	}
	p.testFP["TestX"] = "fp2"
	if it := night("c", nil, true); it.frontier != nil {
		t.Errorf("changed code resumes %q, want nothing", it.frontier)
	}
	if got, _ := d.Test("p", "TestX"); !got.Complete || len(got.Frontiers) != 0 {
		t.Errorf("after the complete night: %+v", got)
	}
}
