// Package toolexec is vtbound's compile wrapper: the go command runs it as
// `-toolexec` in front of every tool (compile, link, asm, cgo, vet, ...).
//
// Compile invocations of packages in scope are type-checked from the
// build's export data, rewritten by package toolexec/rewrite so that their
// visible operations go through package rt, and compiled from the rewritten
// files; rt (embedded in the vtbound binary) is compiled once per build and
// added to the import configurations of the rewritten packages and of the
// link. Everything else passes through unchanged: same arguments, streams
// and exit code. `-V=full` is answered with the real tool's answer plus a
// hash of the vtbound binary and of the build-relevant settings (and, when
// the main module requires vtbound, of the module's own rt, which the build
// then links), so plain and instrumented builds never share build cache
// entries, nor builds against different copies of rt.
//
// vtbound never breaks a build that works without it: a package that does
// not type-check is handed to the compiler unchanged (which reports the
// errors), and a package that cannot be rewritten is compiled unchanged with
// one warning line on stderr.
//
// The layers below this package: toolexec/cmdline models the command
// lines, toolexec/scope decides what is rewritten, toolexec/importcfg edits
// the import configurations, toolexec/rtbuild compiles rt, and
// toolexec/rewrite rewrites a package's files. This package plans each
// invocation, type-checks, calls the rewrite and runs the real tool.
package toolexec

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"time"

	"github.com/vtbound/vtbound/toolexec/cmdline"
	"github.com/vtbound/vtbound/toolexec/rtbuild"
)

// Main runs one tool invocation: args[0] is the tool, the rest its
// arguments. It returns the process exit code.
func Main(args []string, env *Env) int {
	if len(args) == 0 {
		fmt.Fprintln(env.Stderr, "vtbound: toolexec: no tool to run")
		return 2
	}
	if len(args) == 2 && args[1] == "-V=full" {
		return version(args, env)
	}
	if env.Nested {
		return run(args, env)
	}
	switch cmdline.ToolName(args[0]) {
	case "compile":
		return compile(args, env)
	case "link":
		return link(args, env)
	}
	return run(args, env)
}

// compile runs a compile invocation, instrumenting the package when the
// skip rules and the scope allow it.
func compile(args []string, env *Env) int {
	cmd, err := cmdline.ParseCompile(args)
	if err != nil {
		env.debugf("compile: %v", err)
		return run(args, env)
	}
	prog := startProgress(cmd, env)
	defer prog.end()
	p, err := planCompile(cmd, env)
	if err != nil {
		env.debugf("compile %s: %v", env.ImportPath, err)
		return run(args, env)
	}
	p.progress = prog
	start := time.Now()
	argv, err := instrument(p, env)
	env.debugf("compile %s: instrumentation took %v", p.name, time.Since(start).Round(time.Millisecond))
	var typeErr *errTypes
	switch {
	case err == nil:
		return compileRewritten(argv, args, p, env)
	case errors.Is(err, errUnchanged):
		env.debugf("compile %s: %v", p.name, err)
		return run(args, env)
	case errors.As(err, &typeErr):
		code := run(args, env)
		if code == 0 { // go/types disagrees with the compiler: say so
			env.warnf(p.name, err)
		}
		return code
	}
	env.warnf(p.name, err)
	return run(args, env)
}

// compileRewritten runs the compiler on the rewritten files. Should that
// fail, the rewriter produced code the compiler rejects: its output is
// dropped, one warning names the package, and the original files are
// compiled instead, so vtbound never breaks a build.
func compileRewritten(argv, orig []string, p *compilePlan, env *Env) int {
	var stdout, stderr bytes.Buffer
	c := exec.Command(argv[0], argv[1:]...)
	c.Stdin, c.Stdout, c.Stderr = env.Stdin, &stdout, &stderr
	start := time.Now()
	err := c.Run()
	env.debugf("compile %s: the compiler took %v on the rewritten files", p.name, time.Since(start).Round(time.Millisecond))
	if err != nil {
		msg := strings.TrimSpace(stdout.String() + "\n" + stderr.String())
		first, _, _ := strings.Cut(msg, "\n")
		env.warnf(p.name, fmt.Errorf("rewritten package does not compile (%v: %s)", err, first))
		return run(orig, env)
	}
	env.debugf("compile %s: instrumented", p.name)
	env.Stdout.Write(stdout.Bytes())
	env.Stderr.Write(stderr.Bytes())
	return 0
}

// link runs a link invocation, adding rt to its importcfg when a linked
// package was compiled against it.
func link(args []string, env *Env) int {
	cmd, err := cmdline.ParseLink(args)
	if err != nil {
		env.debugf("link: %v", err)
		return run(args, env)
	}
	argv, err := planLink(cmd, env)
	if err != nil {
		if !errors.Is(err, errSkip) {
			fmt.Fprintf(env.Stderr, "vtbound: warning: link %s: %s\n", env.ImportPath, oneLine(err.Error()))
		}
		env.debugf("link %s: %v", env.ImportPath, err)
		return run(args, env)
	}
	return run(argv, env)
}

// version answers `<tool> -V=full` with the real answer and vtbound's hash.
func version(args []string, env *Env) int {
	if env.Nested {
		return run(args, env)
	}
	var out bytes.Buffer
	c := exec.Command(args[0], args[1:]...)
	c.Stdout, c.Stderr = &out, env.Stderr
	if err := c.Run(); err != nil {
		env.Stdout.Write(out.Bytes())
		return exitCode(err, env)
	}
	h, err := BuildHash(env.Self, env.Settings())
	if err != nil {
		fmt.Fprintf(env.Stderr, "vtbound: %v\n", err)
		return 1
	}
	if id := rtbuild.Identity(env.goCommand(), buildDir(env)); id != "" {
		// The build links the module's own rt: its archives must not be
		// shared with builds against another rt (fingerprint mismatch).
		sum := sha256.Sum256([]byte(id))
		h += "-rt" + base64.RawURLEncoding.EncodeToString(sum[:9])
	}
	fmt.Fprint(env.Stdout, VersionAnswer(out.String(), h))
	return 0
}

// Settings returns the build-relevant settings of env.
func (env *Env) Settings() BuildSettings {
	return BuildSettings{Scope: env.Scope.Raw, Debug: env.Debug, Verbose: env.Verbose, NoAlias: env.NoAlias}
}

// run executes a tool with the inherited streams and returns its exit code.
func run(argv []string, env *Env) int {
	c := exec.Command(argv[0], argv[1:]...)
	c.Stdin, c.Stdout, c.Stderr = env.Stdin, env.Stdout, env.Stderr
	return exitCode(c.Run(), env)
}

// exitCode maps the result of running a tool to vtbound's exit code.
func exitCode(err error, env *Env) int {
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ee) && ee.ExitCode() >= 0:
		return ee.ExitCode()
	}
	fmt.Fprintf(env.Stderr, "vtbound: %v\n", err)
	return 1
}

// warnf prints the single warning line for a package compiled unchanged.
func (env *Env) warnf(pkg string, err error) {
	fmt.Fprintf(env.Stderr, "vtbound: warning: %s: %s; compiled unchanged\n", pkg, oneLine(err.Error()))
}

// debugf explains a decision when VTBOUND_DEBUG=1.
func (env *Env) debugf(format string, args ...any) {
	if env.Debug {
		fmt.Fprintf(env.Stderr, "vtbound: debug: "+format+"\n", args...)
	}
}
