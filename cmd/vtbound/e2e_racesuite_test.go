//go:build e2e

package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// raceSuiteList is the checked-in list of the expected verdict of every
// test of the race detector's own suite under vtbound.
const raceSuiteList = "testdata/racesuite.txt"

// raceSuiteEnv bounds each test's exploration: a fixed seed, and a count
// of executions (every racy test the suite catches is caught within its
// first three) with a time limit for the few whose executions are slow.
var raceSuiteEnv = []string{"VTBOUND_SEED=1", "VTBOUND_BUDGET=100,5s"}

// raceSuite is the parsed list: what to copy from GOROOT, and the
// expected verdict of each test.
type raceSuite struct {
	skip    map[string]string // file -> why it is not copied
	edits   map[string][]edit // file -> replacements made when copying
	want    map[string]string // test -> verdict
	reasons map[string]string // test -> why (for missed and leak)
}

// edit replaces every occurrence of old by new in a copied file.
type edit struct{ old, new string }

// TestRaceSuite runs the Go race detector's own tests
// ($(go env GOROOT)/src/runtime/race/testdata, copied at test time into a
// scratch module) under vtbound and compares each test's verdict with the
// checked-in list testdata/racesuite.txt: every TestRace* should fail with
// a data race and every TestNoRace* pass, and the list records where
// vtbound stands. A test whose verdict differs from the list fails the
// suite, a regression as well as an improvement (then update the list).
func TestRaceSuite(t *testing.T) {
	suite := readRaceSuite(t)
	dir := raceSuiteModule(t, suite)
	start := time.Now()
	r := goCmd(t, dir, raceSuiteEnv, "test", "-json", "-count=1", "-timeout=10m", toolexecFlag(t), ".")
	wall := time.Since(start)
	actions, outputs, _ := testEvents(t, r)
	got := map[string]string{}
	for name, action := range actions {
		got[name] = raceVerdict(name, action, outputs[name])
	}
	compareRaceSuite(t, suite, got, outputs)
	t.Logf("race detector's suite under vtbound (%s): %s; go test took %s", strings.Join(raceSuiteEnv, " "), raceSuiteFigures(got), wall.Round(time.Second))
}

// raceVerdict names the outcome of one test as the list does: race (it
// fails and the report names a data race, as the headline or as the race
// that led to another failure), leak (a goroutine leak without a data
// race), fail (another failure), missed (a TestRace* that passes), pass,
// or skip.
func raceVerdict(name, action, out string) string {
	switch {
	case action == "skip":
		return "skip"
	case action == "pass" && strings.HasPrefix(name, "TestRace"):
		return "missed"
	case action == "pass":
		return "pass"
	case strings.Contains(out, "vtbound: "+name+": data race") || strings.Contains(out, "data races:\n"):
		return "race"
	case strings.Contains(out, "vtbound: "+name+": goroutine leak"):
		return "leak"
	}
	return "fail"
}

// compareRaceSuite reports every test whose verdict differs from the
// list, and every test the list names that did not run.
func compareRaceSuite(t *testing.T, suite raceSuite, got, outputs map[string]string) {
	t.Helper()
	for _, name := range sortedKeys(got) {
		want, listed := suite.want[name]
		switch {
		case !listed:
			line := name + " " + got[name]
			if raceVerdicts[got[name]] {
				line += ": REASON"
			}
			t.Errorf("%s: %s, and %s does not list it: add the line %q", name, got[name], raceSuiteList, line)
		case got[name] == want:
		case better(want, got[name]):
			t.Errorf("%s: %s, better than the listed %s: update its line in %s", name, got[name], want, raceSuiteList)
		default:
			t.Errorf("%s: %s; %s lists %s:\n%s", name, got[name], raceSuiteList, want, outputs[name])
		}
	}
	for name := range suite.want {
		if _, ok := got[name]; !ok {
			t.Errorf("%s is listed in %s but did not run", name, raceSuiteList)
		}
	}
}

// better reports whether verdict got is an improvement on want: a missed
// race now caught, a failing race-free test now passing.
func better(want, got string) bool {
	return (want == "missed" && got == "race") || ((want == "leak" || want == "fail") && got == "pass")
}

// raceSuiteFigures summarises the verdicts: racy tests caught, race-free
// tests failing.
func raceSuiteFigures(got map[string]string) string {
	var racy, caught, free, alarms int
	for name, v := range got {
		switch {
		case v == "skip":
		case strings.HasPrefix(name, "TestRace"):
			racy++
			if v != "missed" {
				caught++
			}
		case strings.HasPrefix(name, "TestNoRace"):
			free++
			if v != "pass" {
				alarms++
			}
		}
	}
	return fmt.Sprintf("%d of %d racy tests caught, %d of %d race-free tests fail", caught, racy, alarms, free)
}

// raceSuiteModule copies the race detector's test files from GOROOT into
// a fresh module, leaving out and editing files as the list says. Every
// file the list names must exist, and every edit must apply, so that a new
// Go release's changes are noticed.
func raceSuiteModule(t *testing.T, suite raceSuite) string {
	t.Helper()
	src := filepath.Join(runtime.GOROOT(), "src", "runtime", "race", "testdata")
	dir := t.TempDir()
	files, _ := filepath.Glob(filepath.Join(src, "*.go"))
	copied := map[string]bool{}
	for _, file := range files {
		base := filepath.Base(file)
		if _, ok := suite.skip[base]; ok {
			copied[base] = true
			continue
		}
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		text := applyEdits(t, base, string(data), suite.edits[base])
		if err := os.WriteFile(filepath.Join(dir, base), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		copied[base] = true
	}
	for file := range suite.skip {
		if !copied[file] {
			t.Errorf("%s skips %s, which %s lacks", raceSuiteList, file, src)
		}
	}
	for file := range suite.edits {
		if !copied[file] {
			t.Errorf("%s edits %s, which %s lacks", raceSuiteList, file, src)
		}
	}
	gomod := "module racetd\n\ngo " + langVersion(runtime.Version()) + "\n"
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// applyEdits makes the list's replacements in one file's text.
func applyEdits(t *testing.T, file, text string, edits []edit) string {
	t.Helper()
	for _, e := range edits {
		if !strings.Contains(text, e.old) {
			t.Errorf("%s: no %q to replace in %s", raceSuiteList, e.old, file)
		}
		text = strings.ReplaceAll(text, e.old, e.new)
	}
	return text
}

// langVersion returns the language version ("1.26") of a Go release
// ("go1.26.8", "go1.27rc1", "devel go1.27-abc ...").
func langVersion(release string) string {
	_, v, _ := strings.Cut(release, "go")
	major, rest, _ := strings.Cut(v, ".")
	end := strings.IndexFunc(rest, func(r rune) bool { return r < '0' || r > '9' })
	if end < 0 {
		end = len(rest)
	}
	return major + "." + rest[:end]
}

// readRaceSuite parses the list. Lines are "skip FILE: REASON", `edit FILE
// "OLD" "NEW": REASON` and "TEST VERDICT[: REASON]"; # starts a comment.
func readRaceSuite(t *testing.T) raceSuite {
	t.Helper()
	f, err := os.Open(raceSuiteList)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	suite := raceSuite{skip: map[string]string{}, edits: map[string][]edit{}, want: map[string]string{}, reasons: map[string]string{}}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line, _, _ := strings.Cut(sc.Text(), "#")
		if line = strings.TrimSpace(line); line == "" {
			continue
		}
		if err := suite.parseLine(line); err != nil {
			t.Fatalf("%s:%d: %v", raceSuiteList, n, err)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return suite
}

// raceVerdicts are the verdicts a list line may give; those mapped to
// true need a reason.
var raceVerdicts = map[string]bool{"race": false, "pass": false, "skip": false, "missed": true, "leak": true, "fail": true}

// parseLine adds one line of the list to the suite.
func (s *raceSuite) parseLine(line string) error {
	head, reason, _ := strings.Cut(line, ":")
	reason = strings.TrimSpace(reason)
	fields := strings.Fields(head)
	switch {
	case len(fields) == 2 && fields[0] == "skip" && reason != "":
		s.skip[fields[1]] = reason
	case len(fields) >= 2 && fields[0] == "edit":
		return s.parseEdit(line)
	case len(fields) == 2 && strings.HasPrefix(fields[0], "Test"):
		needsReason, ok := raceVerdicts[fields[1]]
		if !ok || needsReason != (reason != "") {
			return fmt.Errorf("%q: want a verdict (race, pass, skip; missed, leak or fail with a reason)", line)
		}
		if _, dup := s.want[fields[0]]; dup {
			return fmt.Errorf("%s listed twice", fields[0])
		}
		s.want[fields[0]], s.reasons[fields[0]] = fields[1], reason
	default:
		return fmt.Errorf("%q: want skip FILE: REASON, edit FILE \"OLD\" \"NEW\": REASON, or TEST VERDICT", line)
	}
	return nil
}

// parseEdit parses `edit FILE "OLD" "NEW": REASON`.
func (s *raceSuite) parseEdit(line string) error {
	rest := strings.TrimSpace(strings.TrimPrefix(line, "edit"))
	file, rest, _ := strings.Cut(rest, " ")
	var quoted [2]string
	for i := range quoted {
		rest = strings.TrimSpace(rest)
		q, err := strconv.QuotedPrefix(rest)
		if err != nil {
			return fmt.Errorf("%q: want edit FILE \"OLD\" \"NEW\": REASON", line)
		}
		quoted[i], _ = strconv.Unquote(q)
		rest = rest[len(q):]
	}
	if !strings.HasPrefix(rest, ":") || strings.TrimSpace(rest[1:]) == "" || quoted[0] == "" {
		return fmt.Errorf("%q: an edit needs a non-empty OLD and a reason", line)
	}
	s.edits[file] = append(s.edits[file], edit{quoted[0], quoted[1]})
	return nil
}

// sortedKeys returns the keys of m in order.
func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
