// Command vtbound finds concurrency bugs in Go tests by controlling
// goroutine scheduling.
//
// Usage:
//
//	go test -toolexec=vtbound ./...            instrument and explore tests
//	go vet -vettool=$(which vtbound) ./...     static shared-variable report
//	vtbound report [packages]                  shared-variable report
//	vtbound lsp                                language server over stdio
//	vtbound prune [-n] [packages]              remove saved schedules that no longer fail or apply
//	vtbound debug [-step N] FILE               replay a schedule under Delve, stopped at step N
//	vtbound version                            print version and build hash
//	vtbound help [SETTING|COMMAND]             print help, or explain one setting
//
// The mode is chosen from the arguments: a known word selects a subcommand;
// -h, -help and --help print the help; another flag or a *.cfg file means
// vettool mode (the unitchecker protocol of `go vet`); a tool path, or the
// name of an executable on PATH (a C compiler), as the first argument means
// toolexec mode (the go command runs `vtbound <tool> <args>`). Any other
// word is an unknown command (exit status 2).
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/vtbound/vtbound/analyzers/report"
	"github.com/vtbound/vtbound/internal/debugger"
	"github.com/vtbound/vtbound/internal/lsp"
	"github.com/vtbound/vtbound/internal/prune"
	"github.com/vtbound/vtbound/internal/replay"
	"github.com/vtbound/vtbound/internal/show"
	sweep "github.com/vtbound/vtbound/internal/sweep/cli"
)

func main() {
	os.Exit(dispatch(os.Args[1:]))
}

// Mode is how vtbound was invoked.
type Mode int

// The modes of the vtbound command.
const (
	ModeHelp Mode = iota
	ModeSubcommand
	ModeVettool
	ModeToolexec
	ModeUnknown
)

// subcommand is one subcommand of vtbound.
type subcommand struct {
	name, args, summary string
	run                 func(args []string) int
	// flags returns the command's flag set, for help to list (nil: none).
	flags func() *flag.FlagSet
}

// commands returns vtbound's subcommands in the order help lists them.
func commands() []subcommand {
	return []subcommand{
		{"report", "[-format=text|json|sarif] [-inventory] [packages]", "static shared-variable report, without go vet", report.Main, report.Flags},
		{"show", "[-full] [-html] [-o FILE] FILE", "print a saved schedule's interleaving, or draw it as HTML lanes, without running", show.Main, show.Flags},
		{"sweep", "[flags] [packages] | merge a.db b.db -o all.db | report", "nightly sweep: explore every test under a budget, record results and bugs in .vtbound/sweep.db", sweep.Main, sweep.Flags},
		{"replay", "FILE", "replay a saved schedule file with go test -toolexec=vtbound", replay.Main, nil},
		{"prune", "[-n] [packages]", "replay the saved schedules and remove those that no longer fail or no longer apply", prune.Main, func() *flag.FlagSet { return prune.FlagSet(io.Discard) }},
		{"debug", "[-step N] [-dlv PATH] FILE", "replay a saved schedule under Delve, stopped before step N (default: the first conflicting access)", debugger.Main, debugger.Flags},
		{"lsp", "", "language server over stdio: the vet suite's diagnostics in editors (docs/editors.md)", lspCmd, nil},
		{"version", "", "print vtbound's module version, the Go version and the build hash", versionCmd, nil},
		{"help", "[SETTING|COMMAND]", "print this help, or explain one setting or command (with its flags)", helpCmd, nil},
	}
}

// lookupCommand returns the subcommand called name.
func lookupCommand(name string) (subcommand, bool) {
	for _, c := range commands() {
		if c.name == name {
			return c, true
		}
	}
	return subcommand{}, false
}

// modeOf classifies the command line (without the program name). isTool
// reports whether a word that is no subcommand names an executable.
func modeOf(args []string, isTool func(string) bool) Mode {
	if len(args) == 0 {
		return ModeHelp
	}
	a := args[0]
	if _, ok := lookupCommand(a); ok {
		return ModeSubcommand
	}
	switch {
	case a == "-h" || a == "-help" || a == "--help":
		return ModeHelp
	case strings.HasPrefix(a, "-") || strings.HasSuffix(a, ".cfg"):
		return ModeVettool // go vet runs `vtbound -flags`, `-V=full`, `x/vet.cfg`
	case strings.ContainsRune(a, filepath.Separator) || strings.ContainsRune(a, '/') || isTool(a):
		return ModeToolexec // the go command passes tool paths, or a C compiler's name
	}
	return ModeUnknown
}

// onPath reports whether name is an executable found on PATH.
func onPath(name string) bool {
	_, err := exec.LookPath(name)
	return err == nil
}

// dispatch runs the mode selected by args and returns the exit code.
func dispatch(args []string) int {
	switch modeOf(args, onPath) {
	case ModeSubcommand:
		c, _ := lookupCommand(args[0])
		return c.run(args[1:])
	case ModeVettool:
		return vettool()
	case ModeToolexec:
		return toolexecMode(args)
	case ModeUnknown:
		fmt.Fprintf(os.Stderr, "vtbound: unknown command %q; the commands are %s (run 'vtbound help')\n", args[0], strings.Join(commandNames(), ", "))
		return 2
	}
	if len(args) == 0 {
		usage(os.Stderr)
		return 2
	}
	usage(os.Stdout) // -h, --help
	return 0
}

// commandNames lists the names of the subcommands.
func commandNames() []string {
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	return names
}

// lspCmd runs `vtbound lsp`, announcing this binary's module version.
func lspCmd(args []string) int { return lsp.Main(args, moduleVersion()) }
