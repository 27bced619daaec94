// Command vtexperiments prints the reproductions of variable-thread-
// bounding.txt's Fig. 6 and Table 4 from one run, measured on the strategy
// package's program simulator.
//
//	go run ./rt/internal/strategy/cmd/vtexperiments [-seeds 10] [-cap 20000]
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/vtbound/vtbound/rt/internal/strategy/internal/experiments"
)

func main() {
	seeds := flag.Int("seeds", 10, "seeds (independent searches) averaged per cell")
	limit := flag.Int("cap", 20000, "executions per search before giving up")
	flag.Parse()
	if *seeds < 1 || *limit < 1 {
		fmt.Fprintln(os.Stderr, "vtexperiments: -seeds and -cap must be positive")
		os.Exit(2)
	}
	fmt.Print(experiments.Tables(*seeds, *limit))
}
