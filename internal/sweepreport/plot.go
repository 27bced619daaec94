package sweepreport

import (
	"fmt"
	"html"
	"math"
	"strings"
)

// Plot geometry (SVG user units).
const (
	plotW, plotH               = 520, 220
	padL, padR, padT, padB     = 56, 16, 14, 40
	barRow, barLabelW, barMaxW = 20, 260, 360
)

// palette colours series by index (colour-blind friendly, Okabe-Ito).
var palette = []string{"#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000"}

// xy is one point of a plotted series.
type xy struct{ x, y float64 }

// line is one plotted series.
type line struct {
	name  string
	color string
	pts   []xy
}

// linePlot draws series as an SVG line chart with axes, ticks and a
// legend; class names the figure for styling and tests.
// x values are counts (integer ticks); y values too when yInteger.
func linePlot(class, label, xName, yName string, series []line, yInteger bool) string {
	var xmax, ymax float64
	for _, s := range series {
		for _, p := range s.pts {
			xmax, ymax = math.Max(xmax, p.x), math.Max(ymax, p.y)
		}
	}
	xstep, ystep := tickStep(xmax, true), tickStep(ymax, yInteger)
	xmax, ymax = xstep*math.Max(1, math.Ceil(xmax/xstep)), ystep*math.Max(1, math.Ceil(ymax/ystep))
	sx := func(x float64) float64 { return padL + x/xmax*(plotW-padL-padR) }
	sy := func(y float64) float64 { return plotH - padB - y/ymax*(plotH-padT-padB) }
	var b strings.Builder
	fmt.Fprintf(&b, "<figure class=\"plot %s\"><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\">",
		class, plotW, plotH+18*len(series), plotW, plotH+18*len(series), esc(label))
	axes(&b, [2]float64{xmax, xstep}, [2]float64{ymax, ystep}, sx, sy, xName, yName)
	for i, s := range series {
		var pts []string
		for _, p := range s.pts {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", sx(p.x), sy(p.y)))
		}
		fmt.Fprintf(&b, "<polyline class=\"series\" data-series=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"%s\"/>",
			esc(s.name), s.color, strings.Join(pts, " "))
		if len(s.pts) == 1 {
			fmt.Fprintf(&b, "<circle cx=\"%s\" cy=\"%s\" r=\"3\" fill=\"%s\"/>", strings.Split(pts[0], ",")[0], strings.Split(pts[0], ",")[1], s.color)
		}
		y := plotH + 18*i + 4
		fmt.Fprintf(&b, "<rect x=\"%d\" y=\"%d\" width=\"14\" height=\"4\" fill=\"%s\"/><text class=\"legend\" x=\"%d\" y=\"%d\">%s</text>",
			padL, y+4, s.color, padL+20, y+10, esc(s.name))
	}
	b.WriteString("</svg></figure>\n")
	return b.String()
}

// axes draws the x and y axes, a tick every step up to max (x and y are
// {max, step}), and their names.
func axes(b *strings.Builder, x, y [2]float64, sx, sy func(float64) float64, xName, yName string) {
	fmt.Fprintf(b, "<g class=\"axes\"><line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/><line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\"/>",
		padL, plotH-padB, plotW-padR, plotH-padB, padL, padT, padL, plotH-padB)
	for v := 0.0; v <= x[0]+x[1]/2; v += x[1] {
		fmt.Fprintf(b, "<text class=\"tick\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>", sx(v), plotH-padB+14, short(v))
	}
	for v := 0.0; v <= y[0]+y[1]/2; v += y[1] {
		fmt.Fprintf(b, "<text class=\"tick\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>", padL-6, sy(v)+4, short(v))
		fmt.Fprintf(b, "<line class=\"grid\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>", padL, sy(v), plotW-padR, sy(v))
	}
	fmt.Fprintf(b, "<text class=\"axis-name\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>", (padL+plotW-padR)/2, plotH-6, esc(xName))
	fmt.Fprintf(b, "<text class=\"axis-name\" transform=\"translate(12 %d) rotate(-90)\" text-anchor=\"middle\">%s</text></g>", (padT+plotH-padB)/2, esc(yName))
}

// tickStep is the distance between ticks for values up to max: 1, 2 or
// 5 times a power of ten giving at most five intervals; at least 1 for
// integer data.
func tickStep(max float64, integer bool) float64 {
	if max <= 0 {
		return 1
	}
	step := niceCeil(max / 5)
	if integer {
		step = math.Max(1, math.Round(step))
	}
	return step
}

// bar is one bar of a bar chart.
type bar struct {
	label string
	value float64
	text  string // the value as shown
	color string
}

// barChart draws horizontal bars, one row each, scaled to the largest.
func barChart(class, label string, bars []bar) string {
	var vmax float64
	for _, x := range bars {
		vmax = math.Max(vmax, x.value)
	}
	if vmax == 0 {
		vmax = 1
	}
	w, h := barLabelW+barMaxW+90, barRow*len(bars)+8
	var b strings.Builder
	fmt.Fprintf(&b, "<figure class=\"plot %s\"><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\" aria-label=\"%s\">",
		class, w, h, w, h, esc(label))
	for i, x := range bars {
		y := 4 + i*barRow
		bw := x.value / vmax * barMaxW
		fmt.Fprintf(&b, "<g class=\"bar\"><title>%s: %s</title><text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>",
			esc(x.label), esc(x.text), barLabelW-8, y+13, esc(clip(x.label, 40)))
		fmt.Fprintf(&b, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%d\" fill=\"%s\"/><text x=\"%.1f\" y=\"%d\">%s</text></g>",
			barLabelW, y+2, bw, barRow-6, x.color, float64(barLabelW)+bw+6, y+13, esc(x.text))
	}
	b.WriteString("</svg></figure>\n")
	return b.String()
}

// niceCeil rounds v up to 1, 2 or 5 times a power of ten.
func niceCeil(v float64) float64 {
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= v*(1-1e-9) {
			return m * p
		}
	}
	return 10 * p
}

// short renders a tick value: 1500 as "1.5k", 2000000 as "2M".
func short(v float64) string {
	switch {
	case v >= 1e6:
		return trimZero(fmt.Sprintf("%.1f", v/1e6)) + "M"
	case v >= 1e3:
		return trimZero(fmt.Sprintf("%.1f", v/1e3)) + "k"
	}
	return trimZero(fmt.Sprintf("%.1f", v))
}

func trimZero(s string) string { return strings.TrimSuffix(s, ".0") }

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

func esc(s string) string { return html.EscapeString(s) }
