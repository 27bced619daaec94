package main

import (
	"fmt"
	"os"
	"runtime"
	"runtime/debug"

	"github.com/vtbound/vtbound/toolexec"
)

// versionCmd prints the module version, the Go version and the build hash
// that vtbound adds to the tools' -V=full answers.
func versionCmd(args []string) int {
	v := "(devel)"
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		v = bi.Main.Version
	}
	self, _ := os.Executable()
	scope, err := toolexec.ParseScope(os.Getenv(toolexec.ScopeEnv))
	if err != nil {
		fmt.Fprintf(os.Stderr, "vtbound: %v\n", err)
		return 2
	}
	h, err := toolexec.BuildHash(self, toolexec.BuildSettings{Scope: scope.Raw, Debug: os.Getenv(toolexec.DebugEnv) == "1"})
	if err != nil {
		fmt.Fprintf(os.Stderr, "vtbound: %v\n", err)
		return 1
	}
	fmt.Printf("vtbound %s %s %s/%s buildhash=%s\n", v, runtime.Version(), runtime.GOOS, runtime.GOARCH, h)
	return 0
}
