package toolexec

import (
	"errors"
	"fmt"
	goversion "go/version"
	"path/filepath"
	"regexp"
	"strings"
)

// errSkip marks a step that decided the invocation is passed through
// unchanged. It is wrapped with the reason.
var errSkip = errors.New("skip")

// ModulePath is the import path of vtbound's own module; its packages (rt
// and everything rt depends on among them) are never instrumented.
const ModulePath = "github.com/vtbound/vtbound"

// RTPath is the import path of the runtime package rewritten code calls.
const RTPath = ModulePath + "/rt"

// compilePlan is a compile invocation that passed the skip rules.
type compilePlan struct {
	cmd *Command
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
	mode Mode
}

// planCompile applies the skip rules and the scope to a compile command.
// It returns an error wrapping errSkip when the command must pass through.
func planCompile(cmd *Command, env *Env) (*compilePlan, error) {
	p := &compilePlan{cmd: cmd}
	p.pkgPath, _ = cmd.Flag("p")
	p.name = displayPath(p.pkgPath, env.ImportPath)
	out, _ := cmd.Flag("o")
	p.objdir = filepath.Dir(out)
	p.work = WorkDir(out)
	if err := skipPackage(cmd, p, env); err != nil {
		return nil, err
	}
	for _, f := range cmd.Files {
		if strings.HasSuffix(f, "_test.go") {
			p.isTest = true
		}
		if (!generatedFile(f, p.work) || coverFile(f)) && strings.HasSuffix(f, ".go") {
			p.rewrite = append(p.rewrite, f)
		}
	}
	if len(p.rewrite) == 0 {
		return nil, fmt.Errorf("%w: only generated files", errSkip)
	}
	return p, nil
}

// skipPackage applies the package-level skip rules.
func skipPackage(cmd *Command, p *compilePlan, env *Env) error {
	switch {
	case p.pkgPath == "":
		return fmt.Errorf("%w: no -p flag", errSkip)
	case p.work == "":
		return fmt.Errorf("%w: no -o flag", errSkip)
	case cmd.Bool("std") || within(sourceDir(cmd.Files, env.Dir, p.work), filepath.Join(env.GOROOT, "src")):
		return fmt.Errorf("%w: standard library", errSkip)
	case ownPackage(p.pkgPath) || ownPackage(p.name):
		return fmt.Errorf("%w: vtbound's own package", errSkip)
	case p.pkgPath == "main" && strings.HasSuffix(p.name, ".test"):
		return fmt.Errorf("%w: generated test main", errSkip)
	}
	p.mode = env.Scope.Mode(scopePath(p.name, cmd.Files), sourceDir(cmd.Files, env.Dir, p.work), env.Locations)
	if p.mode == Skip {
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
func preGenerics(cmd *Command) bool {
	lang, ok := cmd.Flag("lang")
	return ok && goversion.IsValid(lang) && goversion.Compare(lang, "go1.18") < 0
}

// sourceDir returns the directory holding the package's source files: the
// directory of its first Go file outside the build's work directory
// (generated files live there). The compiler may run in the go command's
// own working directory, not the package's, so cwd is only the fallback
// for relative paths.
func sourceDir(files []string, cwd, work string) string {
	for _, f := range files {
		if !strings.HasSuffix(f, ".go") {
			continue
		}
		if !filepath.IsAbs(f) {
			f = filepath.Join(cwd, f)
		}
		if work != "" && within(f, work) {
			continue
		}
		return filepath.Dir(f)
	}
	return cwd
}

// ownPackage reports whether path belongs to vtbound's own module.
func ownPackage(path string) bool {
	return path == ModulePath || strings.HasPrefix(path, ModulePath+"/")
}

// displayPath returns the import path to show and match: the -p value,
// except for package main where TOOLEXEC_IMPORTPATH names the package.
func displayPath(pkgPath, toolexecPath string) string {
	name, _, _ := strings.Cut(toolexecPath, " [")
	if name == "" || pkgPath != "main" {
		return pkgPath
	}
	return name
}

// scopePath is the import path matched against the scope: an external test
// package "x_test" is matched as "x".
func scopePath(name string, files []string) string {
	if !strings.HasSuffix(name, "_test") {
		return name
	}
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") {
			return name
		}
	}
	return strings.TrimSuffix(name, "_test")
}

// generatedRe matches the base names of files the go command generates.
var generatedRe = regexp.MustCompile(`^(_testmain(\.cover)?\.go|_cgo_.*\.go|.*\.cgo[12]\.go|covervars\.go|.*\.cover\.go|_gomod_\.go)$`)

// generatedFile reports whether f was generated by the go command (cgo,
// cover, test main): it lives in the build's work directory or has a
// generated file's name.
func generatedFile(f, work string) bool {
	if work != "" && within(f, work) {
		return true
	}
	return generatedRe.MatchString(filepath.Base(f))
}

// coverFile reports whether f is a copy of a user file made by the cover
// tool (-cover): user code plus counter updates, with //line directives to
// the original. It is rewritten; its counters are left alone (see
// coverGroups).
func coverFile(f string) bool {
	base := filepath.Base(f)
	return strings.HasSuffix(base, ".cover.go") && base != "_testmain.cover.go"
}

// WorkDir returns the build's work directory ($WORK) from an output path
// of the form $WORK/bNNN/file, or the output's directory otherwise.
func WorkDir(out string) string {
	if out == "" {
		return ""
	}
	dir := filepath.Dir(out)
	base := filepath.Base(dir)
	if base == "exe" { // link output: $WORK/bNNN/exe/a.out
		dir = filepath.Dir(dir)
		base = filepath.Base(dir)
	}
	if actionDirRe.MatchString(base) {
		return filepath.Dir(dir)
	}
	return dir
}

var actionDirRe = regexp.MustCompile(`^b[0-9]+$`)
