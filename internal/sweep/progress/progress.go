// Package progress shows a sweep's progress: a live bar on a terminal
// (github.com/schollz/progressbar), one plain line every few seconds
// otherwise (CI logs), or a stream of JSON events (-json) for other tools.
package progress

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// Event is one thing that happened in a sweep; -json writes one per line.
type Event struct {
	Time       time.Time `json:"time"`
	Action     string    `json:"action"` // build, start, end, bug, progress, summary
	Package    string    `json:"package,omitempty"`
	Test       string    `json:"test,omitempty"`
	Seed       int64     `json:"seed,omitempty"`
	Budget     string    `json:"budget,omitempty"`
	Status     string    `json:"status,omitempty"`  // end: ok, crash, timeout; build: ok, failed
	Verdict    string    `json:"verdict,omitempty"` // end: pass, bug, fail
	Executions int       `json:"executions,omitempty"`
	Signature  string    `json:"signature,omitempty"` // bug
	New        bool      `json:"new,omitempty"`       // bug: not seen before
	Message    string    `json:"message,omitempty"`
	Stats      *Stats    `json:"stats,omitempty"` // progress, summary
}

// Stats are the sweep's running totals.
type Stats struct {
	Done, Total     int
	Executions      int
	NewBugs, Known  int
	Failures        int // crashes, timeouts, build failures
	Elapsed         time.Duration
	ExecsPerSecond  float64
	EstimatedRemain time.Duration
}

// Reporter receives a sweep's events.
type Reporter interface {
	Event(e Event)
	Close()
}

// New returns the reporter for the sweep's output: JSON events on out
// with jsonOut; otherwise a live bar when errOut is a terminal, or a
// plain line every interval.
func New(out, errOut io.Writer, jsonOut bool, interval time.Duration) Reporter {
	switch {
	case jsonOut:
		return &jsonReporter{enc: json.NewEncoder(out)}
	case isTerminal(errOut):
		return newBar(errOut)
	}
	return &plain{w: errOut, interval: interval}
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// jsonReporter writes each event as one JSON line.
type jsonReporter struct {
	mu  sync.Mutex
	enc *json.Encoder
}

func (j *jsonReporter) Event(e Event) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.enc.Encode(e)
}

func (j *jsonReporter) Close() {}

// plain writes notable events at once and a progress line every interval.
type plain struct {
	mu       sync.Mutex
	w        io.Writer
	interval time.Duration
	last     time.Time
}

func (p *plain) Event(e Event) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch e.Action {
	case "bug", "summary":
		fmt.Fprintln(p.w, Line(e))
	case "build", "end":
		if e.Status != "ok" {
			fmt.Fprintln(p.w, Line(e))
		}
	case "progress":
		if e.Time.Sub(p.last) >= p.interval {
			p.last = e.Time
			fmt.Fprintln(p.w, Line(e))
		}
	}
}

func (p *plain) Close() {}

// Line renders an event as one line of text.
func Line(e Event) string {
	switch e.Action {
	case "bug":
		what := "known"
		if e.New {
			what = "NEW"
		}
		return fmt.Sprintf("vtbound sweep: %s bug in %s %s: %s", what, e.Package, e.Test, e.Signature)
	case "build":
		return fmt.Sprintf("vtbound sweep: %s: build %s: %s", e.Package, e.Status, e.Message)
	case "end":
		return fmt.Sprintf("vtbound sweep: %s %s (seed %d): %s %s", e.Package, e.Test, e.Seed, e.Status, e.Message)
	}
	s := e.Stats
	if s == nil {
		return "vtbound sweep: " + e.Action
	}
	return fmt.Sprintf("vtbound sweep: %d/%d tests, %d executions (%.0f/s), bugs %d new %d known, %d failures, elapsed %v, eta %v",
		s.Done, s.Total, s.Executions, s.ExecsPerSecond, s.NewBugs, s.Known, s.Failures,
		s.Elapsed.Round(time.Second), s.EstimatedRemain.Round(time.Second))
}

// bar is the live display on a terminal.
type bar struct {
	mu  sync.Mutex
	w   io.Writer
	bar *progressbar.ProgressBar
}

func newBar(w io.Writer) *bar {
	return &bar{w: w}
}

func (b *bar) Event(e Event) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if e.Stats != nil && b.bar == nil && e.Stats.Total > 0 {
		b.bar = progressbar.NewOptions(e.Stats.Total, progressbar.OptionSetWriter(b.w),
			progressbar.OptionShowCount(), progressbar.OptionSetPredictTime(true),
			progressbar.OptionClearOnFinish(), progressbar.OptionSetWidth(30))
	}
	if b.bar == nil {
		return
	}
	switch {
	case e.Action == "bug" || (e.Action == "end" && e.Status != "ok") || (e.Action == "build" && e.Status != "ok"):
		b.bar.Clear()
		fmt.Fprintln(b.w, Line(e))
	case e.Stats != nil:
		s := e.Stats
		b.bar.Describe(fmt.Sprintf("tests %d/%d  %.0f exec/s  bugs %d new %d known", s.Done, s.Total, s.ExecsPerSecond, s.NewBugs, s.Known))
		b.bar.Set(s.Done)
	}
	if e.Action == "summary" {
		b.bar.Finish()
		fmt.Fprintln(b.w, Line(e))
	}
}

func (b *bar) Close() {
	if b.bar != nil {
		b.bar.Exit()
	}
}
