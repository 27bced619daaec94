package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"

	"github.com/vtbound/vtbound/toolexec"
)

// versionCmd prints the module version, the Go version and the build hash
// that vtbound adds to the tools' -V=full answers under the current
// build-time settings:
//
//	vtbound v0.3.0 go1.26.8 linux/amd64 buildhash=...
//
// A binary built from a checkout shows the go command's version for it,
// e.g. a pseudo-version, or (devel).
func versionCmd(args []string) int {
	if len(args) > 0 {
		fmt.Fprintln(os.Stderr, "vtbound: version takes no arguments")
		return 2
	}
	v := moduleVersion()
	env, err := toolexec.NewEnv(nil)
	if err != nil {
		fmt.Fprintf(os.Stderr, "vtbound: %v\n", err)
		return 2
	}
	h, err := toolexec.BuildHash(env.Self, env.Settings())
	if err != nil {
		fmt.Fprintf(os.Stderr, "vtbound: %v\n", err)
		return 1
	}
	fmt.Printf("vtbound %s %s %s/%s buildhash=%s\n", v, runtime.Version(), runtime.GOOS, runtime.GOARCH, h)
	return 0
}

// moduleVersion is vtbound's module version as the go command recorded it
// in the binary, or (devel).
func moduleVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}
