package progress

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestPlainLines: not on a terminal, bugs and failures are printed at
// once and progress at most once per interval.
func TestPlainLines(t *testing.T) {
	var out, errOut bytes.Buffer
	r := New(&out, &errOut, false, time.Minute)
	t0 := time.Now()
	stats := &Stats{Done: 1, Total: 4, Executions: 10}
	r.Event(Event{Time: t0, Action: "progress", Stats: stats})
	r.Event(Event{Time: t0.Add(time.Second), Action: "progress", Stats: stats})
	r.Event(Event{Time: t0.Add(2 * time.Second), Action: "bug", Package: "p", Test: "T", Signature: "deadlock@x.go:1", New: true})
	r.Event(Event{Time: t0.Add(3 * time.Second), Action: "end", Package: "p", Test: "T", Status: "timeout"})
	r.Event(Event{Time: t0.Add(4 * time.Second), Action: "end", Package: "p", Test: "U", Status: "ok"})
	r.Event(Event{Time: t0.Add(2 * time.Minute), Action: "progress", Stats: stats})
	r.Close()
	lines := strings.Split(strings.TrimSpace(errOut.String()), "\n")
	if len(lines) != 4 || !strings.Contains(lines[0], "1/4 tests") || !strings.Contains(lines[1], "NEW bug in p T: deadlock@x.go:1") ||
		!strings.Contains(lines[2], "timeout") || !strings.Contains(lines[3], "1/4 tests") || out.Len() != 0 {
		t.Errorf("plain output:\n%s", errOut.String())
	}
}

// TestJSONEvents: with -json every event is one JSON line on out.
func TestJSONEvents(t *testing.T) {
	var out, errOut bytes.Buffer
	r := New(&out, &errOut, true, time.Minute)
	r.Event(Event{Time: time.Now(), Action: "start", Package: "p", Test: "T", Seed: 3})
	r.Event(Event{Time: time.Now(), Action: "summary", Stats: &Stats{Done: 1, Total: 1}})
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || errOut.Len() != 0 {
		t.Fatalf("json output:\n%s", out.String())
	}
	var e Event
	if err := json.Unmarshal([]byte(lines[0]), &e); err != nil || e.Action != "start" || e.Seed != 3 {
		t.Errorf("event %+v, %v", e, err)
	}
}
