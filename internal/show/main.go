package show

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"golang.org/x/term"

	"github.com/vtbound/vtbound/rt/schedule"
)

// Main implements `vtbound show [-full] [-html] [-o FILE] FILE`: it
// prints the readable interleaving of a saved schedule, or draws it as
// HTML lanes, without running anything. It returns the exit status.
func Main(args []string) int {
	return Run(os.Stdout, os.Stderr, args)
}

// options are the flags of `vtbound show`.
type options struct {
	full, html bool
	out        string
}

// Flags returns the flags of `vtbound show`, for help to list.
func Flags() *flag.FlagSet {
	fs, _ := newFlags(io.Discard)
	return fs
}

// newFlags defines the flags of `vtbound show`, reporting to stderr.
func newFlags(stderr io.Writer) (*flag.FlagSet, *options) {
	o := &options{}
	fs := flag.NewFlagSet("show", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.BoolVar(&o.full, "full", false, "print (or draw) every step, not only the steps that matter")
	fs.BoolVar(&o.html, "html", false, "write a self-contained HTML page with one lane per goroutine (to -o, or a pipe)")
	fs.StringVar(&o.out, "o", "", "write to `FILE` instead of standard output")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: vtbound show [-full] [-html] [-o FILE] FILE")
		fs.PrintDefaults()
	}
	return fs, o
}

// errHTMLToTerminal refuses to write a page of HTML to a terminal.
var errHTMLToTerminal = errors.New("-html writes a page of HTML: name a file with -o FILE (then open it in a browser), or redirect standard output")

// Run is Main with its output streams. stdout counts as a terminal when
// it is an *os.File that is one.
func Run(stdout, stderr io.Writer, args []string) int {
	fs, o := newFlags(stderr)
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return 2
	}
	if o.html && o.out == "" && isTerminal(stdout) {
		fmt.Fprintf(stderr, "vtbound: show: %v\n", errHTMLToTerminal)
		return 2
	}
	s, err := schedule.ReadFile(fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "vtbound: show: %v\n", err)
		return 2
	}
	if err := write(stdout, s, o); err != nil {
		fmt.Fprintf(stderr, "vtbound: show: %v\n", err)
		return 1
	}
	return 0
}

// write renders s as o asks, to o.out or else to stdout.
func write(stdout io.Writer, s *schedule.Schedule, o *options) (err error) {
	if o.out != "" {
		f, err := os.Create(o.out)
		if err != nil {
			return err
		}
		defer func() { err = errors.Join(err, f.Close()) }()
		stdout = f
	}
	w := bufio.NewWriter(stdout)
	if o.html {
		err = WriteHTML(w, FromSchedule(s, o.full))
	} else {
		err = Text(w, s, o.full)
	}
	return errors.Join(err, w.Flush())
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
