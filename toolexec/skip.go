package toolexec

import (
	"errors"
	"fmt"
	goversion "go/version"
	"path/filepath"
	"strings"

	"github.com/vtbound/vtbound/toolexec/cmdline"
	"github.com/vtbound/vtbound/toolexec/scope"
)

// errSkip marks a step that decided the invocation is passed through
// unchanged. It is wrapped with the reason.
var errSkip = errors.New("skip")

// compilePlan is a compile invocation that passed the skip rules.
type compilePlan struct {
	cmd *cmdline.Command
	// pkgPath is the -p value; name is the package's import path as shown
	// to users (the -p value, or TOOLEXEC_IMPORTPATH for package main).
	pkgPath, name string
	// work is the build's work directory, objdir the action's directory.
	work, objdir string
	// rewrite lists the files handed to the rewriter; generated files
	// (cgo, cover, _testmain) are compiled but never rewritten.
	rewrite []string
	// isTest is set when the package includes _test.go files.
	isTest bool
	// mode is Full for a package in scope, Concurrency for a dependency.
	mode scope.Mode
	// progress records the build's progress (nil: not recorded).
	progress *progress
}

// planCompile applies the skip rules and the scope to a compile command.
// It returns an error wrapping errSkip when the command must pass through.
func planCompile(cmd *cmdline.Command, env *Env) (*compilePlan, error) {
	p := &compilePlan{cmd: cmd}
	p.pkgPath, _ = cmd.Flag("p")
	p.name = scope.DisplayPath(p.pkgPath, env.ImportPath)
	out, _ := cmd.Flag("o")
	p.objdir = filepath.Dir(out)
	p.work = cmdline.WorkDir(out)
	if err := skipPackage(cmd, p, env); err != nil {
		return nil, err
	}
	for _, f := range cmd.Files {
		if strings.HasSuffix(f, "_test.go") {
			p.isTest = true
		}
		if (!scope.GeneratedFile(f, p.work) || scope.CoverFile(f)) && strings.HasSuffix(f, ".go") {
			p.rewrite = append(p.rewrite, f)
		}
	}
	if len(p.rewrite) == 0 {
		return nil, fmt.Errorf("%w: only generated files", errSkip)
	}
	return p, nil
}

// skipPackage applies the package-level skip rules.
func skipPackage(cmd *cmdline.Command, p *compilePlan, env *Env) error {
	switch {
	case p.pkgPath == "":
		return fmt.Errorf("%w: no -p flag", errSkip)
	case p.work == "":
		return fmt.Errorf("%w: no -o flag", errSkip)
	case cmd.Bool("std") || scope.Within(scope.SourceDir(cmd.Files, env.Dir, p.work), filepath.Join(env.GOROOT, "src")):
		return fmt.Errorf("%w: standard library", errSkip)
	case scope.OwnPackage(p.pkgPath) || scope.OwnPackage(p.name):
		return fmt.Errorf("%w: vtbound's own package", errSkip)
	case p.pkgPath == "main" && strings.HasSuffix(p.name, ".test"):
		return fmt.Errorf("%w: generated test main", errSkip)
	}
	p.mode = env.Scope.Mode(scope.MatchPath(p.name, cmd.Files), scope.SourceDir(cmd.Files, env.Dir, p.work), env.Locations)
	if p.mode == scope.Skip {
		return fmt.Errorf("%w: out of scope", errSkip)
	}
	return nil
}

// genericsLang is the language version a package written for a version
// before go1.18 is compiled with once rewritten: the newest that keeps the
// old per-loop loop variables (go1.22 made them per-iteration). Go 1's
// compatibility promise makes a valid program of an older version valid,
// with the same meaning, at this one.
const genericsLang = "go1.21"

// preGenerics reports whether the package is compiled for a language
// version before go1.18.
//
// Rewritten code instantiates rt's generic functions, so such a package is
// compiled with -lang=genericsLang instead (the rewrite itself follows the
// original version, for loop variables in particular).
func preGenerics(cmd *cmdline.Command) bool {
	lang, ok := cmd.Flag("lang")
	return ok && goversion.IsValid(lang) && goversion.Compare(lang, "go1.18") < 0
}
