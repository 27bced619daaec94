package sweep

import (
	"fmt"
	"sort"
	"strings"
)

// Learned coverage.
//
// With -coverage, every test binary measures HaPSet and SP coverage
// (VTBOUND_COVERAGE=1) and puts it in its VTBOUND_JSON record in the
// coverage file format (docs/coverage.md). The database keeps, per test
// and fingerprint, the union of what the nights measured: the distinct
// hapset records, and each SP requirement with its best state (covered
// over unestimated over uncovered), in that same format. A night whose
// run added nothing to the union teaches that the test is saturated: the
// next sweep skips it until its fingerprint changes. The next night's
// test processes also start from the union (VTBOUND_COVERAGE_FROM,
// carry.go): hapset from its HaPSets, sp from its covered pairs.

// covFile is a coverage file as the sweep merges it.
type covFile struct {
	test       string
	executions int
	growth     int
	hapset     map[string]bool   // the record after "hapset "
	sp         map[string]string // the two sites -> state
	ui         string            // the last ui record, or ""
}

// parseCov reads a coverage file leniently: unknown records are dropped
// (a newer format only adds records), a missing header gives nil.
func parseCov(text string) *covFile {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	if len(lines) < 3 || !strings.HasPrefix(lines[0], "vtbound-coverage ") {
		return nil
	}
	f := &covFile{hapset: map[string]bool{}, sp: map[string]string{}}
	for _, l := range lines[1:] {
		kind, rest, _ := strings.Cut(l, " ")
		switch kind {
		case "test":
			f.test = rest
		case "executions":
			fmt.Sscanf(rest, "%d growth %d", &f.executions, &f.growth)
		case "hapset":
			f.hapset[rest] = true
		case "sp":
			if i := strings.LastIndexByte(rest, ' '); i > 0 {
				f.sp[rest[:i]] = bestState(f.sp[rest[:i]], rest[i+1:])
			}
		case "ui":
			f.ui = rest
		}
	}
	return f
}

// bestState orders SP states: covered over unestimated over uncovered.
func bestState(a, b string) string {
	rank := map[string]int{"": 0, "uncovered": 1, "unestimated": 2, "covered": 3}
	if rank[b] > rank[a] {
		return b
	}
	return a
}

// covered counts the coverage entries: hapset records and SP
// requirements covered.
func (f *covFile) covered() int {
	n := len(f.hapset)
	for _, st := range f.sp {
		if st != "uncovered" {
			n++
		}
	}
	return n
}

// merge adds g's coverage to f and reports whether f grew.
func (f *covFile) merge(g *covFile) bool {
	before := f.covered()
	for h := range g.hapset {
		f.hapset[h] = true
	}
	for k, st := range g.sp {
		f.sp[k] = bestState(f.sp[k], st)
	}
	grew := f.covered() > before
	if grew {
		f.growth = f.executions + g.growth
	}
	f.executions += g.executions
	if g.ui != "" {
		f.ui = g.ui
	}
	return grew
}

// marshal renders f in the coverage file format, records sorted.
func (f *covFile) marshal() []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "vtbound-coverage 1\ntest %s\nexecutions %d growth %d\n", f.test, f.executions, f.growth)
	for _, h := range sortedKeys(f.hapset) {
		b.WriteString("hapset " + h + "\n")
	}
	keys := make([]string, 0, len(f.sp))
	for k := range f.sp {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		b.WriteString("sp " + k + " " + f.sp[k] + "\n")
	}
	if f.ui != "" {
		b.WriteString("ui " + f.ui + "\n")
	}
	return []byte(b.String())
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// learnCoverage merges a run's coverage files into the test's stored
// union (nil: none yet) and returns the new union, its count, and
// whether the run added to it. Without files it returns the old union.
func learnCoverage(test string, old []byte, files []string) ([]byte, int, bool) {
	var u *covFile
	if old != nil {
		u = parseCov(string(old))
	}
	grew := false
	for _, text := range files {
		g := parseCov(text)
		if g == nil {
			continue
		}
		if u == nil {
			u, grew = &covFile{test: test, hapset: map[string]bool{}, sp: map[string]string{}}, g.covered() > 0
		}
		grew = u.merge(g) || grew
	}
	if u == nil {
		return old, 0, false
	}
	return u.marshal(), u.covered(), grew
}
