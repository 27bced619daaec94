package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

// replayCmd runs `vtbound replay FILE`: it reads the test, package and
// directory a schedule file records and replays it with
// go test -toolexec=vtbound and VTBOUND_REPLAY, printing go test's
// output. The exit status is go test's: 1 while the bug reproduces (or
// the replay diverges: the output says which), 0 when the schedule
// replays exactly and no longer fails, 2 when the file cannot be
// replayed.
func replayCmd(args []string) int {
	if len(args) != 1 || strings.HasPrefix(args[0], "-") {
		fmt.Fprintln(os.Stderr, "vtbound replay: usage: vtbound replay FILE (a schedule file saved by a failing test or a sweep)")
		return 2
	}
	cmd, err := replayCommand(args[0])
	if err != nil {
		fmt.Fprintf(os.Stderr, "vtbound replay: %v\n", err)
		return 2
	}
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	fmt.Fprintf(os.Stderr, "vtbound replay: cd %s && VTBOUND_REPLAY=%s go %s\n", cmd.Dir, cmd.Env[len(cmd.Env)-1][len("VTBOUND_REPLAY="):], strings.Join(cmd.Args[1:], " "))
	var ee *exec.ExitError
	if err := cmd.Run(); errors.As(err, &ee) {
		return ee.ExitCode()
	} else if err != nil {
		fmt.Fprintf(os.Stderr, "vtbound replay: %v\n", err)
		return 2
	}
	return 0
}

// scheduleKeys are the keys of a schedule file replay needs.
type scheduleKeys struct {
	test, pkg, dir string
}

// replayCommand builds the go test command that replays file.
func replayCommand(file string) (*exec.Cmd, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(abs)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	k, err := readScheduleKeys(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", file, err)
	}
	dir, target := k.dir, "."
	if k.pkg != "" {
		target = k.pkg
	}
	if dir == "" || !isDir(dir) {
		dir = packageDirOf(abs) // v1 files: saved under <package>/testdata/vtbound/<Test>/
	}
	if dir == "" {
		return nil, fmt.Errorf("%s: records no package directory (package: and dir: keys), and is not under a testdata directory", file)
	}
	tool, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command("go", "test", "-toolexec="+tool, "-run="+testPattern(k.test), "-count=1", target)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "VTBOUND_REPLAY="+abs)
	return cmd, nil
}

// readScheduleKeys reads the header keys of a schedule file.
func readScheduleKeys(r io.Reader) (scheduleKeys, error) {
	var k scheduleKeys
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 64<<20)
	if !sc.Scan() || !strings.HasPrefix(sc.Text(), "vtbound schedule ") {
		return k, errors.New("not a vtbound schedule file")
	}
	for sc.Scan() {
		key, val, _ := strings.Cut(sc.Text(), ":")
		val = strings.TrimSpace(val)
		switch strings.TrimSpace(key) {
		case "test":
			k.test = val
		case "package":
			k.pkg = val
		case "dir":
			k.dir = val
		}
	}
	if k.test == "" {
		return k, errors.New("no test: key")
	}
	return k, sc.Err()
}

// packageDirOf returns the directory above the testdata directory that
// holds path, or "".
func packageDirOf(path string) string {
	for d := filepath.Dir(path); d != filepath.Dir(d); d = filepath.Dir(d) {
		if filepath.Base(d) == "testdata" {
			return filepath.Dir(d)
		}
	}
	return ""
}

func isDir(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && fi.IsDir()
}

// testPattern is the -run pattern selecting exactly the (sub)test.
func testPattern(name string) string {
	var parts []string
	for _, p := range strings.Split(name, "/") {
		parts = append(parts, "^"+regexp.QuoteMeta(p)+"$")
	}
	return strings.Join(parts, "/")
}
