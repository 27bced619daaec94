package show

import (
	"fmt"
	"html"
	"io"
	"strings"
)

// Lane geometry, in SVG user units (pixels).
const (
	laneMargin = 12
	laneHeader = 44
	rowHeight  = 22
	charWidth  = 6.6 // of the 11px monospace font
	minLane    = 170
	maxLane    = 420
)

// LanesCSS styles the lanes Lanes draws; pages that embed lanes include
// it once in their <style>.
const LanesCSS = `
.vtb-lanes{margin:0;overflow-x:auto}
.vtb-lanes svg{font:11px ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#fff}
.vtb-lanes .lane-line{stroke:#d0d7de;stroke-width:2}
.vtb-lanes .lane-head{font-weight:bold;font-size:12px;fill:#24292f}
.vtb-lanes .lane-origin{fill:#57606a;font-size:10px}
.vtb-lanes .step rect{fill:#f6f8fa;stroke:#8c959f;stroke-width:1}
.vtb-lanes .step.conflict rect{fill:#ffebe9;stroke:#cf222e;stroke-width:2}
.vtb-lanes .step.preempt rect{stroke:#bc4c00;stroke-width:2}
.vtb-lanes .step text{fill:#24292f}
.vtb-lanes .step.conflict text{fill:#82071e;font-weight:bold}
.vtb-lanes .preempt-mark{fill:#bc4c00;font-weight:bold}
.vtb-lanes .flow{fill:none;stroke:#afb8c1;stroke-width:1}
.vtb-lanes .elided line{stroke:#8c959f;stroke-dasharray:4 3}
.vtb-lanes .elided text{fill:#57606a;font-style:italic}
.vtb-legend{font-size:12px;color:#57606a}
.vtb-legend .c{color:#cf222e;font-weight:bold}.vtb-legend .p{color:#bc4c00;font-weight:bold}
`

// row is one line of the drawing: a step, or a run of elided steps.
type row struct {
	step   *Step
	elided int
}

// rows interleaves the steps with the runs of steps left out.
func rows(in Interleaving) []row {
	var out []row
	next := 1
	for i := range in.Steps {
		st := &in.Steps[i]
		if st.N > next {
			out = append(out, row{elided: st.N - next})
		}
		out = append(out, row{step: st})
		next = st.N + 1
	}
	if in.Total >= next && len(in.Steps) > 0 {
		out = append(out, row{elided: in.Total - next + 1})
	}
	return out
}

// label is the text of a step's box: "12 inventory.go:34 write inv.stock".
func label(st Step) string {
	what := st.Kind
	if st.Var != "" {
		what += " " + st.Var
	}
	if w := st.Where(); w != "" && st.Kind != "start" && st.Kind != "exit" {
		what = w + " " + what
	}
	return fmt.Sprintf("%d %s", st.N, what)
}

// laneWidth fits the longest label, within bounds.
func laneWidth(in Interleaving) int {
	longest := 0
	for _, st := range in.Steps {
		longest = max(longest, len([]rune(label(st))))
	}
	return min(maxLane, max(minLane, int(float64(longest)*charWidth)+28))
}

// Lanes writes in as an inline SVG figure: one vertical lane per
// goroutine, time flowing down, each step a box in its goroutine's lane
// with its number, file:line, operation and variable; conflicting
// accesses highlighted, preemptions marked "»", elided runs counted.
func Lanes(w io.Writer, in Interleaving) error {
	var b strings.Builder
	lane := map[int]int{}
	for i, g := range in.Goroutines {
		lane[g.ID] = i
	}
	for _, st := range in.Steps {
		if _, ok := lane[st.G]; !ok {
			lane[st.G] = len(lane)
			in.Goroutines = append(in.Goroutines, Goroutine{ID: st.G})
		}
	}
	lw, rs := laneWidth(in), rows(in)
	width := 2*laneMargin + lw*max(1, len(in.Goroutines))
	height := laneHeader + rowHeight*len(rs) + laneMargin
	fmt.Fprintf(&b, "<figure class=\"vtb-lanes\" data-goroutines=\"%d\" data-steps=\"%d\">\n", len(in.Goroutines), len(in.Steps))
	fmt.Fprintf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\">\n",
		width, height, width, height, html.EscapeString("interleaving of "+in.Test))
	writeLaneHeads(&b, in.Goroutines, lw, height)
	writeFlow(&b, rs, lane, lw)
	for r, x := range rs {
		y := laneHeader + r*rowHeight
		if x.step == nil {
			writeElided(&b, x.elided, y, width)
			continue
		}
		writeStep(&b, *x.step, laneMargin+lane[x.step.G]*lw, y, lw)
	}
	b.WriteString("</svg>\n</figure>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// writeLaneHeads draws each goroutine's heading and lane line.
func writeLaneHeads(b *strings.Builder, gs []Goroutine, lw, height int) {
	for i, g := range gs {
		x := laneMargin + i*lw
		origin := "test body"
		if g.Parent > 0 {
			origin = fmt.Sprintf("started by G%d", g.Parent)
		}
		if g.Func != "" {
			origin += ", " + g.Func
		}
		fmt.Fprintf(b, "<g class=\"lane\" data-goroutine=\"%d\"><line class=\"lane-line\" x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>",
			g.ID, x+lw/2, laneHeader-8, x+lw/2, height-laneMargin/2)
		fmt.Fprintf(b, "<text class=\"lane-head\" x=\"%d\" y=\"16\">G%d</text><text class=\"lane-origin\" x=\"%d\" y=\"30\">%s</text></g>\n",
			x+6, g.ID, x+6, html.EscapeString(origin))
	}
}

// writeFlow draws the execution order as a thin line through the boxes.
func writeFlow(b *strings.Builder, rs []row, lane map[int]int, lw int) {
	var pts []string
	for r, x := range rs {
		if x.step != nil {
			pts = append(pts, fmt.Sprintf("%d,%d", laneMargin+lane[x.step.G]*lw+lw/2, laneHeader+r*rowHeight+rowHeight/2-2))
		}
	}
	if len(pts) > 1 {
		fmt.Fprintf(b, "<polyline class=\"flow\" points=\"%s\"/>\n", strings.Join(pts, " "))
	}
}

// writeStep draws one step's box.
func writeStep(b *strings.Builder, st Step, x, y, lw int) {
	class := "step"
	if st.Conflict {
		class += " conflict"
	}
	if st.Preempt {
		class += " preempt"
	}
	text := label(st)
	full := text
	if limit := int(float64(lw-20) / charWidth); len([]rune(text)) > limit {
		text = string([]rune(text)[:limit-1]) + "…"
	}
	fmt.Fprintf(b, "<g class=\"%s\" data-step=\"%d\" data-goroutine=\"%d\"><title>%s</title>", class, st.N, st.G, html.EscapeString(fmt.Sprintf("step %d, G%d: %s", st.N, st.G, full)))
	fmt.Fprintf(b, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"4\"/>", x+6, y+1, lw-12, rowHeight-5)
	if st.Preempt {
		fmt.Fprintf(b, "<text class=\"preempt-mark\" x=\"%d\" y=\"%d\">»</text>", x-2, y+14)
	}
	fmt.Fprintf(b, "<text x=\"%d\" y=\"%d\">%s</text></g>\n", x+11, y+14, html.EscapeString(text))
}

// writeElided draws the line counting a run of elided steps.
func writeElided(b *strings.Builder, n, y, width int) {
	fmt.Fprintf(b, "<g class=\"elided\"><line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/><text x=\"%d\" y=\"%d\">… %d step%s elided</text></g>\n",
		laneMargin, y+rowHeight/2, width-laneMargin, y+rowHeight/2, laneMargin+4, y+rowHeight/2-3, n, plural(n))
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
