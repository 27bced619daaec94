// Package prune implements `vtbound prune [packages]`: it replays every
// schedule saved under the packages' testdata/vtbound directories and
// removes those that no longer fail or no longer apply, printing what it
// removed and why.
//
// Each file is replayed as `vtbound replay` does (go test -toolexec with
// VTBOUND_REPLAY, -run selecting its test, -count=1), with VTBOUND_JSON
// set, and judged from the test's result record: a replay that still fails
// keeps the file; one that replays exactly and passes (the bug is fixed),
// one that no longer replays (the code changed), and one whose test no
// longer exists remove it. A file that cannot be replayed (the package
// does not build, the file is not a schedule) is kept and named.
package prune

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Main runs `vtbound prune [-n] [packages]` and returns its exit status:
// 0 when every saved schedule was judged, 1 when some could not be
// replayed, 2 on a usage error.
func Main(args []string) int {
	fs := FlagSet(os.Stderr)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	dryRun := fs.Lookup("n").Value.(flag.Getter).Get().(bool)
	pkgs := fs.Args()
	if len(pkgs) == 0 {
		pkgs = []string{"."}
	}
	dirs, err := packageDirs(pkgs)
	if err != nil {
		fmt.Fprintf(os.Stderr, "vtbound prune: %v\n", err)
		return 2
	}
	return prune(os.Stdout, scheduleFiles(dirs), dryRun, replayOne)
}

// FlagSet returns the flags of `vtbound prune` (help lists them).
func FlagSet(out io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("vtbound prune", flag.ContinueOnError)
	fs.SetOutput(out)
	fs.Bool("n", false, "print what would be removed, remove nothing")
	fs.Usage = func() {
		fmt.Fprintln(out, "usage: vtbound prune [-n] [packages]")
		fs.PrintDefaults()
	}
	return fs
}

// prune judges each file with replay, removes the stale ones (unless
// dryRun) and prints one line per file and a summary.
func prune(w io.Writer, files []string, dryRun bool, replay func(string) judgement) int {
	removed, failed := 0, 0
	for _, f := range files {
		j := replay(f)
		name := relative(f)
		switch {
		case j.err != nil:
			failed++
			fmt.Fprintf(w, "kept    %s: cannot replay: %v\n", name, j.err)
		case !j.remove:
			fmt.Fprintf(w, "kept    %s: %s\n", name, j.why)
		case dryRun:
			removed++
			fmt.Fprintf(w, "would remove %s: %s\n", name, j.why)
		default:
			if err := os.Remove(f); err != nil {
				failed++
				fmt.Fprintf(w, "kept    %s: %v\n", name, err)
				continue
			}
			removed++
			fmt.Fprintf(w, "removed %s: %s\n", name, j.why)
		}
	}
	verb := "removed"
	if dryRun {
		verb = "would remove"
	}
	fmt.Fprintf(w, "vtbound prune: %s %d of %d saved schedules\n", verb, removed, len(files))
	if failed > 0 {
		return 1
	}
	return 0
}

// relative names path relative to the working directory when it is below it.
func relative(path string) string {
	wd, err := os.Getwd()
	if err != nil {
		return path
	}
	if rel, err := filepath.Rel(wd, path); err == nil && !strings.HasPrefix(rel, "..") {
		return rel
	}
	return path
}

// packageDirs lists the directories of the packages the patterns match.
func packageDirs(patterns []string) ([]string, error) {
	cmd := exec.Command("go", append([]string{"list", "-f", "{{.Dir}}"}, patterns...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	return strings.Fields(string(out)), nil
}

// scheduleFiles lists the files saved under each directory's schedule
// directory (VTBOUND_DIR, by default testdata/vtbound; a test's directory,
// a subtest's below it), skipping dot files as the test binary does.
func scheduleFiles(dirs []string) []string {
	base := os.Getenv("VTBOUND_DIR")
	if base == "" {
		base = filepath.Join("testdata", "vtbound")
	}
	var files []string
	for _, d := range dirs {
		root := base
		if !filepath.IsAbs(root) {
			root = filepath.Join(d, base)
		}
		filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
			if err == nil && e.Type().IsRegular() && !strings.HasPrefix(e.Name(), ".") && path != root {
				files = append(files, path)
			}
			return nil
		})
	}
	return files
}
