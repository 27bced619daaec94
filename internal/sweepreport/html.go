package sweepreport

import (
	"bufio"
	"fmt"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/vtbound/vtbound/internal/show"
)

// pageCSS styles the report; the lanes bring show.LanesCSS.
const pageCSS = `
body{font:14px/1.45 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;color:#24292f;margin:24px;max-width:1400px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:18px;border-bottom:1px solid #d0d7de;padding-bottom:4px;margin-top:28px}
h3{font-size:15px;margin:18px 0 6px}
.meta{color:#57606a}.cards{display:flex;flex-wrap:wrap;gap:12px;margin:12px 0}
.card{border:1px solid #d0d7de;border-radius:6px;padding:8px 14px;min-width:110px}
.card b{display:block;font-size:20px}.card.new b{color:#cf222e}.card.fixed b{color:#1a7f37}
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #d0d7de;padding:3px 8px;text-align:left}
th{background:#f6f8fa}td.n{text-align:right;font-variant-numeric:tabular-nums}
.plots{display:flex;flex-wrap:wrap;gap:18px}.plot{margin:0}
.plot svg{font:11px -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;background:#fff}
.axes line{stroke:#57606a}.grid{stroke:#eaeef2}.tick,.legend,.axis-name{fill:#24292f}
.status{display:inline-block;border-radius:10px;padding:0 8px;font-size:12px;color:#fff}
.status.new{background:#cf222e}.status.known{background:#9a6700}.status.fixed{background:#1a7f37}
.sentence{background:#fff8c5;border-left:4px solid #d4a72c;padding:6px 10px}
pre.replay{background:#f6f8fa;border:1px solid #d0d7de;padding:6px 10px;white-space:pre-wrap;word-break:break-all}
.bug{border:1px solid #d0d7de;border-radius:6px;padding:4px 14px 10px;margin:14px 0}
.empty{color:#57606a;font-style:italic}
`

// WriteHTML writes in as one self-contained HTML page (inline CSS and SVG,
// no script, nothing fetched), leading with what a reader acts on: the
// summary, each bug's interleaving as goroutine lanes with the replay
// command, and what could not be explored; then the charts: the (c,v,t)
// histogram of the bugs, per-test coverage growth per strategy, the
// budget allocation and the trends across sweeps.
func WriteHTML(w io.Writer, in Input) error {
	bw := bufio.NewWriter(w)
	title := in.Title
	if title == "" {
		title = "vtbound sweep report"
	}
	fmt.Fprintf(bw, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>%s</title>\n<style>%s%s</style>\n</head>\n<body>\n",
		esc(title), pageCSS, show.LanesCSS)
	fmt.Fprintf(bw, "<h1>%s</h1>\n", esc(title))
	for _, section := range []func(io.Writer, Input) error{
		writeSummary, writeBugs, writeFailures, writeCVT, writeCoverage, writeAllocation, writeTrends,
	} {
		if err := section(bw, in); err != nil {
			return err
		}
	}
	bw.WriteString("</body>\n</html>\n")
	return bw.Flush()
}

// writeSummary writes the run's identity and the headline numbers.
func writeSummary(w io.Writer, in Input) error {
	s := in.Summary
	var b strings.Builder
	b.WriteString("<section id=\"summary\"><p class=\"meta\">")
	if in.Module != "" {
		fmt.Fprintf(&b, "module %s · ", esc(in.Module))
	}
	if s.Run != "" {
		fmt.Fprintf(&b, "sweep %s · ", esc(s.Run))
	}
	if !s.Started.IsZero() {
		fmt.Fprintf(&b, "started %s · ", s.Started.UTC().Format(time.RFC3339))
	}
	fmt.Fprintf(&b, "ran %s", s.Elapsed.Round(time.Second))
	if s.Budget > 0 {
		fmt.Fprintf(&b, " of a %s budget", s.Budget)
	}
	if len(s.Strategies) > 0 {
		fmt.Fprintf(&b, " · strategies %s", esc(strings.Join(s.Strategies, ", ")))
	}
	b.WriteString("</p>\n<div class=\"cards\">")
	for _, c := range []struct {
		class, name string
		n           int64
	}{
		{"", "packages", int64(s.Packages)}, {"", "tests", int64(s.Tests)}, {"", "executions", s.Executions},
		{"new", "new bugs", int64(s.BugsNew)}, {"", "known bugs", int64(s.BugsKnown)}, {"fixed", "fixed", int64(s.BugsFixed)},
		{"", "not explored", int64(len(s.Failures))},
	} {
		fmt.Fprintf(&b, "<div class=\"card %s\"><b>%d</b>%s</div>", c.class, c.n, c.name)
	}
	b.WriteString("</div></section>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// writeCoverage draws one coverage-growth plot per test with data.
func writeCoverage(w io.Writer, in Input) error {
	var b strings.Builder
	b.WriteString("<section id=\"coverage\"><h2>Coverage growth per test</h2>\n")
	n := 0
	for _, t := range in.Tests {
		if len(t.Coverage) == 0 {
			continue
		}
		n++
		var series []line
		metric := t.Coverage[0].Metric
		for i, s := range t.Coverage {
			l := line{name: s.Strategy, color: palette[i%len(palette)]}
			if s.Metric != metric {
				l.name += " (" + s.Metric + ")"
			}
			for _, p := range s.Points {
				l.pts = append(l.pts, xy{float64(p.Executions), p.Coverage})
			}
			series = append(series, l)
		}
		fmt.Fprintf(&b, "<h3>%s <span class=\"meta\">%s</span></h3>\n", esc(t.Name), esc(t.Package))
		b.WriteString(linePlot("coverage", "coverage growth of "+t.Name, "executions", metric, series, false))
	}
	if n == 0 {
		b.WriteString("<p class=\"empty\">No coverage was recorded in this sweep.</p>\n")
	}
	b.WriteString("</section>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// writeAllocation draws the budget each test got and spent, with the
// allocator's reason, as a bar chart and a table.
func writeAllocation(w io.Writer, in Input) error {
	var b strings.Builder
	b.WriteString("<section id=\"allocation\"><h2>Budget allocation</h2>\n")
	if len(in.Tests) == 0 {
		b.WriteString("<p class=\"empty\">No tests were explored.</p>\n</section>\n")
		_, err := io.WriteString(w, b.String())
		return err
	}
	var bars []bar
	for _, t := range in.Tests {
		bars = append(bars, bar{label: t.Name, value: t.Allocated.Seconds(), text: t.Allocated.Round(time.Millisecond).String(), color: palette[0]})
	}
	b.WriteString(barChart("allocation", "budget allocated per test", bars))
	b.WriteString("<table><tr><th>package</th><th>test</th><th>verdict</th><th>allocated</th><th>spent</th><th>executions</th><th>why</th></tr>\n")
	for _, t := range in.Tests {
		fmt.Fprintf(&b, "<tr><td>%s</td><td>%s</td><td>%s</td><td class=\"n\">%s</td><td class=\"n\">%s</td><td class=\"n\">%d</td><td>%s</td></tr>\n",
			esc(t.Package), esc(t.Name), esc(t.Verdict), t.Allocated.Round(time.Millisecond), t.Spent.Round(time.Millisecond), t.Executions, esc(t.Allocation))
	}
	b.WriteString("</table></section>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// writeCVT draws how many bugs have each (c,v,t).
func writeCVT(w io.Writer, in Input) error {
	var b strings.Builder
	b.WriteString("<section id=\"cvt\"><h2>Bugs by (c,v,t)</h2>\n<p class=\"meta\">c: preemptions, v: variables, t: goroutines ordered, after minimisation.</p>\n")
	count := map[CVT]int{}
	for _, bug := range in.Bugs {
		if bug.Status != "fixed" {
			count[bug.CVT]++
		}
	}
	keys := make([]CVT, 0, len(count))
	for k := range count {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, c := keys[i], keys[j]
		return a.C < c.C || a.C == c.C && (a.V < c.V || a.V == c.V && a.T < c.T)
	})
	var bars []bar
	for _, k := range keys {
		bars = append(bars, bar{label: fmt.Sprintf("(%d,%d,%d)", k.C, k.V, k.T), value: float64(count[k]), text: fmt.Sprint(count[k]), color: palette[3]})
	}
	if len(bars) == 0 {
		b.WriteString("<p class=\"empty\">No open bugs.</p>\n")
	} else {
		b.WriteString(barChart("cvt", "open bugs by (c,v,t)", bars))
	}
	b.WriteString("</section>\n")
	_, err := io.WriteString(w, b.String())
	return err
}
