package toolexec

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/vtbound/vtbound/toolexec/cmdline"
)

// TestAnnounceStdBuildOncePerBuild checks that the standard-library line
// is announced by the first -std compile of a build only, and never for a
// package outside the standard library.
func TestAnnounceStdBuildOncePerBuild(t *testing.T) {
	var lines []string
	env := &Env{Announce: func(l string) { lines = append(lines, l) }}
	compile := func(work, action string, std bool) {
		argv := []string{"/go/pkg/tool/linux_amd64/compile", "-o", filepath.Join(work, action, "_pkg_.a"), "-p", "p"}
		if std {
			argv = append(argv, "-std")
		}
		cmd, err := cmdline.ParseCompile(append(argv, "x.go"))
		if err != nil {
			t.Fatal(err)
		}
		startProgress(cmd, env).end()
	}
	w1, w2 := t.TempDir(), t.TempDir()
	compile(w1, "b010", false)
	if len(lines) != 0 {
		t.Fatalf("a package outside the standard library announced %q", lines)
	}
	compile(w1, "b011", true)
	compile(w1, "b012", true)
	if len(lines) != 1 || lines[0] != StdAnnouncement {
		t.Fatalf("two std compiles of one build announced %q; want the line once", lines)
	}
	compile(w2, "b003", true)
	if len(lines) != 2 {
		t.Errorf("a second build announced %d lines in all; want 2", len(lines))
	}
	env.Announce = nil
	compile(t.TempDir(), "b001", true) // must not panic
}

// TestProgressLines drives one build's progress record with a fake clock:
// no line while the build has printed within the interval, then a line
// naming the count of standard-library packages, the latest one, the rt
// build and the time since the announcement; one line for two compiles
// that check at once.
func TestProgressLines(t *testing.T) {
	var lines []string
	env := &Env{Announce: func(l string) { lines = append(lines, l) }}
	work := t.TempDir()
	for i, pkg := range []string{"internal/abi", "sync", "net/http"} {
		argv := []string{"/go/pkg/tool/linux_amd64/compile", "-o", filepath.Join(work, "b00"+string(rune('1'+i)), "_pkg_.a"), "-p", pkg, "-std", "x.go"}
		cmd, err := cmdline.ParseCompile(argv)
		if err != nil {
			t.Fatal(err)
		}
		startProgress(cmd, env).end()
	}
	p := &progress{dir: filepath.Join(work, "vtbound"), announce: env.Announce}
	p.record("rt")
	t0 := time.Now()
	os.Chtimes(filepath.Join(p.dir, announcedFile), t0, t0)
	os.Chtimes(filepath.Join(p.dir, lastLineFile), t0, t0)
	clock := t0.Add(5 * time.Second)
	p.now = func() time.Time { return clock }
	p.maybePrint(9 * time.Second)
	if len(lines) != 1 {
		t.Fatalf("a line 5 s after the last one: %q", lines[1:])
	}
	clock = t0.Add(25 * time.Second)
	p.maybePrint(9 * time.Second)
	p.maybePrint(9 * time.Second) // a second compile checking at the same time
	if len(lines) != 2 {
		t.Fatalf("lines after 25 s of silence: %q; want one progress line", lines[1:])
	}
	want := ProgressPrefix + "3 standard-library packages compiled; now vtbound's runtime (rt, a nested go build); 25s so far"
	if lines[1] != want {
		t.Errorf("progress line\n%s\nwant\n%s", lines[1], want)
	}
	p.record("rt-done")
	clock = t0.Add(40 * time.Second)
	p.maybePrint(9 * time.Second)
	if len(lines) != 3 || lines[2] != ProgressPrefix+"3 standard-library packages compiled (latest: net/http); rt built; 40s so far" {
		t.Errorf("after rt was built: %q", lines[2:])
	}
}

// TestNoProgressWhenWarm checks that a compile of a build that compiled
// no standard-library package starts no progress lines.
func TestNoProgressWhenWarm(t *testing.T) {
	env := &Env{Announce: func(l string) { t.Errorf("announced %q", l) }}
	cmd, err := cmdline.ParseCompile([]string{"/go/pkg/tool/linux_amd64/compile", "-o", filepath.Join(t.TempDir(), "b001", "_pkg_.a"), "-p", "m", "x.go"})
	if err != nil {
		t.Fatal(err)
	}
	if p := startProgress(cmd, env); p == nil || p.stop != nil {
		t.Errorf("warm build: progress %+v; want a record without a ticker", p)
	}
}

func TestTerminalPath(t *testing.T) {
	for p, want := range map[string]bool{
		"/dev/pts/3": true, "/dev/tty1": true, "/dev/null": false,
		"pipe:[12345]": false, "/home/u/build.log": false, "socket:[9]": false,
	} {
		if got := terminalPath(p); got != want {
			t.Errorf("terminalPath(%q) = %v; want %v", p, got, want)
		}
	}
}
