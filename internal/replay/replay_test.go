package replay

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// copySchedule writes the show package's example schedule, with its dir:
// key replaced by dir (or removed when dir is empty), to path.
func copySchedule(t *testing.T, path, dir string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "show", "testdata", "example.sched"))
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(l, "dir: ") {
			if dir == "" {
				continue
			}
			l = "dir: " + dir
		}
		lines = append(lines, l)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestReadTarget: a file's recorded package directory is used when it
// exists; otherwise the directory above the testdata directory holding
// the file; a file with neither is an error naming it.
func TestReadTarget(t *testing.T) {
	root := t.TempDir()
	pkgDir := filepath.Join(root, "recorded")
	if err := os.Mkdir(pkgDir, 0o777); err != nil {
		t.Fatal(err)
	}
	recorded := filepath.Join(root, "a.sched")
	copySchedule(t, recorded, pkgDir)
	tg, err := ReadTarget(recorded)
	if err != nil || tg.Dir != pkgDir || tg.Run != "^TestReserveNeverOversells$" || tg.Abs != recorded {
		t.Fatalf("ReadTarget(recorded dir) = %+v, %v", tg, err)
	}
	under := filepath.Join(root, "pkg", "testdata", "vtbound", "TestX", "f")
	copySchedule(t, under, filepath.Join(root, "gone"))
	if tg, err = ReadTarget(under); err != nil || tg.Dir != filepath.Join(root, "pkg") {
		t.Fatalf("ReadTarget(under testdata) = %+v, %v; want dir %s", tg, err, filepath.Join(root, "pkg"))
	}
	loose := filepath.Join(root, "loose.sched")
	copySchedule(t, loose, "")
	if _, err := ReadTarget(loose); err == nil || !strings.Contains(err.Error(), loose) {
		t.Fatalf("ReadTarget(no directory) error = %v, want one naming %s", err, loose)
	}
	cmd, err := Command(recorded)
	if err != nil || cmd.Dir != pkgDir || !slices.Contains(cmd.Args, "-run=^TestReserveNeverOversells$") || cmd.Env[len(cmd.Env)-1] != "VTBOUND_REPLAY="+recorded {
		t.Fatalf("Command = %v in %s (env %v), %v", cmd.Args, cmd.Dir, cmd.Env[len(cmd.Env)-1:], err)
	}
}
