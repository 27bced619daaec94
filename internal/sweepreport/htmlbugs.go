package sweepreport

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/vtbound/vtbound/internal/show"
)

// writeTrends draws bugs and executions across the last sweeps.
func writeTrends(w io.Writer, in Input) error {
	var b strings.Builder
	b.WriteString("<section id=\"trends\"><h2>Trends</h2>\n")
	if len(in.Trends) == 0 {
		b.WriteString("<p class=\"empty\">No earlier sweeps recorded.</p>\n</section>\n")
		_, err := io.WriteString(w, b.String())
		return err
	}
	bugs := []line{{name: "new bugs", color: palette[3]}, {name: "known bugs", color: palette[1]}, {name: "fixed", color: palette[2]}}
	execs := []line{{name: "executions", color: palette[0]}}
	for i, t := range in.Trends {
		x := float64(i + 1)
		bugs[0].pts = append(bugs[0].pts, xy{x, float64(t.BugsNew)})
		bugs[1].pts = append(bugs[1].pts, xy{x, float64(t.BugsKnown)})
		bugs[2].pts = append(bugs[2].pts, xy{x, float64(t.BugsFixed)})
		execs[0].pts = append(execs[0].pts, xy{x, float64(t.Executions)})
	}
	b.WriteString("<div class=\"plots\">")
	b.WriteString(linePlot("trend-bugs", "bugs per sweep", "sweep (oldest first)", "bugs", bugs, true))
	b.WriteString(linePlot("trend-executions", "executions per sweep", "sweep (oldest first)", "executions", execs, true))
	b.WriteString("</div>\n<table><tr><th>#</th><th>sweep</th><th>started</th><th>tests</th><th>executions</th><th>new</th><th>known</th><th>fixed</th></tr>\n")
	for i, t := range in.Trends {
		fmt.Fprintf(&b, "<tr><td class=\"n\">%d</td><td>%s</td><td>%s</td><td class=\"n\">%d</td><td class=\"n\">%d</td><td class=\"n\">%d</td><td class=\"n\">%d</td><td class=\"n\">%d</td></tr>\n",
			i+1, esc(t.Run), stamp(t.Started), t.Tests, t.Executions, t.BugsNew, t.BugsKnown, t.BugsFixed)
	}
	b.WriteString("</table></section>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func stamp(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format("2006-01-02 15:04")
}

// writeBugs writes each bug: status, oracle, test, sentence, (c,v,t),
// when seen, the interleaving as lanes and the replay command.
func writeBugs(w io.Writer, in Input) error {
	fmt.Fprintf(w, "<section id=\"bugs\"><h2>Bugs (%d)</h2>\n", len(in.Bugs))
	if len(in.Bugs) == 0 {
		io.WriteString(w, "<p class=\"empty\">No bugs found.</p>\n")
	}
	for i, bug := range in.Bugs {
		if err := writeBug(w, i, bug); err != nil {
			return err
		}
	}
	_, err := io.WriteString(w, "</section>\n")
	return err
}

// writeBug writes one bug's block.
func writeBug(w io.Writer, i int, bug Bug) error {
	var b strings.Builder
	status := bug.Status
	if status == "" {
		status = "known"
	}
	fmt.Fprintf(&b, "<div class=\"bug\" id=\"bug-%d\" data-signature=\"%s\"><h3><span class=\"status %s\">%s</span> %s in %s <span class=\"meta\">%s</span></h3>\n",
		i+1, esc(bug.Signature), esc(status), esc(status), esc(bug.Oracle), esc(bug.Test), esc(bug.Package))
	if s := bug.Interleaving.Sentence; s != "" {
		fmt.Fprintf(&b, "<p class=\"sentence\">%s</p>\n", esc(s))
	}
	fmt.Fprintf(&b, "<p class=\"meta\">(c,v,t) = (%d,%d,%d)", bug.CVT.C, bug.CVT.V, bug.CVT.T)
	if bug.Strategy != "" {
		fmt.Fprintf(&b, " · found by %s", esc(bug.Strategy))
	}
	fmt.Fprintf(&b, " · first seen %s · last seen %s</p>\n", stamp(bug.FirstSeen), stamp(bug.LastSeen))
	if _, err := io.WriteString(w, b.String()); err != nil {
		return err
	}
	if len(bug.Interleaving.Steps) > 0 {
		if err := show.Lanes(w, bug.Interleaving); err != nil {
			return err
		}
	} else {
		io.WriteString(w, "<p class=\"empty\">No interleaving recorded.</p>\n")
	}
	b.Reset()
	if bug.Interleaving.Replay != "" {
		fmt.Fprintf(&b, "<pre class=\"replay\"><code>%s</code></pre>\n", esc(bug.Interleaving.Replay))
	} else if bug.SchedulePath != "" {
		fmt.Fprintf(&b, "<pre class=\"replay\"><code>vtbound replay %s</code></pre>\n", esc(bug.SchedulePath))
	}
	b.WriteString("</div>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// writeFailures lists what could not be explored.
func writeFailures(w io.Writer, in Input) error {
	if len(in.Summary.Failures) == 0 {
		return nil
	}
	var b strings.Builder
	b.WriteString("<section id=\"failures\"><h2>Not explored</h2>\n<table><tr><th>package</th><th>test</th><th>what</th><th>message</th></tr>\n")
	for _, f := range in.Summary.Failures {
		fmt.Fprintf(&b, "<tr><td>%s</td><td>%s</td><td>%s</td><td><pre>%s</pre></td></tr>\n", esc(f.Package), esc(f.Test), esc(f.Kind), esc(f.Message))
	}
	b.WriteString("</table></section>\n")
	_, err := io.WriteString(w, b.String())
	return err
}
