package explore_test

import (
	"encoding/json"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/explore"
	"github.com/vtbound/vtbound/rt/internal/kernels"
	"github.com/vtbound/vtbound/rt/internal/report"
)

// siteName is a site as file:line:col.
var siteName = regexp.MustCompile(`^[\w]+\.go:\d+:\d+$`)

// kindName is an operation kind by name.
var kindName = regexp.MustCompile(`^[a-z][a-z-]*$`)

// TestKernelReport: the report of a real failing execution is a value
// whose fields say what the text says: the oracle by name, sites as
// file:line:col of the kernels package, kinds by name (the ABBA deadlock
// locks; HaPSet's Fig. 1 writes before its nil dereference), each
// goroutine's end, (c,v,t) as found and after minimisation, the saved
// schedules and the replay command; the steps the sentence names are
// among the steps shown. The text is rendered from it.
func TestKernelReport(t *testing.T) {
	for _, c := range []struct{ kernel, oracle, kind string }{
		{"deadlock-abba", "deadlock", "lock"},
		{"hapset-fig1", "data race", "write"}, // then the panic (raceFirst)
	} {
		t.Run(c.kernel, func(t *testing.T) {
			k, ok := kernels.Lookup(c.kernel)
			if !ok {
				t.Fatalf("no kernel %s", c.kernel)
			}
			r := explore.KernelReport(t, func(tb testing.TB) { k.Body(tb, false) })
			if r.Kind != report.Bug || r.Test != t.Name() || r.Oracle != c.oracle || r.Sentence == "" || r.Found == nil || len(r.Found.TraceHash) != 16 {
				t.Errorf("report: kind %q, test %q, oracle %q, sentence %q, found %+v", r.Kind, r.Test, r.Oracle, r.Sentence, r.Found)
			}
			kinds := checkSteps(t, r.Interleaving)
			checkSteps(t, r.Steps)
			if !slices.Contains(kinds, c.kind) {
				t.Errorf("no %s step among %v", c.kind, kinds)
			}
			checkNamedShown(t, r)
			checkSchedules(t, r)
			if c.oracle == "deadlock" && !slices.ContainsFunc(r.Goroutines, func(g report.Goroutine) bool {
				return g.End == report.StoppedAt && g.Op.Kind == "lock" && g.Op.Site != nil
			}) {
				t.Errorf("no goroutine stopped at a lock: %+v", r.Goroutines)
			}
			text := r.Text()
			if !strings.HasPrefix(text, "vtbound: "+t.Name()+": "+c.oracle) || !strings.Contains(text, "replay: "+r.Replay) {
				t.Errorf("text:\n%s", text)
			}
			checkRoundTrip(t, r)
		})
	}
}

// checkSteps checks the steps of a listing: positions in the trace, in
// order; kinds by name; sites by file:line:col in the kernels package. It
// returns the kinds.
func checkSteps(t *testing.T, il *report.Interleaving) []string {
	t.Helper()
	if il == nil || len(il.Steps) == 0 {
		t.Fatal("no steps listed")
	}
	var kinds []string
	last := 0
	for _, st := range il.Steps {
		if st.N <= last || st.N > il.Total || !kindName.MatchString(st.Op.Kind) {
			t.Errorf("step %+v after position %d of %d", st, last, il.Total)
		}
		if s := st.Op.Site; s != nil && (!siteName.MatchString(s.String()) || s.Package != "github.com/vtbound/vtbound/rt/internal/kernels") {
			t.Errorf("step %d: site %q of package %q", st.N, s, s.Package)
		}
		kinds, last = append(kinds, st.Op.Kind), st.N
	}
	return kinds
}

// checkNamedShown checks that every step the sentence names, and every
// conflicting access, is among the steps shown.
func checkNamedShown(t *testing.T, r *report.Report) {
	t.Helper()
	for _, n := range slices.Concat(r.Named, r.Conflicts) {
		if !slices.ContainsFunc(r.Steps.Steps, func(st report.Step) bool { return st.N == n }) {
			t.Errorf("the sentence names step %d, which the steps shown leave out: %q", n, r.Sentence)
		}
	}
}

// checkSchedules checks (c,v,t) and the saved schedules: the failing
// execution's, and the one the replay command names.
func checkSchedules(t *testing.T, r *report.Report) {
	t.Helper()
	m := r.Minimisation
	if r.CVT == nil || m == nil || m.Error != "" || m.CVT == nil || (m.Smaller && m.CVT.String() == r.CVT.String()) {
		t.Errorf("(c,v,t) %v, minimisation %+v", r.CVT, m)
	}
	for _, path := range []string{r.Schedule, r.ReplaySchedule()} {
		if _, err := os.Stat(path); err != nil {
			t.Errorf("schedule: %v", err)
		}
	}
	if !strings.Contains(r.Replay, "VTBOUND_REPLAY="+r.ReplaySchedule()+" ") {
		t.Errorf("replay command %q does not name %s", r.Replay, r.ReplaySchedule())
	}
}

// checkRoundTrip checks that r, recorded in a result record, decodes into
// the same report with its text.
func checkRoundTrip(t *testing.T, r *report.Report) {
	t.Helper()
	line, err := json.Marshal(explore.Result{Schema: explore.ResultSchema, Test: r.Test, Report: &explore.FailureReport{Report: *r, Text: r.Text()}})
	if err != nil {
		t.Fatal(err)
	}
	var got explore.Result
	if err := json.Unmarshal(line, &got); err != nil {
		t.Fatal(err)
	}
	if got.Report == nil || !reflect.DeepEqual(got.Report.Report, *r) || got.Report.Text != r.Text() {
		t.Errorf("the record decodes into another report:\n%s", line)
	}
}
