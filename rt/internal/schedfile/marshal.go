package schedfile

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
)

// Marshal renders s in the current (version-2) format. Steps without a
// KindName (read from a version-1 file) are written with their numeric
// kind, which a version-2 reader rejects; write only schedules recorded
// by this version.
func (s *Schedule) Marshal() []byte {
	var b bytes.Buffer
	fmt.Fprintln(&b, Header)
	for _, c := range s.Comments {
		fmt.Fprintf(&b, "# %s\n", c)
	}
	fmt.Fprintf(&b, "test: %s\n", s.Test)
	optional(&b, "package", s.Package)
	optional(&b, "dir", s.Dir)
	optional(&b, "run", s.Run)
	fmt.Fprintf(&b, "oracle: %s\n", s.Oracle)
	optional(&b, "sentence", s.Sentence)
	if s.Strategy != "" {
		fmt.Fprintf(&b, "strategy: %s\nseed: %d\nexecution: %d\n", s.Strategy, s.Seed, s.Execution)
	}
	optional(&b, "cvt", s.CVT)
	if s.Track != nil {
		fmt.Fprintf(&b, "track: %s\n", strings.Join(s.Track, " "))
	} else {
		b.WriteString("track: all\n")
	}
	if s.Quiet {
		b.WriteString("quiet: on\n")
	}
	for _, w := range s.Steps {
		fmt.Fprintf(&b, "step: %d %d %s\n", w.From, w.To, w.Name)
	}
	for _, w := range s.Windows {
		fmt.Fprintf(&b, "window: %d %d %s\n", w.From, w.To, w.Name)
	}
	fmt.Fprintf(&b, "hash: %016x\n", s.Hash)
	fmt.Fprintf(&b, "decisions:%s\n", joinInts(s.Decisions))
	for _, g := range s.Goroutines {
		fmt.Fprintf(&b, "goroutine: %d %d\n", g.ID, g.Parent)
	}
	s.marshalTrace(&b)
	if len(s.Conflicts) > 0 {
		fmt.Fprintf(&b, "conflict:%s\n", joinInts(s.Conflicts))
	}
	if s.WallPhase {
		b.WriteString("wall: phase\n")
	}
	for _, l := range s.Loops {
		fmt.Fprintf(&b, "loop: %s\n", l)
	}
	if len(s.Essential) > 0 {
		fmt.Fprintf(&b, "essential:%s\n", joinInts(s.Essential))
	}
	for _, kv := range s.Extra {
		fmt.Fprintf(&b, "%s: %s\n", kv[0], kv[1])
	}
	return b.Bytes()
}

// marshalTrace writes the site table (each distinct position once, in
// order of first use) and the trace referring to it.
func (s *Schedule) marshalTrace(b *bytes.Buffer) {
	ids := map[Pos]int{}
	var steps strings.Builder
	for _, st := range s.Trace {
		n := 0
		if st.Pos != (Pos{}) {
			var ok bool
			if n, ok = ids[st.Pos]; !ok {
				n = len(ids) + 1
				ids[st.Pos] = n
				fmt.Fprintf(b, "site: %d %s\n", n, sitePart(st.Pos))
			}
		}
		mark := ""
		if st.Preempt {
			mark = "*"
		}
		kind := st.KindName
		if kind == "" {
			kind = strconv.Itoa(st.Kind)
		}
		fmt.Fprintf(&steps, " %s%d.%s.%d", mark, st.G, kind, n)
	}
	fmt.Fprintf(b, "trace:%s\n", steps.String())
}

// sitePart renders a position for a site line: package, file:line:col
// and the variable (quoted when it would not read back as one field).
func sitePart(p Pos) string {
	pos := p.position()
	if needsQuote(p.File) {
		pos = strconv.Quote(pos)
	}
	out := orDash(p.Package) + " " + pos
	if p.Var != "" {
		v := p.Var
		if needsQuote(v) {
			v = strconv.Quote(v)
		}
		out += " " + v
	}
	return out
}

func needsQuote(s string) bool {
	return s == "" || strings.ContainsAny(s, " \t\n\r\"") || !strconv.CanBackquote(s)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func optional(b *bytes.Buffer, key, val string) {
	if val != "" {
		fmt.Fprintf(b, "%s: %s\n", key, oneLine(val))
	}
}

// oneLine keeps a value on its line: newlines become spaces.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

func joinInts(xs []int) string {
	var b strings.Builder
	for _, x := range xs {
		fmt.Fprintf(&b, " %d", x)
	}
	return b.String()
}
