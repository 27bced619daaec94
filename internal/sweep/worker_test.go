package sweep

import (
	"os"
	"path/filepath"
	"testing"
)

// Records as test binaries write them: a version-1 bug with its text
// report in the bug, a version-2 bug with its report (a value and its
// text) beside the bug, a version-2 replay that diverged, and a record of
// a schema the sweep does not know.
const (
	v1Bug      = `{"schema":"vtbound-result/1","test":"TestA","verdict":"bug","bug":{"oracle":"data race","cvt":"1,1,2","schedule":"/s/a","report":"vtbound: TestA: data race\n","sites":["a.go:1"],"signature":"data race@a.go:1"}}`
	v2Bug      = `{"schema":"vtbound-result/2","test":"TestB","verdict":"bug","report":{"kind":"bug","test":"TestB","oracle":"deadlock","text":"vtbound: TestB: deadlock\n"},"bug":{"oracle":"deadlock","cvt":"1,1,2","schedule":"/s/b","sites":["b.go:2"],"signature":"deadlock@b.go:2"}}`
	v2Diverged = `{"schema":"vtbound-result/2","test":"TestC","verdict":"fail","report":{"kind":"replay-diverged","test":"TestC","oracle":"replay divergence","text":"vtbound: TestC: replay divergence: ..."}}`
	v9         = `{"schema":"vtbound-result/9","test":"TestD","verdict":"pass"}`
)

// TestReadRecords: the sweep reads version-1 and version-2 records and
// skips a schema it does not know; a bug's text report comes from the
// bug in version 1 and from the record's report in version 2; a diverged
// replay is told by the version-2 report's kind, and by the output for a
// version-1 record.
func TestReadRecords(t *testing.T) {
	path := filepath.Join(t.TempDir(), "results.jsonl")
	if err := os.WriteFile(path, []byte(v1Bug+"\n"+v2Bug+"\n"+v2Diverged+"\n"+v9+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	recs, err := readRecords(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 3 {
		t.Fatalf("read %d records, want 3 (versions 1 and 2, not 9): %+v", len(recs), recs)
	}
	a, b, c := recs[0], recs[1], recs[2]
	if a.Bug == nil || a.reportText() != "vtbound: TestA: data race\n" || a.Bug.Signature != "data race@a.go:1" {
		t.Errorf("version-1 bug: %+v, report %q", a.Bug, a.reportText())
	}
	if b.Bug == nil || b.reportText() != "vtbound: TestB: deadlock\n" || b.Bug.Schedule != "/s/b" {
		t.Errorf("version-2 bug: %+v, report %q", b.Bug, b.reportText())
	}
	const said = "--- FAIL: TestC\n    vtbound: TestC: replay divergence: ... (oracle \"deadlock\" no longer reproduced)\n"
	if !c.diverged("") || b.diverged(said) {
		t.Errorf("version 2: diverged = %v for a replay-diverged report, %v for a bug", c.diverged(""), b.diverged(said))
	}
	if a.diverged("") || !a.diverged(said) || !noRecord("TestC", &process{output: said}).diverged(said) {
		t.Error("a version-1 record, or none, does not fall back on the output")
	}
}
