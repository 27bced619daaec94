package sweepreport

import (
	"regexp"
	"strings"
	"testing"
)

func TestTickStep(t *testing.T) {
	for _, c := range []struct {
		max     float64
		integer bool
		want    float64
	}{
		{3, true, 1}, {2, true, 1}, {40, false, 10}, {1000, true, 200}, {0.3, false, 0.1}, {0, true, 1}, {52000, true, 20000},
	} {
		if got := tickStep(c.max, c.integer); got != c.want {
			t.Errorf("tickStep(%v, %v) = %v, want %v", c.max, c.integer, got, c.want)
		}
	}
}

// TestLinePlotTicks: integer axes get integer ticks up to the data.
func TestLinePlotTicks(t *testing.T) {
	svg := linePlot("p", "p", "sweep", "bugs", []line{{name: "a", color: "#000", pts: []xy{{1, 2}, {2, 0}, {3, 1}}}}, true)
	var ticks []string
	for _, m := range regexp.MustCompile(`class="tick"[^>]*>([^<]*)<`).FindAllStringSubmatch(svg, -1) {
		ticks = append(ticks, m[1])
	}
	if got := strings.Join(ticks, " "); got != "0 1 2 3 0 1 2" {
		t.Errorf("ticks %q, want x 0..3 and y 0..2", got)
	}
}
