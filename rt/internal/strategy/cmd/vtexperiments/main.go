// Command vtexperiments prints the reproductions of variable-thread-
// bounding.txt's Fig. 6 and Table 4 from one run, measured on the strategy
// package's program simulator (sim), on vtbound's real scheduling engine
// (real), or on both, each table labelled with its backend.
//
//	go run ./rt/internal/strategy/cmd/vtexperiments [-engine both] [-fig6-seeds 100] [-seeds 10] [-cap 10000]
//
// Fig. 6 is cheap and PCT's executions to a bug vary about as much as
// their mean, so it averages more seeds than Table 4 by default.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/vtbound/vtbound/rt/internal/strategy/internal/experiments"
)

func main() {
	engine := flag.String("engine", "both", "backend to measure on: sim, real or both")
	fig6Seeds := flag.Int("fig6-seeds", 100, "seeds averaged per cell of Fig. 6")
	seeds := flag.Int("seeds", 10, "seeds (independent searches) averaged per cell of Table 4")
	limit := flag.Int("cap", 10000, "executions per search before giving up")
	flag.Parse()
	backends, err := parse(*engine, *seeds, *limit)
	if err == nil && *fig6Seeds < 1 {
		err = fmt.Errorf("-fig6-seeds=%d: must be positive", *fig6Seeds)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "vtexperiments:", err)
		os.Exit(2)
	}
	for i, b := range backends {
		if i > 0 {
			fmt.Println()
		}
		fmt.Print(experiments.Tables(b, *fig6Seeds, *seeds, *limit))
	}
}

// parse validates the flags and returns the chosen backends.
func parse(engine string, seeds, limit int) ([]experiments.Backend, error) {
	if seeds < 1 {
		return nil, fmt.Errorf("-seeds=%d: must be positive", seeds)
	}
	if limit < 1 {
		return nil, fmt.Errorf("-cap=%d: must be positive", limit)
	}
	switch engine {
	case "sim":
		return []experiments.Backend{experiments.Sim()}, nil
	case "real":
		return []experiments.Backend{experiments.Real()}, nil
	case "both":
		return []experiments.Backend{experiments.Sim(), experiments.Real()}, nil
	}
	return nil, fmt.Errorf("-engine=%q: unknown backend (accepted: sim, real, both)", engine)
}
