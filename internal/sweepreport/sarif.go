package sweepreport

import (
	"fmt"
	"io"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/vtbound/vtbound/internal/sarif"
	"github.com/vtbound/vtbound/internal/show"
)

// SARIF 2.1.0 (package internal/sarif) with code flows (§3.36): one
// threadFlow (§3.37) per goroutine whose locations carry the global step
// order as executionOrder (§3.38.13).

// WriteSARIF writes the open bugs of in (new and known; fixed ones are
// not findings) as one SARIF 2.1.0 run: one result per bug, located at its
// first conflicting access (else its last step with a site), with its
// interleaving as a codeFlow holding one threadFlow per goroutine. File
// URIs are relative to in.SrcRoot (%SRCROOT%), derived from each step's
// package path below in.Module.
func WriteSARIF(w io.Writer, in Input) error {
	run := sarif.Run{
		Tool:    sarif.Tool{Driver: sarif.Driver{Name: "vtbound", InformationURI: sarif.InfoURI, Rules: []sarif.Rule{}}},
		Results: []sarif.Result{},
	}
	if in.SrcRoot != "" {
		run.OriginalURIBaseIDs = sarif.BaseIDs(in.SrcRoot)
	}
	rules := map[string]int{}
	for _, bug := range in.Bugs {
		if bug.Status == "fixed" {
			continue
		}
		id := ruleID(bug.Oracle)
		if _, ok := rules[id]; !ok {
			rules[id] = len(run.Tool.Driver.Rules)
			run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, ruleFor(id, bug.Oracle))
		}
		run.Results = append(run.Results, resultFor(in, bug, id, rules[id]))
	}
	return sarif.Write(w, run)
}

// ruleID turns an oracle name into a rule ID: "data race" -> "vtbound/data-race".
func ruleID(oracle string) string {
	if oracle == "" {
		oracle = "failure"
	}
	return "vtbound/" + strings.Join(strings.Fields(strings.ToLower(oracle)), "-")
}

func ruleFor(id, oracle string) sarif.Rule {
	return sarif.Rule{
		ID: id, Name: strings.TrimPrefix(id, "vtbound/"),
		ShortDescription: sarif.Message{Text: "concurrency bug: " + oracle},
		FullDescription: sarif.Message{Text: "vtbound explored the test's goroutine interleavings and found one that leads to a " + oracle +
			"; the code flow shows that interleaving, one thread flow per goroutine, in execution order."},
	}
}

// resultFor converts one bug.
func resultFor(in Input, bug Bug, rule string, index int) sarif.Result {
	msg := bug.Interleaving.Sentence
	if msg == "" {
		msg = fmt.Sprintf("%s in %s", bug.Oracle, bug.Test)
	}
	if cmd := bug.Interleaving.Replay; cmd != "" {
		msg += " Replay: " + cmd
	}
	res := sarif.Result{RuleID: rule, RuleIndex: index, Level: "error", Message: sarif.Message{Text: msg}}
	if at := anchor(bug.Interleaving); at != nil {
		res.Locations = []sarif.Location{{PhysicalLocation: physical(in, *at), Message: &sarif.Message{Text: stepText(*at)}}}
	} else {
		res.Locations = []sarif.Location{fallbackLocation(in, bug)}
	}
	if bug.Signature != "" {
		res.PartialFingerprints = map[string]string{"vtboundSignature/v1": bug.Signature}
	}
	if flow := codeFlow(in, bug); len(flow.ThreadFlows) > 0 {
		res.CodeFlows = []sarif.CodeFlow{flow}
	}
	return res
}

// anchor is the step a result is reported at: the first conflicting
// access, else the last step with a site.
func anchor(il show.Interleaving) *show.Step {
	var last *show.Step
	for i := range il.Steps {
		st := &il.Steps[i]
		if st.File == "" {
			continue
		}
		if st.Conflict {
			return st
		}
		last = st
	}
	return last
}

// codeFlow lays the interleaving out as one threadFlow per goroutine;
// steps without a site are left out.
func codeFlow(in Input, bug Bug) sarif.CodeFlow {
	flows := map[int]*sarif.ThreadFlow{}
	var order []int
	for _, st := range bug.Interleaving.Steps {
		if st.File == "" {
			continue
		}
		f := flows[st.G]
		if f == nil {
			f = &sarif.ThreadFlow{ID: fmt.Sprintf("G%d", st.G), Message: sarif.Message{Text: goroutineText(bug.Interleaving, st.G)}}
			flows[st.G] = f
			order = append(order, st.G)
		}
		tfl := sarif.ThreadFlowLocation{
			Location:       sarif.Location{PhysicalLocation: physical(in, st), Message: &sarif.Message{Text: stepText(st)}},
			ExecutionOrder: st.N,
		}
		if st.Conflict {
			tfl.Kinds, tfl.Importance = []string{"danger"}, "essential"
		}
		f.Locations = append(f.Locations, tfl)
	}
	sort.Ints(order)
	cf := sarif.CodeFlow{Message: sarif.Message{Text: fmt.Sprintf("the interleaving of %s that leads to the %s", bug.Test, bug.Oracle)}}
	for _, g := range order {
		cf.ThreadFlows = append(cf.ThreadFlows, *flows[g])
	}
	return cf
}

func goroutineText(il show.Interleaving, g int) string {
	for _, x := range il.Goroutines {
		if x.ID == g && x.Parent > 0 {
			return fmt.Sprintf("goroutine G%d, started by G%d", g, x.Parent)
		}
	}
	if g == 1 {
		return "goroutine G1, the test body"
	}
	return fmt.Sprintf("goroutine G%d", g)
}

// stepText is a step as a flow location's message: "step 12, G2: write inv.stock".
func stepText(st show.Step) string {
	what := st.Kind
	if st.Var != "" {
		what += " " + st.Var
	}
	mark := ""
	if st.Preempt {
		mark = " (preemption)"
	}
	if st.Conflict {
		mark += " (conflicting access)"
	}
	return fmt.Sprintf("step %d, G%d: %s%s", st.N, st.G, what, mark)
}

// physical locates a step's file relative to %SRCROOT%: the step's
// package path below the module path, then the file name.
func physical(in Input, st show.Step) *sarif.Physical {
	dir := st.Package
	if in.Module != "" && (dir == in.Module || strings.HasPrefix(dir, in.Module+"/")) {
		dir = strings.TrimPrefix(strings.TrimPrefix(dir, in.Module), "/")
	}
	loc := sarif.RelativeTo(path.Join(dir, st.File))
	// Column 0 (unknown) is left out: SARIF columns start at 1.
	return &sarif.Physical{ArtifactLocation: loc, Region: sarif.Region{StartLine: max(st.Line, 1), StartColumn: max(st.Col, 0)}}
}

// fallbackLocation locates a bug whose interleaving names no site: at its
// schedule file when known, else at its package directory.
func fallbackLocation(in Input, bug Bug) sarif.Location {
	st := show.Step{Package: bug.Package, Line: 1}
	msg := "the package of " + bug.Test
	switch {
	case bug.SchedulePath != "" && !filepath.IsAbs(bug.SchedulePath):
		st.File, msg = filepath.ToSlash(bug.SchedulePath), "the saved schedule of "+bug.Test
	default:
		st.File = "."
	}
	return sarif.Location{PhysicalLocation: physical(in, st), Message: &sarif.Message{Text: msg}}
}
