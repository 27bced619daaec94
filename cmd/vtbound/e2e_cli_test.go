//go:build e2e

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/vtbound/vtbound/toolexec"
)

// TestTypeError checks that a package that does not type-check fails
// exactly as without vtbound: same exit code, the compiler's own errors.
func TestTypeError(t *testing.T) {
	dir := module(t, "typeerr")
	plain := goCmd(t, dir, nil, "build", "./...")
	inst := goCmd(t, dir, nil, "build", toolexecFlag(t), "./...")
	if plain.code == 0 || inst.code != plain.code || inst.output() != plain.output() {
		t.Errorf("plain: %+v\nvtbound: %+v", plain, inst)
	}
	if !strings.Contains(inst.stderr, "cannot use \"not an int\"") {
		t.Errorf("compiler error missing: %q", inst.stderr)
	}
}

// TestVettool runs vtbound under go vet's unitchecker protocol.
func TestVettool(t *testing.T) {
	dir := module(t, "basic")
	r := goCmd(t, dir, nil, "vet", "-vettool="+vtbin(t), "./...")
	// The suite reports the shared variables of the package: exit 1 with
	// diagnostics at file:line:col, or 0 when it finds none.
	ok := r.code == 0 || r.code == 1 && strings.Contains(r.stderr, "counter.go:")
	if !ok || strings.Contains(r.stderr, "flag provided but not defined") {
		t.Errorf("go vet -vettool: %+v", r)
	}
	bad := goCmd(t, module(t, "typeerr"), nil, "vet", "-vettool="+vtbin(t), "./...")
	if bad.code == 0 || !strings.Contains(bad.stderr, "not an int") {
		t.Errorf("go vet -vettool on a type error: %+v", bad)
	}
}

// TestReplayMissingFile runs a test with VTBOUND_REPLAY naming a file that
// does not exist, and one that is not a schedule, through the real go
// command: each fails the test with the path and the directory it was
// resolved against, instead of passing as if the bug were fixed.
func TestReplayMissingFile(t *testing.T) {
	dir := module(t, "basic")
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		t.Fatal(err)
	}
	junk := filepath.Join(t.TempDir(), "junk")
	if err := os.WriteFile(junk, []byte("not a schedule\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, want string }{
		{"testdata/vtbound/TestCounter/0123456789abcdef", "no such file"},
		{junk, "schedule file"},
	} {
		r := goCmd(t, dir, []string{"VTBOUND_REPLAY=" + tc.path}, "test", toolexecFlag(t), "-run=^TestCounter$", "-count=1", ".")
		out := r.output()
		if r.code != 1 || !strings.Contains(out, "--- FAIL: TestCounter") {
			t.Errorf("VTBOUND_REPLAY=%s: exit %d; want the test to fail:\n%s", tc.path, r.code, out)
		}
		if !strings.Contains(out, "VTBOUND_REPLAY="+tc.path+": cannot replay") || !strings.Contains(out, tc.want) {
			t.Errorf("VTBOUND_REPLAY=%s: the failure does not name the path and the error %q:\n%s", tc.path, tc.want, out)
		}
		if !strings.Contains(out, "resolved against "+dir) && !strings.Contains(out, "resolved against "+real) {
			t.Errorf("VTBOUND_REPLAY=%s: the failure does not name the directory %s:\n%s", tc.path, dir, out)
		}
		t.Logf("VTBOUND_REPLAY=%s:\n%s", tc.path, out)
	}
}

// TestStdAnnouncement builds a tiny program with fresh build caches: the
// go command's standard error is a terminal (a pty from script(1)) on the
// cold build, which prints the standard-library line exactly once and,
// while it lasts, progress lines (at least one when it lasts longer than
// 25 s: one is due every 10 s); on the warm build, which prints nothing;
// a cold build whose standard error is a pipe (logs, go test -json
// readers, these tests) prints nothing.
func TestStdAnnouncement(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the runtime's packages twice")
	}
	script, err := exec.LookPath("script")
	if err != nil || runtime.GOOS != "linux" {
		t.Skip("needs script(1) on Linux for a terminal")
	}
	dir := t.TempDir()
	for name, text := range map[string]string{"go.mod": "module example.com/tiny\n\ngo 1.26\n", "main.go": "package main\n\nfunc main() {}\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	build := "go build " + toolexecFlag(t) + " -o /dev/null ."
	piped := command(t, dir, []string{"GOCACHE=" + t.TempDir()}, "", "sh", "-c", build)
	if piped.code != 0 || strings.Contains(piped.output(), "vtbound:") {
		t.Errorf("cold build, standard error a pipe: %+v; want success and no vtbound line", piped)
	}
	env := []string{"GOCACHE=" + t.TempDir()}
	start := time.Now()
	cold := command(t, dir, env, "", script, "-qec", build, "/dev/null")
	checkColdLines(t, cold, time.Since(start))
	warm := command(t, dir, env, "", script, "-qec", build, "/dev/null")
	if warm.code != 0 || strings.Contains(warm.output(), "vtbound:") {
		t.Errorf("warm build on a terminal: %+v; want exit 0 and no vtbound line", warm)
	}
}

// checkColdLines checks the vtbound lines of a cold build on a terminal
// that took that long: the announcement once, first, then only progress lines,
// at least one when the build lasted well over the interval.
func checkColdLines(t *testing.T, r result, took time.Duration) {
	t.Helper()
	var lines []string
	for _, l := range strings.Split(strings.ReplaceAll(r.output(), "\r", ""), "\n") {
		if strings.HasPrefix(l, "vtbound:") {
			lines = append(lines, l)
		}
	}
	if r.code != 0 || len(lines) == 0 || lines[0] != toolexec.StdAnnouncement {
		t.Fatalf("cold build on a terminal: %+v; want exit 0 and the announcement first", r)
	}
	progress := regexp.MustCompile(`^` + regexp.QuoteMeta(toolexec.ProgressPrefix) + `\d+ standard-library packages compiled.*; [0-9hms]+ so far$`)
	for _, l := range lines[1:] {
		if !progress.MatchString(l) {
			t.Errorf("cold build on a terminal printed %q; want only progress lines after the announcement", l)
		}
	}
	if took > 25*time.Second && len(lines) < 2 {
		t.Errorf("a cold build of %v printed no progress line after the announcement:\n%s", took, r.output())
	}
}
