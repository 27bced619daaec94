package show

import (
	"io"
	"testing"

	"github.com/vtbound/vtbound/internal/headless"
)

// TestHTMLInBrowser opens `vtbound show -html`'s page for the example's
// schedule in a real headless Chromium: no console errors, one rendered
// lane per goroutine, every step box and conflicting access drawn with a
// size, the replay command shown; the screenshot is kept as an artefact.
func TestHTMLInBrowser(t *testing.T) {
	s := example(t)
	const probe = `(() => {
		const visible = el => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
		const all = sel => [...document.querySelectorAll(sel)];
		return {
			lanes: all(".vtb-lanes .lane").filter(visible).length,
			steps: all(".vtb-lanes .step").filter(visible).length,
			conflicts: all(".vtb-lanes .step.conflict").filter(visible).length,
			svgs: all("svg").length, drawnSVGs: all("svg").filter(visible).length,
			replay: (document.querySelector("pre.replay") || {textContent: ""}).textContent,
		};
	})()`
	var got struct {
		Lanes, Steps, Conflicts, SVGs, DrawnSVGs int
		Replay                                   string
	}
	write := func(w io.Writer) error { return WriteHTML(w, FromSchedule(s, false)) }
	headless.CheckPage(t, "show-example", write, probe, &got)
	in := FromSchedule(s, false)
	conflicts := 0
	for _, st := range in.Steps {
		if st.Conflict {
			conflicts++
		}
	}
	if got.Lanes != len(in.Goroutines) || got.Steps != len(in.Steps) || got.Conflicts != conflicts || got.SVGs == 0 || got.DrawnSVGs != got.SVGs {
		t.Errorf("rendered %+v; want %d lanes, %d steps, %d conflicts, every svg drawn", got, len(in.Goroutines), len(in.Steps), conflicts)
	}
	if got.Replay != s.ReplayCommand() {
		t.Errorf("replay shown as %q, want %q", got.Replay, s.ReplayCommand())
	}
}
