package explore

import (
	"os"
	"runtime"
	"sort"
	"strings"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
	"github.com/vtbound/vtbound/rt/internal/schedfile"
)

// This file converts between the engine's steps (numeric site and kind
// IDs of this build) and schedule files (version 2: sites by package and
// file:line:col, kinds by name), and records in a schedule everything
// `vtbound show` needs to render it without running anything.

// toFileTrace converts a trace into schedule-file steps, naming each site
// and kind.
func toFileTrace(trace []sched.Step) []schedfile.Step {
	out := make([]schedfile.Step, len(trace))
	for i, st := range trace {
		out[i] = schedfile.Step{G: st.G, Kind: int(st.Op.Kind), Site: st.Op.Site, Preempt: st.Preempt,
			KindName: st.Op.Kind.String(), Pos: sitePos(st.Op)}
	}
	return out
}

// sitePos names an operation's site, with the variable an access touches.
func sitePos(op sched.Op) schedfile.Pos {
	s := engine.SiteInfo(op.Site)
	if s == nil {
		return schedfile.Pos{}
	}
	return schedfile.Pos{Package: engine.SitePackage(op.Site), File: s.File, Line: int(s.Line), Col: int(s.Col),
		Var: varName(op), Nth: engine.SiteNth(op.Site)}
}

// fileSteps turns a trace read from a schedule file into steps, resolving
// the site and kind names of a version-2 file in this build.
func fileSteps(trace []schedfile.Step) []sched.Step {
	resolveTrace(trace)
	steps := make([]sched.Step, len(trace))
	for i, st := range trace {
		steps[i] = sched.Step{G: st.G, Op: sched.Op{Kind: sched.OpKind(st.Kind), Site: st.Site, Group: engine.GroupOf(st.Site)}, Choice: -1, Preempt: st.Preempt}
	}
	return steps
}

// kindIDs maps every operation kind's name to the kind.
var kindIDs = func() map[string]sched.OpKind {
	m := map[string]sched.OpKind{}
	for k := 0; k < 256; k++ {
		if name := sched.OpKind(k).String(); name != "op?" {
			m[name] = sched.OpKind(k)
		}
	}
	return m
}()

// resolveTrace fills the numeric kind and site of version-2 steps from
// their names, as this build registered them. A name this build does not
// know resolves to 0 (no site, kind none); the replay then diverges and
// says where.
func resolveTrace(trace []schedfile.Step) {
	var ids map[string]int32
	for i := range trace {
		st := &trace[i]
		if st.KindName == "" {
			continue // version 1: numeric already
		}
		st.Kind = int(kindIDs[st.KindName])
		if st.Pos.File == "" {
			continue
		}
		if ids == nil {
			ids = engine.SiteIDs()
		}
		st.Site = ids[st.Pos.Name()]
	}
}

// annotate records in sf what `vtbound show` renders: the test's package
// and directory, who started each goroutine, the sentence, the
// conflicting accesses and the steps that matter. res is the failing
// execution sf was derived from (its goroutines' parents and outcome);
// sf's own trace may be a minimised one.
func (d *driver) annotate(sf *schedfile.Schedule, res *engine.Result) {
	resolveTrace(sf.Trace)
	steps := fileSteps(sf.Trace)
	sf.Package = testPackage(sf.Test)
	sf.Dir, _ = os.Getwd()
	sf.Run = runPattern(d.runName())
	r := *res
	r.Trace = steps
	sf.Sentence = whatHappened(&r)
	sf.Goroutines = traceGoroutines(steps, res.States)
	sf.Conflicts = positions(conflicting(steps), nil)
	sf.Essential = positions(nil, essentialMask(steps))
	if len(sf.Comments) == 0 { // read back from the minimiser's file
		sf.Comments = interleaving(steps, nil)
	}
}

// traceGoroutines lists the goroutines that took a step, with their
// parents as the failing execution recorded them.
func traceGoroutines(steps []sched.Step, states []engine.GoroutineState) []schedfile.Goroutine {
	parent := map[int]int{}
	for _, s := range states {
		parent[s.ID] = s.Parent
	}
	seen := map[int]bool{}
	var out []schedfile.Goroutine
	for _, st := range steps {
		if !seen[st.G] {
			seen[st.G] = true
			out = append(out, schedfile.Goroutine{ID: st.G, Parent: parent[st.G]})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// positions turns trace indices, or a mask over the trace, into sorted
// 1-based positions.
func positions(idx []int, mask []bool) []int {
	for i, k := range mask {
		if k {
			idx = append(idx, i)
		}
	}
	out := make([]int, len(idx))
	for i, x := range idx {
		out[i] = x + 1
	}
	sort.Ints(out)
	return out
}

// testPackage finds the import path of the package declaring the test
// from the calling goroutine's stack (the test function calls rt.Test);
// "" when it is not on the stack. An external test package's "_test"
// suffix is dropped: the package directory is the same.
func testPackage(test string) string {
	top, _, _ := strings.Cut(test, "/")
	pcs := make([]uintptr, 128)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(1, pcs)])
	for {
		f, more := frames.Next()
		if pkg, ok := framePackage(f.Function, top); ok {
			return pkg
		}
		if !more {
			return ""
		}
	}
}

// framePackage returns the package of fn when fn is the function top or
// a closure inside it ("example.com/p.TestX.func1").
func framePackage(fn, top string) (string, bool) {
	i := strings.LastIndex(fn, "."+top)
	if i <= 0 {
		return "", false
	}
	if rest := fn[i+1+len(top):]; rest != "" && !strings.HasPrefix(rest, ".") {
		return "", false // TestXY, not TestX
	}
	pkg := fn[:i]
	// A method's receiver leaves a '.' in the last path element (the
	// runtime writes a package path's own dots there as %2e).
	if slash := strings.LastIndex(pkg, "/"); slash >= 0 && strings.Contains(pkg[slash+1:], ".") {
		return "", false
	}
	return strings.TrimSuffix(strings.ReplaceAll(pkg, "%2e", "."), "_test"), true
}
