package explore_test

import (
	"strings"
	"testing"
	"unsafe"

	"github.com/vtbound/vtbound/rt"
	"github.com/vtbound/vtbound/rt/internal/explore"
	"github.com/vtbound/vtbound/rt/internal/report"
)

// The sites of raceThenLeak, registered as a rewritten package would.
var (
	rfGuards [1]rt.Guard
	rfSites  = rt.Register("github.com/vtbound/vtbound/rt/internal/explore/racefirst", []rt.Site{
		0: {File: "racefirst.go", Line: 1, Kind: rt.KRead, Group: "racefirst.done"},
		1: {File: "racefirst.go", Line: 2, Kind: rt.KWrite, Group: "racefirst.done"},
		2: {File: "racefirst.go", Line: 3, Kind: rt.KGo},
		3: {File: "racefirst.go", Line: 4, Kind: rt.KChan},
	}, rfGuards[:])
)

// raceThenLeak: a worker sets a flag, then sends its result; the caller
// reads the flag without synchronisation and, when it is set, returns
// without receiving: the worker is left blocked on its send. The leak is
// the consequence; the data race on the flag is the bug.
func raceThenLeak(testing.TB) {
	var done bool
	results := rt.MakeChan[int](rfSites+3, 0)
	rt.Go(rfSites+2, func() {
		if rfGuards[0].On() {
			rt.Write(rfSites+1, unsafe.Pointer(&done))
		}
		done = true
		rt.Send(rfSites+3, results, 1)
	})
	if rfGuards[0].On() {
		rt.Read(rfSites+0, unsafe.Pointer(&done))
	}
	if done {
		return
	}
	rt.Recv(rfSites+3, results)
}

// TestRaceIsTheHeadline: when an execution both races and leaks, the
// report's headline is the race, followed by the leak it led to, in the
// message and in the sentence; the record lists both findings.
func TestRaceIsTheHeadline(t *testing.T) {
	r := explore.KernelReport(t, raceThenLeak)
	if r.Oracle != "data race" || !strings.Contains(r.Message, "racefirst.go:2") || !strings.Contains(r.Message, "then goroutine leak: ") {
		t.Errorf("headline %q: %q; want the race, then the leak", r.Oracle, r.Message)
	}
	if !strings.Contains(r.Sentence, "a data race. Then ") || !strings.Contains(r.Sentence, "blocked") {
		t.Errorf("sentence %q; want the race, then the leak", r.Sentence)
	}
	want := []report.Finding{{Oracle: "data race"}, {Oracle: "goroutine leak"}}
	if len(r.Findings) != 2 || r.Findings[0].Oracle != want[0].Oracle || r.Findings[1].Oracle != want[1].Oracle {
		t.Errorf("findings %+v; want %v", r.Findings, want)
	}
	if text := r.Text(); !strings.HasPrefix(text, "vtbound: "+t.Name()+": data race: G") {
		t.Errorf("text:\n%s", text)
	}
}
