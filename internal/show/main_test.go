package show

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestShowCommand runs `vtbound show` (Run) on the example's saved
// schedule: text, -full, -html, and the usage errors.
func TestShowCommand(t *testing.T) {
	file := filepath.Join("testdata", "example.sched")
	run := func(args ...string) (string, string, int) {
		var out, errs bytes.Buffer
		code := Run(&out, &errs, args)
		return out.String(), errs.String(), code
	}
	out, _, code := run(file)
	if code != 0 || !strings.Contains(out, "what happened: G3 read inv.stock[item]") || !strings.Contains(out, "steps elided") {
		t.Errorf("show: exit %d\n%s", code, out)
	}
	out, _, code = run("-full", file)
	if code != 0 || !strings.Contains(out, "all 32 steps") || strings.Contains(out, "elided") {
		t.Errorf("show -full: exit %d\n%s", code, out)
	}
	out, _, code = run("-html", file)
	if code != 0 || !strings.HasPrefix(out, "<!DOCTYPE html>") || !strings.Contains(out, `<g class="lane" data-goroutine="3"`) {
		t.Errorf("show -html: exit %d\n%.300s", code, out)
	}
	text := filepath.Join(t.TempDir(), "out.txt")
	if _, _, code := run("-o", text, file); code != 0 {
		t.Errorf("show -o: exit %d", code)
	} else if data, _ := os.ReadFile(text); !strings.Contains(string(data), "what happened:") {
		t.Errorf("show -o wrote %q", data)
	}
	for _, args := range [][]string{{}, {"-bogus", file}, {file, file}} {
		if _, errs, code := run(args...); code != 2 || !strings.Contains(errs, "usage: vtbound show") && !strings.Contains(errs, "flag provided but not defined") {
			t.Errorf("show %q: exit %d, stderr %q; want 2 with usage", args, code, errs)
		}
	}
	missing := filepath.Join(t.TempDir(), "nope")
	if _, errs, code := run(missing); code != 2 || !strings.Contains(errs, missing) {
		t.Errorf("show of a missing file: exit %d, stderr %q", code, errs)
	}
}
