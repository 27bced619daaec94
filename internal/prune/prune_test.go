package prune

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestJudge checks each outcome of a replay against the decision.
func TestJudge(t *testing.T) {
	const abs = "/m/testdata/vtbound/TestX/0123"
	rec := func(verdict, kind string) record {
		r := record{Test: "TestX", Verdict: verdict, Replay: abs}
		if kind != "" {
			r.Report = &struct {
				Kind    string `json:"kind"`
				Oracle  string `json:"oracle"`
				Message string `json:"message"`
			}{Kind: kind, Oracle: "data race", Message: "step 4: G2 did not run"}
		}
		return r
	}
	bug := rec("bug", "bug")
	bug.Bug = &struct {
		Schedule string `json:"schedule"`
	}{Schedule: "/m/testdata/vtbound/TestX/4567"}
	for _, c := range []struct {
		name   string
		recs   []record
		ok     bool
		remove bool
		err    bool
		why    string
	}{
		{"fixed", []record{rec("pass", "")}, true, true, false, "fixed"},
		{"diverged", []record{rec("fail", "replay-diverged")}, false, true, false, "diverges"},
		{"diverged but fails", []record{bug}, false, true, false, "4567"},
		{"still fails", []record{rec("fail", "replay-fails")}, false, false, false, "still fails (data race)"},
		{"test gone", nil, true, true, false, "no longer exists"},
		{"build failed", nil, false, false, true, ""},
		{"another test's record", []record{{Test: "TestY", Verdict: "pass"}}, false, false, true, ""},
	} {
		j := judge(abs, c.recs, c.ok, "x.go:3: undefined: y\nFAIL")
		if j.remove != c.remove || (j.err != nil) != c.err || !strings.Contains(j.why, c.why) {
			t.Errorf("%s: %+v; want remove=%v err=%v why containing %q", c.name, j, c.remove, c.err, c.why)
		}
	}
}

// TestPruneRemovesWhatIsJudgedStale checks that prune removes the files
// judged stale, keeps the others, prints a line for each and a summary,
// and with -n removes nothing.
func TestPruneRemovesWhatIsJudgedStale(t *testing.T) {
	dir := t.TempDir()
	files := []string{filepath.Join(dir, "fixed"), filepath.Join(dir, "fails"), filepath.Join(dir, "broken")}
	for _, f := range files {
		os.WriteFile(f, []byte("x"), 0o644)
	}
	judgeFake := func(f string) judgement {
		switch filepath.Base(f) {
		case "fixed":
			return judgement{remove: true, why: "fixed: replays exactly and passes"}
		case "fails":
			return judgement{why: "still fails"}
		}
		return judgement{err: errors.New("does not build")}
	}
	var out bytes.Buffer
	if code := prune(&out, files, true, judgeFake); code != 1 {
		t.Errorf("dry run with an unreplayable file: exit %d; want 1", code)
	}
	if _, err := os.Stat(files[0]); err != nil || !strings.Contains(out.String(), "would remove 1 of 3") {
		t.Errorf("dry run removed a file or said %q", out.String())
	}
	out.Reset()
	prune(&out, files, false, judgeFake)
	_, err0 := os.Stat(files[0])
	_, err1 := os.Stat(files[1])
	if err0 == nil || err1 != nil {
		t.Errorf("after prune: fixed exists=%v, fails exists=%v; want false, true", err0 == nil, err1 == nil)
	}
	for _, want := range []string{"removed " + files[0] + ": fixed", "kept    " + files[1] + ": still fails", "cannot replay: does not build", "removed 1 of 3 saved schedules"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}
