// Package schedfile reads and writes vtbound schedule files: the saved
// form of a failing execution, replayed first by every later run (as
// `go test -fuzz` does with crash inputs).
//
// # Format (version 1)
//
// A schedule file is UTF-8 text. The first line is exactly
//
//	vtbound schedule v1
//
// Then "key: value" lines in any order; lines starting with '#' are
// comments (vtbound writes the readable interleaving there) and blank
// lines are ignored. Keys:
//
//	test:      the test name, as t.Name() (required)
//	oracle:    the failure the schedule exposes, e.g. "data race" (required)
//	strategy:  the strategy and parameters that found it
//	seed:      the seed of that strategy
//	execution: the execution number at which it was found
//	cvt:       the bug's (c,v,t) after minimisation, as "c,v,t"
//	track:     the variable groups tracked: "all" or space-separated
//	           group names (absent: all)
//	hash:      the trace hash, 16 hex digits (required)
//	decisions: the strategy's decisions in order, space separated
//	           integers: goroutine IDs for scheduling choices, case
//	           indices for select choices (required, may be empty)
//	trace:     the executed steps, space separated "g.kind.site" triples,
//	           a leading '*' marking a preemption; used to show the
//	           interleaving and to name the first differing step when a
//	           replay diverges (required, may be empty)
//
// Unknown keys are ignored, so later versions may add keys; a change that
// older readers cannot ignore bumps the version, and files of another
// version are reported and skipped.
package schedfile

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Header is the first line of every version-1 schedule file.
const Header = "vtbound schedule v1"

// Step is one executed step as stored in a file.
type Step struct {
	G       int
	Kind    int
	Site    int32
	Preempt bool
}

// Schedule is the content of a schedule file.
type Schedule struct {
	Test      string
	Oracle    string
	Strategy  string
	Seed      int64
	Execution int
	CVT       string
	Track     []string // tracked groups; nil means all
	Hash      uint64
	Decisions []int
	Trace     []Step
	Comments  []string // written as '#' lines (the readable interleaving)
}

// Marshal renders s in the version-1 format.
func (s *Schedule) Marshal() []byte {
	var b bytes.Buffer
	fmt.Fprintln(&b, Header)
	for _, c := range s.Comments {
		fmt.Fprintf(&b, "# %s\n", c)
	}
	fmt.Fprintf(&b, "test: %s\noracle: %s\n", s.Test, s.Oracle)
	if s.Strategy != "" {
		fmt.Fprintf(&b, "strategy: %s\nseed: %d\nexecution: %d\n", s.Strategy, s.Seed, s.Execution)
	}
	if s.CVT != "" {
		fmt.Fprintf(&b, "cvt: %s\n", s.CVT)
	}
	if s.Track != nil {
		fmt.Fprintf(&b, "track: %s\n", strings.Join(s.Track, " "))
	} else {
		b.WriteString("track: all\n")
	}
	fmt.Fprintf(&b, "hash: %016x\n", s.Hash)
	b.WriteString("decisions:")
	for _, d := range s.Decisions {
		fmt.Fprintf(&b, " %d", d)
	}
	b.WriteString("\ntrace:")
	for _, st := range s.Trace {
		mark := ""
		if st.Preempt {
			mark = "*"
		}
		fmt.Fprintf(&b, " %s%d.%d.%d", mark, st.G, st.Kind, st.Site)
	}
	b.WriteString("\n")
	return b.Bytes()
}

// Parse reads a schedule from data. Errors say what is wrong, not where
// the data came from; ReadFile adds the file name.
func Parse(data []byte) (*Schedule, error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 64<<20)
	if !sc.Scan() {
		return nil, fmt.Errorf("empty file")
	}
	if first := strings.TrimSpace(sc.Text()); first != Header {
		if strings.HasPrefix(first, "vtbound schedule ") {
			return nil, fmt.Errorf("unsupported version %q (this vtbound reads %q)", first, Header)
		}
		return nil, fmt.Errorf("not a vtbound schedule file (first line %q)", first)
	}
	s := &Schedule{}
	seen := map[string]bool{}
	for line := 2; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		key, val, ok := strings.Cut(text, ":")
		if !ok {
			return nil, fmt.Errorf("line %d: want \"key: value\", got %q", line, text)
		}
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		seen[key] = true
		if err := s.set(key, val); err != nil {
			return nil, fmt.Errorf("line %d: %s: %w", line, key, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	for _, k := range []string{"test", "oracle", "hash", "decisions", "trace"} {
		if !seen[k] {
			return nil, fmt.Errorf("missing %q", k)
		}
	}
	return s, nil
}

func (s *Schedule) set(key, val string) error {
	var err error
	switch key {
	case "test":
		s.Test = val
	case "oracle":
		s.Oracle = val
	case "strategy":
		s.Strategy = val
	case "cvt":
		s.CVT = val
	case "track":
		if val != "all" {
			s.Track = append([]string{}, strings.Fields(val)...)
		}
	case "seed":
		s.Seed, err = strconv.ParseInt(val, 10, 64)
	case "execution":
		s.Execution, err = strconv.Atoi(val)
	case "hash":
		s.Hash, err = strconv.ParseUint(val, 16, 64)
	case "decisions":
		s.Decisions, err = parseInts(val)
	case "trace":
		s.Trace, err = parseTrace(val)
	}
	return err
}

func parseInts(val string) ([]int, error) {
	var out []int
	for _, f := range strings.Fields(val) {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("bad decision %q", f)
		}
		out = append(out, n)
	}
	return out, nil
}

func parseTrace(val string) ([]Step, error) {
	var out []Step
	for _, f := range strings.Fields(val) {
		preempt := strings.HasPrefix(f, "*")
		parts := strings.Split(strings.TrimPrefix(f, "*"), ".")
		if len(parts) != 3 {
			return nil, fmt.Errorf("bad step %q (want g.kind.site)", f)
		}
		var n [3]int
		for i, p := range parts {
			v, err := strconv.Atoi(p)
			if err != nil {
				return nil, fmt.Errorf("bad step %q", f)
			}
			n[i] = v
		}
		out = append(out, Step{G: n[0], Kind: n[1], Site: int32(n[2]), Preempt: preempt})
	}
	return out, nil
}

// ReadFile reads and parses a schedule file; errors name the file.
func ReadFile(path string) (*Schedule, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	s, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("schedule file %s: %w", path, err)
	}
	return s, nil
}

// Write saves s under dir with a name derived from its content and
// returns the path. Writing the same schedule twice gives the same file.
func Write(dir string, s *Schedule) (string, error) {
	data := s.Marshal()
	sum := sha256.Sum256(data)
	path := filepath.Join(dir, hex.EncodeToString(sum[:8]))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("save schedule: %w", err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return "", fmt.Errorf("save schedule: %w", err)
	}
	return path, nil
}

// List returns the schedule files saved in dir, sorted; a missing
// directory is not an error.
func List(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if e.Type().IsRegular() && !strings.HasPrefix(e.Name(), ".") {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	return out, nil
}
