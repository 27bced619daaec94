package show

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/vtbound/vtbound/internal/headless"
)

// TestHTMLInBrowser opens `vtbound show -html`'s page for the example's
// schedule in a real headless Chromium: no console errors, one rendered
// lane per goroutine, every step box and conflicting access drawn with a
// size, the replay command shown; the screenshot is kept as an artefact.
func TestHTMLInBrowser(t *testing.T) {
	s := example(t)
	file := filepath.Join(t.TempDir(), "show.html")
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteHTML(f, FromSchedule(s, false)); err != nil {
		t.Fatal(err)
	}
	f.Close()
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
	page := headless.Check(t, file, "show-example", probe)
	var got struct {
		Lanes, Steps, Conflicts, SVGs, DrawnSVGs int
		Replay                                   string
	}
	if err := json.Unmarshal(page.Probe, &got); err != nil {
		t.Fatalf("probe: %v (%s)", err, page.Probe)
	}
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
