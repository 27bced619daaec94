package toolexec

import (
	"errors"
	"fmt"
	"go/ast"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/vtbound/vtbound/toolexec/cmdline"
	"github.com/vtbound/vtbound/toolexec/importcfg"
	"github.com/vtbound/vtbound/toolexec/rewrite"
	"github.com/vtbound/vtbound/toolexec/rtbuild"
	"github.com/vtbound/vtbound/toolexec/scope"
)

// gcPercent is the garbage collector's growth factor while a package is
// instrumented.
const gcPercent = 400

// errUnchanged means the rewriter had nothing to change: the original
// command runs, silently.
var errUnchanged = errors.New("nothing to rewrite")

// instrument type-checks and rewrites the package of a planned compile,
// writes the new files and importcfg into the action's directory, and
// returns the command line that compiles them. A *errTypes error means the
// package does not type-check; any other error means it cannot be rewritten.
func instrument(p *compilePlan, env *Env) ([]string, error) {
	// The process lives for one package and its heap is mostly the syntax
	// trees it still needs: collecting at the default 100% mostly rescans
	// them. A larger growth factor, as the compiler itself uses for its
	// starting heap, saves most of that work.
	defer debug.SetGCPercent(debug.SetGCPercent(gcPercent))
	cfgPath, _ := p.cmd.Flag("importcfg")
	cfg, err := importcfg.Read(cfgPath)
	if err != nil {
		return nil, err
	}
	l, err := load(p, cfg, env.GOARCH)
	if err != nil {
		return nil, err
	}
	in := rewriteInput(p, l)
	if p.mode == scope.Full {
		useAnalysis(env, p, l, in)
	}
	out, err := env.Rewrite(in)
	if err != nil {
		return nil, fmt.Errorf("rewrite: %w", err)
	}
	printWarnings(p, out.Warnings, env)
	if env.Verbose && p.mode == scope.Full {
		fmt.Fprintf(env.Stderr, "vtbound: %s: %d of %d memory-access sites instrumented, %d allocation sites registered\n", p.name, out.Sites, out.AccessSites, out.AllocSites)
	}
	if len(out.Files) == 0 {
		return nil, errUnchanged
	}
	if out.NeedsRT {
		c := rtConfig(env, p.cmd)
		c.Progress = p.progress.record
		rt, err := rtbuild.Ensure(c, p.work)
		if err != nil {
			return nil, err
		}
		cfg.AddMissing(rt.Paths, rt.Files)
	}
	return writeRewritten(p, cfg, out.Files)
}

// rewriteInput selects the rewritable files of a loaded package.
func rewriteInput(p *compilePlan, l *loaded) *rewrite.Input {
	in := &rewrite.Input{
		Fset:            l.fset,
		Pkg:             l.pkg,
		Info:            l.info,
		ImportPath:      p.name,
		IsTest:          p.isTest,
		ConcurrencyOnly: p.mode == scope.Concurrency,
	}
	in.GoVersion, _ = p.cmd.Flag("lang")
	if _, ok := p.cmd.Flag("coveragecfg"); ok {
		in.Groups = coverGroups
	}
	for i, name := range l.names {
		if slices.Contains(p.rewrite, name) && !(scope.CoverFile(name) && atomicCounters(l.files[i])) {
			in.Files = append(in.Files, l.files[i])
			in.Filenames = append(in.Filenames, name)
		}
	}
	return in
}

// printWarnings prints one line per construct the rewriter left
// unchanged. A dependency's constructs left unchanged stay uncontrolled, as
// the whole package was before dependencies were rewritten, so only
// VTBOUND_DEBUG shows them.
func printWarnings(p *compilePlan, warnings []string, env *Env) {
	for _, w := range warnings {
		line := fmt.Sprintf("%s: %s", p.name, oneLine(strings.TrimPrefix(w, "vtbound: ")))
		if p.mode == scope.Concurrency {
			env.debugf("dependency %s", line)
			continue
		}
		fmt.Fprintf(env.Stderr, "vtbound: warning: %s\n", line)
	}
}

// coverCounterPrefix starts the names of the counter variables the go
// command asks the cover tool for (-var goCover_<hash>_).
const coverCounterPrefix = "goCover_"

// coverGroups is the rewriter's Groups hook under -cover: accesses to the
// cover counters are not shared accesses of the program and stay
// uninstrumented; everything else gets the default group.
func coverGroups(e ast.Expr) (string, bool) {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return "", !strings.HasPrefix(x.Name, coverCounterPrefix)
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return "", true
		}
	}
}

// atomicCounters reports whether a cover-generated file updates its
// counters with sync/atomic (-covermode=atomic, implied by -race): those
// updates would become scheduling points, so such files stay unchanged.
func atomicCounters(f *ast.File) bool {
	for _, imp := range f.Imports {
		if imp.Name != nil && imp.Name.Name == "_cover_atomic_" {
			return true
		}
	}
	return false
}

// writeRewritten writes the rewritten sources and the extended importcfg
// into <objdir>/vtbound and returns the edited command line.
func writeRewritten(p *compilePlan, cfg *importcfg.Config, files map[string][]byte) ([]string, error) {
	dir := filepath.Join(p.objdir, "vtbound")
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, fmt.Errorf("write rewritten files: %w", err)
	}
	cmd := *p.cmd
	cmd.Files = append([]string(nil), p.cmd.Files...)
	used := map[string]bool{}
	for i, name := range cmd.Files {
		src, ok := files[name]
		if !ok {
			continue
		}
		dst := filepath.Join(dir, uniqueBase(name, used))
		if err := os.WriteFile(dst, src, 0o666); err != nil {
			return nil, fmt.Errorf("write rewritten %s: %w", name, err)
		}
		cmd.Files[i] = dst
	}
	cfgPath := filepath.Join(dir, "importcfg")
	if err := cfg.Write(cfgPath); err != nil {
		return nil, err
	}
	cmd.Args = append([]cmdline.Arg(nil), p.cmd.Args...)
	cmd.SetFlag("importcfg", cfgPath)
	if preGenerics(p.cmd) {
		cmd.SetFlag("lang", genericsLang)
	}
	return cmd.Render(), nil
}

// uniqueBase returns the base name of name, numbered when already used.
func uniqueBase(name string, used map[string]bool) string {
	base := filepath.Base(name)
	for i := 1; used[base]; i++ {
		base = fmt.Sprintf("%d_%s", i, filepath.Base(name))
	}
	used[base] = true
	return base
}

// oneLine flattens a message to a single line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
