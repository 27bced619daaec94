package schedfile

import (
	"fmt"
	"strconv"
	"strings"
)

// goroutine parses "ID PARENT".
func (p *parser) goroutine(val string) error {
	n, err := parseInts(val, "goroutine")
	if err != nil || len(n) != 2 {
		return fmt.Errorf("want \"ID PARENT\", got %q", val)
	}
	p.s.Goroutines = append(p.s.Goroutines, Goroutine{ID: n[0], Parent: n[1]})
	return nil
}

// site parses "N PACKAGE FILE:LINE:COL [VARIABLE]".
func (p *parser) site(val string) error {
	bad := fmt.Errorf("want \"N PACKAGE FILE:LINE:COL[#K] [VARIABLE]\", got %q", val)
	f, rest, err := fields(val, 3)
	if err != nil {
		return bad
	}
	n, err := strconv.Atoi(f[0])
	if err != nil || n <= 0 {
		return bad
	}
	where, err := unquote(f[2])
	if err != nil {
		return bad
	}
	pos, err := parsePos(where)
	if err != nil {
		return fmt.Errorf("%w: %v", bad, err)
	}
	if f[1] != "-" {
		pos.Package = f[1]
	}
	if pos.Var, err = unquote(rest); err != nil {
		return bad
	}
	p.sites[n] = pos
	return nil
}

// fields splits the first n space-separated fields off val (a field may
// be a Go-quoted string) and returns them with the rest of the line.
func fields(val string, n int) ([]string, string, error) {
	var out []string
	rest := strings.TrimSpace(val)
	for len(out) < n {
		if rest == "" {
			return nil, "", fmt.Errorf("too few fields")
		}
		var f string
		if strings.HasPrefix(rest, `"`) {
			q, err := strconv.QuotedPrefix(rest)
			if err != nil {
				return nil, "", err
			}
			f, rest = q, rest[len(q):]
		} else {
			f, rest, _ = strings.Cut(rest, " ")
		}
		out = append(out, f)
		rest = strings.TrimSpace(rest)
	}
	return out, rest, nil
}

// parsePos parses "FILE:LINE:COL[#K]"; FILE may contain colons.
func parsePos(s string) (Pos, error) {
	nth := 0
	if k := strings.LastIndex(s, "#"); k > strings.LastIndex(s, ":") {
		n, err := strconv.Atoi(s[k+1:])
		if err != nil || n < 2 {
			return Pos{}, fmt.Errorf("bad position %q", s)
		}
		s, nth = s[:k], n
	}
	i := strings.LastIndex(s, ":")
	j := strings.LastIndex(s[:max(i, 0)], ":")
	if i < 0 || j < 0 {
		return Pos{}, fmt.Errorf("bad position %q", s)
	}
	line, err1 := strconv.Atoi(s[j+1 : i])
	col, err2 := strconv.Atoi(s[i+1:])
	file := s[:j]
	if err1 != nil || err2 != nil || file == "" {
		return Pos{}, fmt.Errorf("bad position %q", s)
	}
	return Pos{File: file, Line: line, Col: col, Nth: nth}, nil
}

func unquote(s string) (string, error) {
	if strings.HasPrefix(s, `"`) {
		return strconv.Unquote(s)
	}
	return s, nil
}

// parseTrace parses version-2 steps "g.kind.N", N naming a site line.
func (p *parser) parseTrace(val string) ([]Step, error) {
	var out []Step
	for _, f := range strings.Fields(val) {
		preempt := strings.HasPrefix(f, "*")
		parts := strings.Split(strings.TrimPrefix(f, "*"), ".")
		if len(parts) != 3 || parts[1] == "" {
			return nil, fmt.Errorf("bad step %q (want g.kind.site)", f)
		}
		g, err1 := strconv.Atoi(parts[0])
		n, err2 := strconv.Atoi(parts[2])
		pos, known := p.sites[n]
		if err1 != nil || err2 != nil || (n != 0 && !known) {
			return nil, fmt.Errorf("bad step %q (goroutine and site line number)", f)
		}
		out = append(out, Step{G: g, KindName: parts[1], Pos: pos, Preempt: preempt})
	}
	return out, nil
}

// parseTraceV1 parses version-1 steps "g.kind.site" (all numbers).
func parseTraceV1(val string) ([]Step, error) {
	var out []Step
	for _, f := range strings.Fields(val) {
		preempt := strings.HasPrefix(f, "*")
		parts := strings.Split(strings.TrimPrefix(f, "*"), ".")
		if len(parts) != 3 {
			return nil, fmt.Errorf("bad step %q (want g.kind.site)", f)
		}
		var n [3]int
		for i, part := range parts {
			v, err := strconv.Atoi(part)
			if err != nil {
				return nil, fmt.Errorf("bad step %q", f)
			}
			n[i] = v
		}
		out = append(out, Step{G: n[0], Kind: n[1], Site: int32(n[2]), Preempt: preempt})
	}
	return out, nil
}
