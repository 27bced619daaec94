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
		if h, _ := s.history(p, "TestX", nil); budget.Allocate([]budget.History{h}, budget.Learned, 0, budget.Limit{Execs: 9})[0].Budget == "" != n.saturated {
			t.Errorf("night %d: allocation after it: %+v", i+1, h)
		}
	}
}
