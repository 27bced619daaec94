package schedfile

import (
	"bufio"
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// Parse reads a schedule from data (version 2 or 1). Errors say what is
// wrong, not where the data came from; ReadFile adds the file name.
func Parse(data []byte) (*Schedule, error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 0, 64*1024), 64<<20)
	if !sc.Scan() {
		return nil, fmt.Errorf("empty file")
	}
	s := &Schedule{}
	switch first := strings.TrimSpace(sc.Text()); {
	case first == Header:
		s.Version = 2
	case first == HeaderV1:
		s.Version = 1
	case strings.HasPrefix(first, "vtbound schedule "):
		return nil, fmt.Errorf("unsupported version %q (this vtbound reads %q and %q)", first, Header, HeaderV1)
	default:
		return nil, fmt.Errorf("not a vtbound schedule file (first line %q)", first)
	}
	p := &parser{s: s, seen: map[string]bool{}, sites: map[int]Pos{}}
	for line := 2; sc.Scan(); line++ {
		if err := p.line(sc.Text()); err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return s, p.finish()
}

// parser holds what Parse has read so far.
type parser struct {
	s     *Schedule
	seen  map[string]bool
	sites map[int]Pos // site lines by number (version 2)
	trace string      // the trace value, resolved once every site is read
}

// line handles one line after the header.
func (p *parser) line(raw string) error {
	text := strings.TrimSpace(raw)
	if text == "" || strings.HasPrefix(text, "#") {
		return nil
	}
	key, val, ok := strings.Cut(text, ":")
	if !ok {
		return fmt.Errorf("want \"key: value\", got %q", text)
	}
	key, val = strings.TrimSpace(key), strings.TrimSpace(val)
	p.seen[key] = true
	if err := p.set(key, val); err != nil {
		return fmt.Errorf("%s: %w", key, err)
	}
	return nil
}

// set stores one key's value.
func (p *parser) set(key, val string) error {
	s := p.s
	var err error
	switch key {
	case "test":
		s.Test = val
	case "package":
		s.Package = val
	case "dir":
		s.Dir = val
	case "run":
		s.Run = val
	case "oracle":
		s.Oracle = val
	case "sentence":
		s.Sentence = val
	case "strategy":
		s.Strategy = val
	case "cvt":
		s.CVT = val
	case "loop":
		s.Loops = append(s.Loops, val)
	case "quiet":
		s.Quiet = val == "on"
	case "step", "window":
		var w Window
		if w, err = parseWindow(val); key == "step" {
			s.Steps = append(s.Steps, w)
		} else {
			s.Windows = append(s.Windows, w)
		}
	case "wall":
		s.WallPhase = val == "phase"
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
	default:
		return p.setList(key, val)
	}
	return err
}

// setList stores the keys holding lists and tables, and keeps unknown
// keys.
func (p *parser) setList(key, val string) error {
	s := p.s
	var err error
	switch key {
	case "decisions":
		s.Decisions, err = parseInts(val, "decision")
	case "conflict":
		s.Conflicts, err = parseInts(val, "step")
	case "essential":
		s.Essential, err = parseInts(val, "step")
	case "goroutine":
		err = p.goroutine(val)
	case "site":
		err = p.site(val)
	case "trace":
		p.trace = val
	default:
		s.Extra = append(s.Extra, [2]string{key, val})
	}
	return err
}

// finish checks the required keys and resolves the trace.
func (p *parser) finish() error {
	for _, k := range []string{"test", "oracle", "hash", "decisions", "trace"} {
		if !p.seen[k] {
			return fmt.Errorf("missing %q", k)
		}
	}
	var err error
	if p.s.Version == 1 {
		p.s.Trace, err = parseTraceV1(p.trace)
	} else {
		p.s.Trace, err = p.parseTrace(p.trace)
	}
	if err != nil {
		return fmt.Errorf("trace: %w", err)
	}
	return nil
}

func parseInts(val, what string) ([]int, error) {
	var out []int
	for _, f := range strings.Fields(val) {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("bad %s %q", what, f)
		}
		out = append(out, n)
	}
	return out, nil
}

// parseWindow parses a step or window line's value, "FROM TO NAME".
func parseWindow(val string) (Window, error) {
	f := strings.SplitN(val, " ", 3)
	if len(f) != 3 {
		return Window{}, fmt.Errorf("want \"FROM TO NAME\", got %q", val)
	}
	from, err1 := strconv.Atoi(f[0])
	to, err2 := strconv.Atoi(f[1])
	if err1 != nil || err2 != nil || from < 1 || to < 0 {
		return Window{}, fmt.Errorf("want \"FROM TO NAME\" with FROM >= 1 and TO >= 0, got %q", val)
	}
	return Window{Name: f[2], From: from, To: to}, nil
}
