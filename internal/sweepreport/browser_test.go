package sweepreport

import (
	"io"
	"testing"

	"github.com/vtbound/vtbound/internal/headless"
)

// TestHTMLInBrowser opens the sample report in a real headless Chromium:
// no console errors, every plot and lane drawn with a size, the first bug
// on the first screen, without scrolling; the
// screenshot is kept as a test artefact.
func TestHTMLInBrowser(t *testing.T) {
	in := sample(t)
	const probe = `(() => {
		const drawn = sel => [...document.querySelectorAll(sel)].filter(el => {
			const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; }).length;
		return {
			coverage: drawn("figure.coverage svg"), series: drawn("figure.coverage polyline.series"),
			allocation: drawn("figure.allocation svg"), bars: drawn("figure.allocation g.bar rect"),
			cvt: drawn("figure.cvt g.bar rect"), trends: drawn("figure[class*=trend-] svg"),
			lanes: drawn(".vtb-lanes .lane"), steps: drawn(".vtb-lanes .step"),
			svgs: document.querySelectorAll("svg").length, drawnSVGs: drawn("svg"),
			firstBugTop: Math.round(document.querySelector("section#bugs .bug").getBoundingClientRect().top),
			viewport: window.innerHeight,
		};
	})()`
	var got map[string]int
	write := func(w io.Writer) error { return WriteHTML(w, in) }
	headless.CheckPage(t, "sweep-report", write, probe, &got)
	want := map[string]int{
		"coverage": 2, "series": 3, "allocation": 1, "bars": len(in.Tests), "cvt": 2, "trends": 2,
		"lanes": len(in.Bugs[0].Interleaving.Goroutines), "steps": len(in.Bugs[0].Interleaving.Steps),
		"svgs": got["drawnSVGs"],
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("%s: %d drawn, want %d (all: %v)", k, got[k], n, got)
		}
	}
	if got["firstBugTop"] <= 0 || got["firstBugTop"] >= got["viewport"] {
		t.Errorf("the first bug starts at %dpx, the window is %dpx high: want it on the first screen", got["firstBugTop"], got["viewport"])
	}
}
