package toolexec

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"

	"github.com/vtbound/vtbound/toolexec/rewrite"
)

// NestedEnv is set in the environment of the go command vtbound runs to
// build rt; a tool invocation that sees it passes everything through.
const NestedEnv = "VTBOUND_NESTED"

// DebugEnv, when set to 1, makes vtbound explain its decisions on stderr.
const DebugEnv = "VTBOUND_DEBUG"

// VerboseEnv, when set to a value other than 0, makes every instrumented
// compile print its count of instrumented and all memory-access sites.
const VerboseEnv = "VTBOUND_VERBOSE"

// AliasEnv set to "off" instruments every candidate access instead of only
// those the alias analysis finds shared.
const AliasEnv = "VTBOUND_ALIAS"

// Env is what one tool invocation knows about its build. It is read once
// from the process environment by NewEnv and plumbed explicitly.
type Env struct {
	Locations
	// ImportPath is TOOLEXEC_IMPORTPATH, set by the go command.
	ImportPath string
	// Dir is the working directory: the package's directory.
	Dir string
	// GOARCH and GOFLAGS are the build's settings.
	GOARCH, GOFLAGS string
	// Scope selects the packages to instrument.
	Scope *Scope
	// Nested is set inside vtbound's own nested build of rt.
	Nested bool
	// Debug enables explanations on Stderr.
	Debug bool
	// Verbose prints per-package instrumentation counts on Stderr.
	Verbose bool
	// NoAlias disables the shared-access filter of the alias analysis.
	NoAlias bool
	// RTSource is the rt source tree: a file system whose "rt" directory
	// holds package rt and its internal packages.
	RTSource fs.FS
	// Self is the path of the vtbound binary, hashed into -V=full.
	Self string
	// Stdin, Stdout and Stderr are the streams tools inherit.
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// Rewrite rewrites one package (rewrite.Package).
	Rewrite func(*rewrite.Input) (*rewrite.Output, error)
	// ParentArgs returns the arguments of the parent go command after its
	// subcommand; nil means "unknown".
	ParentArgs func() ([]string, bool)
	// Announce prints a progress line for the user (AnnounceToTerminal);
	// nil prints nothing.
	Announce func(line string)
}

// NewEnv reads the environment of the current process.
func NewEnv(rtSource fs.FS) (*Env, error) {
	scope, err := ParseScope(os.Getenv(ScopeEnv))
	if err != nil {
		return nil, err
	}
	if err := scope.SetDeps(os.Getenv(DepsEnv)); err != nil {
		return nil, err
	}
	dir, _ := os.Getwd()
	self, _ := os.Executable()
	env := &Env{
		Locations:  Locations{GOROOT: goroot(), GOMODCACHE: gomodcache()},
		ImportPath: os.Getenv("TOOLEXEC_IMPORTPATH"),
		Dir:        dir,
		GOARCH:     getenvOr("GOARCH", runtime.GOARCH),
		GOFLAGS:    os.Getenv("GOFLAGS"),
		Scope:      scope,
		Nested:     os.Getenv(NestedEnv) != "",
		Debug:      os.Getenv(DebugEnv) == "1",
		Verbose:    os.Getenv(VerboseEnv) != "" && os.Getenv(VerboseEnv) != "0",
		NoAlias:    os.Getenv(AliasEnv) == "off",
		RTSource:   rtSource,
		Self:       self,
		Stdin:      os.Stdin,
		Stdout:     os.Stdout,
		Stderr:     os.Stderr,
		Rewrite:    rewrite.Package,
		ParentArgs: parentGoArgs,
		Announce:   AnnounceToTerminal,
	}
	return env, nil
}

func getenvOr(key, def string) string {
	if v := os.Getenv(key); v != "" {
		return v
	}
	return def
}

// goroot returns the GOROOT the go command passed to the tool (it always
// sets it); empty when unknown, and then only -std marks the standard
// library.
func goroot() string {
	return os.Getenv("GOROOT")
}

// gomodcache returns the module cache directory of the build.
func gomodcache() string {
	if v := os.Getenv("GOMODCACHE"); v != "" {
		return v
	}
	gopath := os.Getenv("GOPATH")
	if gopath == "" {
		home, _ := os.UserHomeDir()
		gopath = filepath.Join(home, "go")
	}
	return filepath.Join(filepath.SplitList(gopath)[0], "pkg", "mod")
}

// goCommand returns the path of the go command matching the build's GOROOT.
func (env *Env) goCommand() string {
	exe := "go"
	if runtime.GOOS == "windows" {
		exe += ".exe"
	}
	p := filepath.Join(env.GOROOT, "bin", exe)
	if _, err := os.Stat(p); err == nil {
		return p
	}
	return "go"
}
