package cmdline

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Build flags of the go command that change how rt and its standard library
// dependencies compile, and so must match between the user's build and the
// nested build of rt (otherwise the linker sees two different copies).
var (
	relevantBoolFlags  = setOf("race", "msan", "asan", "trimpath")
	relevantValueFlags = setOf("tags", "gcflags", "asmflags", "buildmode")
)

// goSubcommands are the go subcommands whose builds run -toolexec.
var goSubcommands = setOf("build", "test", "install", "run", "list", "vet", "get")

// RelevantFlags returns the flags of a go command line (or of GOFLAGS) that
// change how rt and its dependencies compile, each as one "-name[=value]"
// argument. Other flags, package patterns and test binary flags are dropped.
func RelevantFlags(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || a == "-args" || a == "--args" {
			break
		}
		if !strings.HasPrefix(a, "-") {
			continue
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		switch {
		case relevantBoolFlags[name]:
			out = append(out, a)
		case relevantValueFlags[name] && hasVal:
			out = append(out, "-"+name+"="+val)
		case relevantValueFlags[name] && i+1 < len(args):
			out = append(out, "-"+name+"="+args[i+1])
			i++
		}
	}
	return out
}

// ParentGoArgs returns the arguments of the go command that started this
// tool invocation, read from /proc on systems that have it. ok is false when
// the parent is not a go build command or cannot be read.
func ParentGoArgs() (args []string, ok bool) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", os.Getppid()))
	if err != nil {
		return nil, false
	}
	return goBuildArgs(strings.Split(string(bytes.TrimRight(data, "\x00")), "\x00"))
}

// goBuildArgs returns the arguments after the subcommand of a go command
// line that builds (go build, go test, ...); ok is false for anything else.
func goBuildArgs(argv []string) (args []string, ok bool) {
	if len(argv) < 2 || !strings.HasPrefix(filepath.Base(argv[0]), "go") {
		return nil, false
	}
	for i := 1; i < len(argv); i++ {
		if goSubcommands[argv[i]] {
			return argv[i+1:], true
		}
		if !strings.HasPrefix(argv[i], "-") {
			return nil, false
		}
	}
	return nil, false
}

// HintFlags derives the relevant go flags from a tool command line when
// the parent go command cannot be inspected: the sanitizers show on
// compile (-race, -msan, -asan) and link (-installsuffix) command lines.
func HintFlags(cmd *Command) []string {
	var out []string
	suffix, _ := cmd.Flag("installsuffix")
	for _, s := range []string{"race", "msan", "asan"} {
		if cmd.Bool(s) || strings.Contains(suffix, s) {
			out = append(out, "-"+s)
		}
	}
	return out
}
