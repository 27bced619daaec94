//go:build e2e

package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/internal/testbin"
)

// readmeBlocks returns the contents of the first n fenced code blocks of a
// Markdown file.
func readmeBlocks(t *testing.T, file string, n int) []string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var blocks []string
	var cur *strings.Builder
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() && len(blocks) < n {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "```") && cur == nil:
			cur = &strings.Builder{}
		case strings.HasPrefix(line, "```"):
			blocks = append(blocks, strings.TrimSpace(cur.String()))
			cur = nil
		case cur != nil:
			cur.WriteString(line + "\n")
		}
	}
	if len(blocks) < n {
		t.Fatalf("%s has %d fenced blocks; want %d", file, len(blocks), n)
	}
	return blocks
}

// copyRepo copies the repository at root, without .git, into an emptied
// directory and returns it. The directory's path is the same on every run
// (testbin.FixedDir), so that the go commands run in the copy (installing
// vtbound, building every package's tests) find the packages whose sources
// did not change in the build cache, as they do in the repository itself.
func copyRepo(t *testing.T, root string) string {
	t.Helper()
	dst := filepath.Join(testbin.FixedDir(t, "repo"), "vtbound")
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		target := filepath.Join(dst, rel)
		switch {
		case d.IsDir() && d.Name() == ".git":
			return filepath.SkipDir
		case d.IsDir():
			return os.MkdirAll(target, 0o755)
		case !d.Type().IsRegular():
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

// freshEnv is the environment of a newcomer's shell: the machine's go
// command and module cache, but a new GOPATH (so `go install` changes
// nothing outside the test), no vtbound on PATH, no VTBOUND_* or GOFLAGS
// settings.
func freshEnv(t *testing.T, gopath string) []string {
	t.Helper()
	modcache, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	var path []string
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		if _, err := os.Stat(filepath.Join(dir, "vtbound")); err != nil {
			path = append(path, dir)
		}
	}
	env := []string{"PATH=" + strings.Join(path, string(filepath.ListSeparator)), "GOPATH=" + gopath, "GOMODCACHE=" + strings.TrimSpace(string(modcache))}
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if !strings.HasPrefix(k, "VTBOUND_") && !strings.HasPrefix(k, "GO") && k != "PATH" && k != "PWD" && k != "OLDPWD" {
			env = append(env, kv)
		}
	}
	for _, k := range []string{"GOCACHE", "GOPROXY", "GONOSUMDB", "GOPRIVATE", "GOROOT", "GOTOOLCHAIN"} {
		if v, ok := os.LookupEnv(k); ok {
			env = append(env, k+"="+v)
		}
	}
	return env
}

// readmeScript pastes the README's two set-up commands into one shell, as
// a newcomer would, and records the first one's exit status, the working
// directory and the vtbound it left on PATH. The second command is the
// project's whole suite; GOFLAGS=-n makes the go command print the
// commands it would run (building and running each package's test
// binary) without running them, so it does not run this test recursively
// or the suite in full, and does not link every test binary a second time
// (the suite that runs this test has built them).
func readmeScript(first, second string) string {
	return fmt.Sprintf("%s\necho \"@@ status=$? seconds=$SECONDS pwd=$(pwd) vtbound=$(command -v vtbound)\"\nexport GOFLAGS=-n\n%s\necho \"@@ status=$? seconds=$SECONDS\"\n", first, second)
}

// readmeFile is the README whose commands TestReadmeCommands runs.
const readmeFile = "README.md"

var readmeMarks = regexp.MustCompile(`@@ status=(\d+) seconds=(\d+)(?: pwd=(\S*) vtbound=(\S*))?\n`)

// TestReadmeCommands runs the README's first two commands verbatim in a
// fresh shell at the root of a copy of the repository: the first must
// install vtbound, print a report with a replay command, exit 1 (the
// example's bug) and leave the shell at the root; the second must then run
// the project's packages, not the example's.
func TestReadmeCommands(t *testing.T) {
	if testing.Short() {
		t.Skip("installs vtbound and builds the example and the project's tests")
	}
	shell, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	blocks := readmeBlocks(t, filepath.Join("..", "..", readmeFile), 2)
	root := copyRepo(t, filepath.Join("..", ".."))
	gopath := filepath.Join(t.TempDir(), "gopath")
	cmd := exec.Command(shell, "--noprofile", "--norc", "-c", readmeScript(blocks[0], blocks[1]))
	cmd.Dir, cmd.Env = root, freshEnv(t, gopath)
	out, _ := cmd.CombinedOutput()
	m := readmeMarks.FindAllSubmatchIndex(out, -1)
	if len(m) != 2 {
		t.Fatalf("the script did not reach both commands:\n%s", out)
	}
	first := readmeMarks.FindStringSubmatch(string(out[m[0][0]:m[0][1]]))
	second := readmeMarks.FindStringSubmatch(string(out[m[1][0]:m[1][1]]))
	checkFirstCommand(t, string(out[:m[0][0]]), first, root, gopath)
	checkSecondCommand(t, string(out[m[0][1]:m[1][0]]), second[1])
	t.Logf("first command: %s s (exit %s); second, printing its commands: %s s in all", first[2], first[1], second[2])
}

// checkFirstCommand checks the output and state left by the first command.
func checkFirstCommand(t *testing.T, out string, mark []string, root, gopath string) {
	t.Helper()
	status, pwd, vtbound := mark[1], mark[3], mark[4]
	if status != "1" || !strings.Contains(out, "--- FAIL") || !strings.Contains(out, "replay: ") || !strings.Contains(out, "VTBOUND_REPLAY=") {
		t.Errorf("first command: exit %s; want 1 with a report and its replay command:\n%s", status, out)
	}
	if real, err := filepath.EvalSymlinks(root); pwd != root && (err != nil || pwd != real) {
		t.Errorf("the first command leaves the shell in %s, not at the repository root %s", pwd, root)
	}
	if want := filepath.Join(gopath, "bin", "vtbound"); vtbound != want {
		t.Errorf("after the first command vtbound is %q; want the one it installed, %s", vtbound, want)
	}
}

// checkSecondCommand checks that the second command would build and run
// the project's packages' tests with its own flags (go test -n prints each
// test binary's command line: $WORK/b123/rt.test ... -test.timeout=30m0s).
func checkSecondCommand(t *testing.T, out, status string) {
	t.Helper()
	for _, bin := range []string{"/rt.test", "/vtbound.test", "/toolexec.test"} {
		if !regexp.MustCompile(regexp.QuoteMeta(bin) + ` -test\..* -test\.timeout=30m0s`).MatchString(out) {
			t.Errorf("second command: %s not run with -timeout 30m", strings.TrimPrefix(bin, "/"))
		}
	}
	if status != "0" || strings.Contains(out, "example.com/inventory") {
		t.Errorf("second command: exit %s; want 0, the project's packages and not the example's:\n%s", status, out)
	}
}
