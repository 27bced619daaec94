package toolexec

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/vtbound/vtbound/toolexec/cmdline"
	"github.com/vtbound/vtbound/toolexec/rewrite"
	"github.com/vtbound/vtbound/toolexec/rtbuild"
	"github.com/vtbound/vtbound/toolexec/scope"
)

// DebugEnv, when set to 1, makes vtbound explain its decisions on stderr.
const DebugEnv = "VTBOUND_DEBUG"

// VerboseEnv, when set to a value other than 0, makes every instrumented
// compile print its count of instrumented and all memory-access sites.
// It is not VTBOUND_VERBOSE, the test binaries' setting: a build-time
// setting enters the build hash, and sharing a name would rebuild every
// package whenever the run-time one is set.
const VerboseEnv = "VTBOUND_BUILD_VERBOSE"

// AliasEnv set to "off" instruments every candidate access instead of only
// those the alias analysis finds shared.
const AliasEnv = "VTBOUND_ALIAS"

// Env is what one tool invocation knows about its build. It is read once
// from the process environment by NewEnv and plumbed explicitly.
type Env struct {
	scope.Locations
	// ImportPath is TOOLEXEC_IMPORTPATH, set by the go command.
	ImportPath string
	// Dir is the working directory: the package's directory.
	Dir string
	// GOARCH and GOFLAGS are the build's settings.
	GOARCH, GOFLAGS string
	// Scope selects the packages to instrument.
	Scope *scope.Scope
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
	sc, err := scope.Parse(os.Getenv(scope.Env))
	if err != nil {
		return nil, err
	}
	if err := sc.SetDeps(os.Getenv(scope.DepsEnv)); err != nil {
		return nil, err
	}
	dir, _ := os.Getwd()
	self, _ := os.Executable()
	env := &Env{
		Locations:  scope.Locations{GOROOT: goroot(), GOMODCACHE: gomodcache()},
		ImportPath: os.Getenv("TOOLEXEC_IMPORTPATH"),
		Dir:        dir,
		GOARCH:     getenvOr("GOARCH", runtime.GOARCH),
		GOFLAGS:    os.Getenv("GOFLAGS"),
		Scope:      sc,
		Nested:     os.Getenv(rtbuild.NestedEnv) != "",
		Debug:      os.Getenv(DebugEnv) == "1",
		Verbose:    os.Getenv(VerboseEnv) != "" && os.Getenv(VerboseEnv) != "0",
		NoAlias:    os.Getenv(AliasEnv) == "off",
		RTSource:   rtSource,
		Self:       self,
		Stdin:      os.Stdin,
		Stdout:     os.Stdout,
		Stderr:     os.Stderr,
		Rewrite:    rewrite.Package,
		ParentArgs: cmdline.ParentGoArgs,
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

// buildFlags returns the relevant flags of the current build: those of
// GOFLAGS followed by those of the parent go command line, or hints from
// the tool command line when the parent is unknown.
func buildFlags(env *Env, cmd *cmdline.Command) []string {
	flags := cmdline.RelevantFlags(strings.Fields(env.GOFLAGS))
	if args, ok := env.ParentArgs(); ok {
		return append(flags, cmdline.RelevantFlags(args)...)
	}
	return append(flags, cmdline.HintFlags(cmd)...)
}

// buildDir returns the directory whose module context decides which rt a
// build links: the working directory of the go command running the tool
// (the user's main module or workspace), or the tool's own working
// directory when the parent is not a go command that builds or /proc is
// not available.
func buildDir(env *Env) string {
	if _, ok := env.ParentArgs(); ok {
		if dir, err := os.Readlink(fmt.Sprintf("/proc/%d/cwd", os.Getppid())); err == nil {
			return dir
		}
	}
	return env.Dir
}

// rtConfig describes the build to package rtbuild.
func rtConfig(env *Env, cmd *cmdline.Command) rtbuild.Config {
	return rtbuild.Config{Go: env.goCommand(), Source: env.RTSource, Dir: buildDir(env), Flags: buildFlags(env, cmd)}
}
