package sweep

import (
	"fmt"
	"io"
	"strings"

	"github.com/vtbound/vtbound/internal/sweep/db"
)

// TextReport writes the database's runs and bugs as text.
func TextReport(w io.Writer, d *db.DB) error {
	runs, err := d.Runs()
	if err != nil {
		return err
	}
	for _, r := range runs {
		trs, err := d.TestRuns(r.ID)
		if err != nil {
			return err
		}
		execs, failures := 0, 0
		for _, tr := range trs {
			execs += tr.Executions
			if tr.Status != "ok" {
				failures++
			}
		}
		fmt.Fprintf(w, "run %s (shards %s, seed %d, finished %v): %d test runs, %d executions, %d crashed or timed out\n",
			r.ID, strings.Join(r.Shards, ","), r.Seed, r.Finished, len(trs), execs, failures)
	}
	bugs, err := d.Bugs()
	for _, b := range bugs {
		state := "open"
		if !b.Open() {
			state = "fixed in " + b.FixedRun
		}
		fmt.Fprintf(w, "bug %s %s: %s (c,v,t)=(%s), first %s, last %s, %s\n    sites %s\n    schedule %s\n",
			b.Package, b.Test, b.Oracle, b.CVT, b.FirstRun, b.LastRun, state, strings.Join(b.Sites, " "), b.SchedulePath)
	}
	return err
}
