package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDebugBadInput checks the errors for a missing file and a step
// outside the interleaving.
func TestDebugBadInput(t *testing.T) {
	r := command(t, "", nil, "", vtbin(t), "debug", "no/such/schedule")
	if r.code != 2 || !strings.Contains(r.stderr, "no/such/schedule") {
		t.Errorf("missing file: exit %d, stderr %q; want 2 and the path", r.code, r.stderr)
	}
	file := filepath.Join(t.TempDir(), "s")
	os.WriteFile(file, []byte("vtbound schedule v2\ntest: TestX\noracle: data race\nhash: 0000000000000001\ndir: /tmp\ndecisions: \ntrace: \n"), 0o644)
	r = command(t, "", nil, "", vtbin(t), "debug", "-step", "99", file)
	if r.code != 2 || !strings.Contains(r.stderr, file) {
		t.Errorf("bad step: exit %d, stderr %q; want 2 naming the file", r.code, r.stderr)
	}
}
