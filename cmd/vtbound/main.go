// Command vtbound finds concurrency bugs in Go tests by controlling
// goroutine scheduling.
//
// Usage:
//
//	go test -toolexec=vtbound ./...            instrument and explore tests
//	go vet -vettool=$(which vtbound) ./...     static shared-variable report
//	vtbound report [packages]                  shared-variable report
//	vtbound version                            print version and build hash
//	vtbound help                               print this help
//
// The mode is chosen from the arguments: a tool path as the first argument
// means toolexec mode (the go command runs `vtbound <tool> <args>`), a flag or
// a *.cfg file means vettool mode (the unitchecker protocol of `go vet`), and
// a known word selects a subcommand.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/vtbound/vtbound/analyzers/report"
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
)

// subcommands maps a subcommand name to its implementation.
var subcommands = map[string]func(args []string) int{
	"version": versionCmd,
	"report":  report.Main,
	"help":    func([]string) int { usage(os.Stdout); return 0 },
}

// modeOf classifies the command line (without the program name).
func modeOf(args []string) Mode {
	switch {
	case len(args) == 0:
		return ModeHelp
	case subcommands[args[0]] != nil:
		return ModeSubcommand
	case strings.HasPrefix(args[0], "-") || strings.HasSuffix(args[0], ".cfg"):
		return ModeVettool
	}
	return ModeToolexec
}

// dispatch runs the mode selected by args and returns the exit code.
func dispatch(args []string) int {
	switch modeOf(args) {
	case ModeSubcommand:
		return subcommands[args[0]](args[1:])
	case ModeVettool:
		return vettool()
	case ModeToolexec:
		return toolexecMode(args)
	}
	usage(os.Stderr)
	return 2
}

// usage prints the command's help text.
func usage(w io.Writer) {
	fmt.Fprint(w, `vtbound finds concurrency bugs in Go tests by controlling goroutine scheduling.

Usage:
	go test -toolexec=vtbound [build and test flags] [packages]
	go vet -vettool=$(which vtbound) [packages]
	vtbound report [flags] [packages]
	vtbound version
	vtbound help

Build-time settings (enter the build cache key):
	VTBOUND_SCOPE   comma-separated import path patterns to instrument
	                ("..." wildcard, "-pattern" excludes, "default" = the
	                packages of the main module(s)); default: main module(s)
	VTBOUND_DEBUG=1 explain which packages are instrumented and why not
`)
}
