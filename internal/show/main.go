package show

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/vtbound/vtbound/rt/schedule"
)

// Main implements `vtbound show [-full] [-html] FILE`: it prints the
// readable interleaving of a saved schedule, or draws it as HTML lanes,
// without running anything. It returns the exit status.
func Main(args []string) int {
	return Run(os.Stdout, os.Stderr, args)
}

// Run is Main with its output streams.
func Run(stdout, stderr io.Writer, args []string) int {
	fs := flag.NewFlagSet("show", flag.ContinueOnError)
	fs.SetOutput(stderr)
	full := fs.Bool("full", false, "print (or draw) every step, not only the steps that matter")
	asHTML := fs.Bool("html", false, "write a self-contained HTML page with one lane per goroutine")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: vtbound show [-full] [-html] FILE")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	s, err := schedule.ReadFile(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "vtbound: show: %v\n", err)
		return 2
	}
	w := bufio.NewWriter(stdout)
	if *asHTML {
		err = WriteHTML(w, FromSchedule(s, *full))
	} else {
		err = Text(w, s, *full)
	}
	if err == nil {
		err = w.Flush()
	}
	if err != nil {
		fmt.Fprintf(stderr, "vtbound: show: %v\n", err)
		return 1
	}
	return 0
}
