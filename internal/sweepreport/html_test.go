package sweepreport

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

// TestHTMLSections checks the page holds every section with its plots:
// a coverage plot per test with coverage (one line per strategy), the
// allocation chart, the (c,v,t) histogram of open bugs, two trend plots,
// each bug with lanes or a note, the replay commands, the failures; and
// that it is self-contained.
func TestHTMLSections(t *testing.T) {
	in := sample(t)
	var b bytes.Buffer
	if err := WriteHTML(&b, in); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	count := func(re string) int { return len(regexp.MustCompile(re).FindAllString(page, -1)) }
	checks := []struct {
		what string
		re   string
		want int
	}{
		{"coverage plots", `<figure class="plot coverage">`, 2},
		{"coverage lines", `<polyline class="series" data-series="(pct|random|dpor)"`, 3},
		{"allocation chart", `<figure class="plot allocation">`, 1},
		{"allocation bars", `<g class="bar"><title>Test`, 3 + 0},
		{"cvt histogram", `<figure class="plot cvt">`, 1},
		{"trend plots", `<figure class="plot trend-`, 2},
		{"bugs", `<div class="bug" id="bug-\d+"`, 3},
		{"lanes", `<figure class="vtb-lanes"`, 1},
		{"replay commands", `<pre class="replay">`, 1},
		{"failures", `<section id="failures">`, 1},
	}
	for _, c := range checks {
		if n := count(c.re); n != c.want {
			t.Errorf("%s: %d, want %d", c.what, n, c.want)
		}
	}
	for _, want := range []string{"(0,0,2)", "(1,1,2)", "inventory.go:34 write inv.stock[item]", "vtbound replay testdata/vtbound/", "coverage still growing"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if regexp.MustCompile(`<script|<link|src=`).MatchString(page) {
		t.Error("page is not self-contained")
	}
	bugs := strings.Index(page, `<section id="bugs">`)
	for _, chart := range []string{"cvt", "coverage", "allocation", "trends"} {
		if i := strings.Index(page, `<section id="`+chart+`">`); bugs < 0 || i < bugs {
			t.Errorf("section %s comes before the bugs (at %d, bugs at %d); the page leads with the bugs", chart, i, bugs)
		}
	}
}

// TestHTMLEmpty: an empty input renders, saying what is missing.
func TestHTMLEmpty(t *testing.T) {
	var b bytes.Buffer
	if err := WriteHTML(&b, Input{}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"No coverage was recorded", "No tests were explored", "No open bugs", "No earlier sweeps", "No bugs found"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("empty report lacks %q", want)
		}
	}
}
