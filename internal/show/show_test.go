package show

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/rt/schedule"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// examplePath is where testdata/example.sched was saved (its dir: line
// says /home/user/inventory), so the replay command is the same on every
// machine.
const examplePath = "/home/user/inventory/testdata/vtbound/TestReserveNeverOversells/e747a7a9b5739296"

// example reads the minimised schedule vtbound saved for
// testdata/example's bug.
func example(t *testing.T) *schedule.Schedule {
	t.Helper()
	s, err := schedule.ReadFile(filepath.Join("testdata", "example.sched"))
	if err != nil {
		t.Fatal(err)
	}
	s.Path = examplePath
	return s
}

// golden compares got with testdata/name, or rewrites it with -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (go test -update rewrites it):\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// TestTextGolden renders the example's schedule as `vtbound show` prints
// it, with and without -full.
func TestTextGolden(t *testing.T) {
	for _, full := range []bool{false, true} {
		var b bytes.Buffer
		if err := Text(&b, example(t), full); err != nil {
			t.Fatal(err)
		}
		name := "example.txt"
		if full {
			name = "example-full.txt"
		}
		golden(t, name, b.Bytes())
	}
}

// TestTextReadable checks what a newcomer reads first, independently of
// the golden file: the sentence, writes as writes with the expression,
// the elided steps counted, (c,v,t) in words and the replay command.
func TestTextReadable(t *testing.T) {
	var b bytes.Buffer
	if err := Text(&b, example(t), false); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"what happened: G3 read inv.stock[item] at inventory.go:22, G2 wrote it at inventory.go:34",
		"17 G2 inventory.go:34 write inv.stock[item]",
		"… 7 steps elided",
		"(c,v,t) = (1,1,2): 1 preemption, 1 variable, 2 goroutines ordered",
		"replay: cd /home/user/inventory && VTBOUND_REPLAY=testdata/vtbound/TestReserveNeverOversells/e747a7a9b5739296 go test -toolexec=vtbound -run='^TestReserveNeverOversells$' -count=1 .",
		"G2 (started by G1)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in:\n%s", want, out)
		}
	}
	if s := example(t); len(s.Interleaving(false)) >= len(s.Steps) {
		t.Errorf("the steps that matter (%d lines) are not fewer than all %d steps", len(s.Interleaving(false)), len(s.Steps))
	}
}

// TestHTMLLanes checks the page's structure: one lane per goroutine, a box
// per shown step with its file:line, the conflicting accesses marked, the
// replay command, and nothing fetched or run.
func TestHTMLLanes(t *testing.T) {
	s := example(t)
	var b bytes.Buffer
	if err := WriteHTML(&b, FromSchedule(s, false)); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	count := func(re string) int { return len(regexp.MustCompile(re).FindAllString(page, -1)) }
	if n := count(`<g class="lane" data-goroutine="\d+"`); n != 3 {
		t.Errorf("%d lanes, want 3 (G1, G2, G3)", n)
	}
	essential, conflict := 0, 0
	for _, st := range s.Steps {
		if st.Essential {
			essential++
		}
		if st.Conflict {
			conflict++
		}
	}
	if n := count(`<g class="step[^"]*" data-step=`); n != essential {
		t.Errorf("%d step boxes, want %d", n, essential)
	}
	if n := count(`<g class="step conflict`); n != conflict || conflict == 0 {
		t.Errorf("%d conflicting boxes, want %d (> 0)", n, conflict)
	}
	for _, want := range []string{"inventory.go:34 write inv.stock[item]", "VTBOUND_REPLAY=testdata/vtbound/", "7 steps elided"} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if regexp.MustCompile(`<script|<link|src=|https?://[^"]*"[^>]*>`).MatchString(strings.ReplaceAll(page, `xmlns="http://www.w3.org/2000/svg"`, "")) {
		t.Errorf("page is not self-contained (script, link or external URL)")
	}
}
