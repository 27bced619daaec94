package sweep

import (
	"fmt"
	"os"
	"sort"
	"time"

	"github.com/vtbound/vtbound/internal/show"
	"github.com/vtbound/vtbound/internal/sweep/budget"
	"github.com/vtbound/vtbound/internal/sweep/db"
	"github.com/vtbound/vtbound/internal/sweepreport"
	"github.com/vtbound/vtbound/rt/schedule"
)

// ReportInput fills the HTML and SARIF report's input from the database:
// the latest run's summary, tests and allocation, every bug with its
// interleaving, and the trends of the last n runs.
func ReportInput(d *db.DB, module, srcRoot string, n int) (sweepreport.Input, error) {
	in := sweepreport.Input{Module: module, SrcRoot: srcRoot}
	runs, err := d.Runs()
	if err != nil || len(runs) == 0 {
		return in, err
	}
	last := runs[len(runs)-1]
	trs, err := d.TestRuns(last.ID)
	if err != nil {
		return in, err
	}
	if in.Summary, err = summaryOf(d, last, trs); err != nil {
		return in, err
	}
	if in.Tests, err = testsOf(d, runs, last, trs); err != nil {
		return in, err
	}
	if in.Bugs, err = bugsOf(d, last.ID); err != nil {
		return in, err
	}
	in.Trends, err = trendsOf(d, runs[max(0, len(runs)-n):])
	return in, err
}

// summaryOf is the latest run as a whole.
func summaryOf(d *db.DB, r db.Run, trs []db.TestRun) (sweepreport.Summary, error) {
	s := sweepreport.Summary{Run: r.ID, Started: r.Started, Elapsed: r.Ended.Sub(r.Started), Budget: r.Budget, Strategies: r.Strategies}
	pkgs := map[string]bool{}
	for _, tr := range trs {
		pkgs[tr.Package] = true
		s.Tests++
		s.Executions += int64(tr.Executions)
		if tr.Status != "ok" {
			s.Failures = append(s.Failures, sweepreport.Failure{Package: tr.Package, Test: tr.Test, Kind: tr.Status, Message: firstLine(tr.Output)})
		}
	}
	s.Packages = len(pkgs)
	sum, err := d.Summarize(r.ID)
	s.BugsNew, s.BugsKnown, s.BugsFixed = len(sum.New), len(sum.Known), len(sum.Fixed)
	return s, err
}

// testsOf lists the latest run's tests with their allocation and the
// coverage growth (distinct traces over executions) of each strategy
// across the runs.
func testsOf(d *db.DB, runs []db.Run, last db.Run, trs []db.TestRun) ([]sweepreport.Test, error) {
	ran := map[string]db.TestRun{}
	for _, tr := range trs {
		ran[tr.Package+" "+tr.Test] = tr
	}
	all, err := d.TestRuns("")
	if err != nil {
		return nil, err
	}
	var out []sweepreport.Test
	for _, a := range last.Allocation {
		t := sweepreport.Test{Package: a.Package, Name: a.Test, Allocation: a.Reason, Verdict: "skipped"}
		if l, err := budget.ParseLimit(a.Budget); err == nil {
			t.Allocated = l.Time
		}
		if tr, ok := ran[a.Package+" "+a.Test]; ok {
			t.Verdict, t.Spent, t.Executions = tr.Verdict, time.Duration(tr.WallNS), int64(tr.Executions)
			if tr.Status != "ok" {
				t.Verdict = tr.Status
			}
		}
		t.Coverage = growth(all, runs, a.Package, a.Test)
		out = append(out, t)
	}
	return out, nil
}

// growth is one series per strategy: after each run, the executions so
// far and the distinct traces of that run.
func growth(all []db.TestRun, runs []db.Run, pkg, test string) []sweepreport.Series {
	order := map[string]int{}
	for i, r := range runs {
		order[r.ID] = i
	}
	var mine []db.TestRun
	for _, tr := range all {
		if tr.Package == pkg && tr.Test == test {
			mine = append(mine, tr)
		}
	}
	sort.SliceStable(mine, func(i, j int) bool { return order[mine[i].Run] < order[mine[j].Run] })
	series := map[string]*sweepreport.Series{}
	var names []string
	execs := map[string]int64{}
	for _, tr := range mine {
		for _, sr := range tr.Strategies {
			s := series[sr.Strategy]
			if s == nil {
				s = &sweepreport.Series{Strategy: sr.Strategy, Metric: "distinct traces"}
				series[sr.Strategy] = s
				names = append(names, sr.Strategy)
			}
			execs[sr.Strategy] += int64(sr.Executions)
			s.Points = append(s.Points, sweepreport.Point{Executions: execs[sr.Strategy], Coverage: float64(sr.Traces)})
		}
	}
	var out []sweepreport.Series
	for _, n := range names {
		out = append(out, *series[n])
	}
	return out
}

// bugsOf lists every bug with its status in run and its interleaving.
func bugsOf(d *db.DB, run string) ([]sweepreport.Bug, error) {
	bugs, err := d.Bugs()
	var out []sweepreport.Bug
	for _, b := range bugs {
		rb := sweepreport.Bug{Signature: b.Signature, Package: b.Package, Test: b.Test, Oracle: b.Oracle,
			Status: "known", FirstSeen: b.FirstSeen, LastSeen: b.LastSeen, SchedulePath: b.SchedulePath}
		switch {
		case !b.Open():
			rb.Status = "fixed"
		case b.LastRun == run && (b.FirstRun == run || b.Reopened == run):
			rb.Status = "new"
		}
		fmt.Sscanf(b.CVT, "%d,%d,%d", &rb.CVT.C, &rb.CVT.V, &rb.CVT.T)
		rb.Interleaving, rb.Strategy = interleavingOf(b)
		out = append(out, rb)
	}
	return out, err
}

// interleavingOf draws a bug's saved schedule: the file when it is still
// there, otherwise the copy the database keeps.
func interleavingOf(b db.Bug) (show.Interleaving, string) {
	s, err := schedule.ReadFile(b.SchedulePath)
	if _, statErr := os.Stat(b.SchedulePath); statErr != nil || err != nil {
		if s, err = schedule.Parse([]byte(b.Schedule)); err != nil {
			return show.Interleaving{Test: b.Test, Package: b.Package, Oracle: b.Oracle}, ""
		}
	}
	return show.FromSchedule(s, false), s.Strategy
}

// trendsOf summarises each run.
func trendsOf(d *db.DB, runs []db.Run) ([]sweepreport.Trend, error) {
	bugs, err := d.Bugs()
	if err != nil {
		return nil, err
	}
	var out []sweepreport.Trend
	for _, r := range runs {
		trs, err := d.TestRuns(r.ID)
		if err != nil {
			return nil, err
		}
		t := sweepreport.Trend{Run: r.ID, Started: r.Started, Tests: len(trs)}
		for _, tr := range trs {
			t.Executions += int64(tr.Executions)
		}
		for _, b := range bugs {
			switch {
			case b.FirstRun == r.ID || b.Reopened == r.ID:
				t.BugsNew++
			case b.FixedRun == r.ID:
				t.BugsFixed++
			case b.LastRun == r.ID:
				t.BugsKnown++
			}
		}
		out = append(out, t)
	}
	return out, nil
}
