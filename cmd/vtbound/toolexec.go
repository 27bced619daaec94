package main

import (
	"fmt"
	"os"

	"github.com/vtbound/vtbound"
	"github.com/vtbound/vtbound/toolexec"
)

// toolexecMode runs one tool invocation for the go command.
func toolexecMode(args []string) int {
	env, err := toolexec.NewEnv(vtbound.RTSource())
	if err != nil {
		fmt.Fprintf(os.Stderr, "vtbound: %v\n", err)
		return 2
	}
	return toolexec.Main(args, env)
}
