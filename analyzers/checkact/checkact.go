package checkact

import (
	_ "embed"
	"fmt"
	"go/token"
	"strings"

	"github.com/vtbound/vtbound/analyzers/internal/analysisdoc"
	"github.com/vtbound/vtbound/analyzers/internal/locks"
	"github.com/vtbound/vtbound/analyzers/vargroups"
	"github.com/vtbound/vtbound/internal/alias"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

//go:embed doc.go
var doc string

// Analyzer reports check-then-act sequences split across critical
// sections; see the package documentation.
var Analyzer = &analysis.Analyzer{
	Name:     "checkact",
	Doc:      analysisdoc.Extract(doc, "checkact"),
	URL:      "https://pkg.go.dev/github.com/vtbound/vtbound/analyzers/checkact",
	Requires: []*analysis.Analyzer{vargroups.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	res := pass.ResultOf[vargroups.Analyzer].(*vargroups.Result)
	if res.Alias == nil {
		return nil, nil
	}
	p := newPkg(res.Alias)
	for _, fn := range res.Alias.Functions() {
		for _, f := range p.findings(fn) {
			report(pass, f)
		}
	}
	return nil, nil
}

// finding is one check-then-act: the read that decides and the write it
// decides, in different critical sections of lock.
type finding struct {
	lock, group string
	read, write token.Pos
	at          token.Pos // where to report: the write, or the call that writes
}

// report turns a finding into a diagnostic.
func report(pass *analysis.Pass, f finding) {
	rp := pass.Fset.Position(f.read)
	short := strings.NewReplacer(pass.Pkg.Path()+".", "")
	f.group, f.lock = short.Replace(f.group), short.Replace(f.lock)
	pass.Report(analysis.Diagnostic{
		Pos:      f.at,
		Category: "checkact",
		Message: fmt.Sprintf("check-then-act on %s: written under %s in a critical section after the one that read it at %s:%d; another goroutine can change it in between (hold %s from the check to the write)",
			f.group, f.lock, shortFile(rp.Filename), rp.Line, f.lock),
		Related: []analysis.RelatedInformation{
			{Pos: f.read, Message: "the check: read under " + f.lock},
			{Pos: f.write, Message: "the act: write under " + f.lock},
		},
	})
}

// pkg holds what the analysis knows about the package's functions.
type pkg struct {
	res   *alias.Result
	held  map[*ssa.Function]map[ssa.Instruction]locks.Set
	sites map[*ssa.Function][]alias.Site
}

func newPkg(res *alias.Result) *pkg {
	p := &pkg{res: res, held: map[*ssa.Function]map[ssa.Instruction]locks.Set{}, sites: map[*ssa.Function][]alias.Site{}}
	for _, fn := range res.Functions() {
		p.held[fn] = locks.Held(res, fn, locks.Set{})
	}
	for _, s := range res.Sites() {
		fn := s.Instr.Parent()
		p.sites[fn] = append(p.sites[fn], s)
	}
	return p
}

// findings returns the check-then-act sequences of fn.
func (p *pkg) findings(fn *ssa.Function) []finding {
	var out []finding
	seen := map[token.Pos]bool{}
	for _, chk := range p.checks(fn) {
		for _, act := range p.acts(fn) {
			if chk.group != act.group || chk.lock != act.lock || seen[act.at] {
				continue
			}
			if !p.newSection(fn, chk, act) || !decides(chk.value, act) || waitsBetween(fn, chk, act) ||
				(!act.callee && p.rechecked(fn, act.instr, act.group, act.lock)) {
				continue
			}
			seen[act.at] = true
			out = append(out, finding{lock: act.lock, group: act.group, read: chk.pos, write: act.pos, at: act.at})
		}
	}
	return out
}
