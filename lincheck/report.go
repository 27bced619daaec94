package lincheck

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"
)

// report renders a history that is not linearizable: the scenario, the
// history as goroutine lanes, and why no order fits.
func (c *checker[O, S]) report(sc scenario, h []Event, out outcome[S]) string {
	names := namesOf(c.test.Ops)
	var b strings.Builder
	fmt.Fprintf(&b, "lincheck: the history is not linearizable: no order of its operations gives their results\nscenario %d (seed %d):\n%s", sc.index, c.cfg.seed, sc.text(names))
	fmt.Fprintf(&b, "history (time flows down; ┌ call, └ return; G1, the test's goroutine, runs the prefix and suffix):\n%s", lanes(names, h, len(sc.threads)+1))
	b.WriteString(why(c.m, names, h, out))
	return b.String()
}

// laneName names lane i as vtbound's reports name goroutines: G1 is the
// test's goroutine (the explored body), which runs the prefix and the
// suffix, and starts the scenario's goroutines G2, G3, ... in order.
func laneName(i int) string { return fmt.Sprintf("G%d", i+1) }

// lanes draws h with one column per goroutine and one row per call or
// return, in real-time order; an operation nothing overlaps is one row.
func lanes(names opNames, h []Event, n int) string {
	type mark struct {
		at  int64
		ev  int
		ret bool
	}
	var marks []mark
	for i, e := range h {
		marks = append(marks, mark{e.Call, i, false}, mark{e.Return, i, true})
	}
	sort.Slice(marks, func(i, j int) bool { return marks[i].at < marks[j].at })
	open := make([]bool, n)
	var rows [][]string
	for k := 0; k < len(marks); k++ {
		m, e := marks[k], h[marks[k].ev]
		row := make([]string, n)
		for l := range row {
			if open[l] {
				row[l] = "│"
			}
		}
		switch {
		case !m.ret && k+1 < len(marks) && marks[k+1].ev == m.ev:
			row[e.Lane] = fmt.Sprintf("%s → %v", names.call(e.Op, e.Arg), e.Result)
			k++
		case !m.ret:
			row[e.Lane], open[e.Lane] = "┌ "+names.call(e.Op, e.Arg), true
		default:
			row[e.Lane], open[e.Lane] = fmt.Sprintf("└ %v", e.Result), false
		}
		rows = append(rows, row)
	}
	head := make([]string, n)
	for l := range head {
		head[l] = laneName(l)
	}
	rows = append([][]string{head}, rows...)
	if !slices.ContainsFunc(h, func(e Event) bool { return e.Lane == 0 }) {
		for i := range rows {
			rows[i] = rows[i][1:] // no prefix or suffix: no G1 lane
		}
	}
	return table(rows)
}

// table aligns rows in columns, indented by two spaces.
func table(rows [][]string) string {
	width := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, cell := range r {
			width[i] = max(width[i], utf8.RuneCountInString(cell))
		}
	}
	var b strings.Builder
	for _, r := range rows {
		line := " "
		for i, cell := range r {
			line += " " + cell + strings.Repeat(" ", width[i]-utf8.RuneCountInString(cell)+2)
		}
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	return b.String()
}

// why explains out: the longest linearizable prefix the search met and,
// after it, why each operation that could come next does not fit.
func why[S any](m model[S], names opNames, h []Event, out outcome[S]) string {
	var b strings.Builder
	show := func(i int) string {
		return fmt.Sprintf("%s %s → %v", laneName(h[i].Lane), names.call(h[i].Op, h[i].Arg), h[i].Result)
	}
	if len(out.order) == 0 {
		b.WriteString("why: no operation can be linearized first.\n")
	} else {
		b.WriteString("why: the longest linearizable prefix is\n")
		for k, i := range out.order {
			fmt.Fprintf(&b, "  %d. %s\n", k+1, show(i))
		}
	}
	fmt.Fprintf(&b, "  the specification's state is then %v, and no remaining operation can come next:\n", out.state)
	rest := remaining(h, out.order)
	first := firstReturn(h, rest)
	for _, i := range rest {
		e := h[i]
		if e.Call > h[first].Return {
			fmt.Fprintf(&b, "  - %s: called after %s returned\n", show(i), show(first))
			continue
		}
		if _, want := m.step(out.state, e.Op, e.Arg); !m.same(want, e.Result) {
			fmt.Fprintf(&b, "  - %s: returned %v, the specification returns %v\n", show(i), e.Result, want)
			continue
		}
		fmt.Fprintf(&b, "  - %s: fits here, but then no order of the others does\n", show(i))
	}
	return b.String()
}

// remaining returns the operations of h not in order, by call.
func remaining(h []Event, order []int) []int {
	var rest []int
	for i := range h {
		if !slices.Contains(order, i) {
			rest = append(rest, i)
		}
	}
	sort.Slice(rest, func(a, b int) bool { return h[rest[a]].Call < h[rest[b]].Call })
	return rest
}

// firstReturn returns the operation of rest that returned first.
func firstReturn(h []Event, rest []int) int {
	first := rest[0]
	for _, i := range rest {
		if h[i].Return < h[first].Return {
			first = i
		}
	}
	return first
}
