package toolexec

import (
	"path/filepath"
	"testing"

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
		announceStdBuild(cmd, env)
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
