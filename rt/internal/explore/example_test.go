package explore

import (
	"errors"
	"strings"
	"testing"
)

// TestExampleResult: how an example's child process ended decides what
// the example prints here: nothing of its own when it passed (the caller
// prints the expected output), the child's "got" text when the
// comparison failed, its whole output when it timed out, and nothing, with
// the reason, when it ended without a result (the example then runs here).
func TestExampleResult(t *testing.T) {
	failed := errors.New("exit status 1")
	cases := []struct {
		name           string
		stdout, stderr string
		err            error
		killed         bool
		kind           exampleKind
		out, why       string
	}{
		{"passed", "PASS\n", "", nil, false, examplePassed, "", ""},
		{"compared", "--- FAIL: ExampleX (0.00s)\ngot:\n42\nwant:\n43\nFAIL\n", "", failed, false, exampleCompared, "42\n", ""},
		{"timed out", "partial\n", "panic: test timed out after 10m0s\n", errors.New("exit status 2"), false, exampleTimedOut, "partial\n", ""},
		{"killed", "", "", errors.New("signal: killed"), true, exampleTimedOut, "", ""},
		{"no result", "", "listen tcp :8080: bind: address already in use\n", failed, false, exampleFailed, "", "exit status 1: listen tcp :8080: bind: address already in use"},
	}
	for _, c := range cases {
		r := exampleResult([]byte(c.stdout), []byte(c.stderr), c.err, c.killed)
		if r.kind != c.kind {
			t.Errorf("%s: kind %d, want %d", c.name, r.kind, c.kind)
		}
		if c.kind != examplePassed && c.kind != exampleFailed && r.out != c.out {
			t.Errorf("%s: prints %q, want %q", c.name, r.out, c.out)
		}
		if c.why != "" && !strings.Contains(r.why, c.why) {
			t.Errorf("%s: why %q, want %q", c.name, r.why, c.why)
		}
	}
}
