// Package cli implements the command line of `vtbound sweep`: the sweep
// itself (flags into a sweep.Config), `vtbound sweep merge` and `vtbound
// sweep report`. The sweep's work is package sweep's; this package only
// reads flags and reports their errors by name.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"regexp"
	"runtime"
	"strings"
	"time"

	"github.com/vtbound/vtbound/internal/sweep"
	"github.com/vtbound/vtbound/internal/sweep/budget"
	"github.com/vtbound/vtbound/internal/sweep/db"
	"github.com/vtbound/vtbound/internal/sweepreport"
)

// Main runs `vtbound sweep`, `vtbound sweep merge` and `vtbound sweep
// report`, and returns the exit status.
func Main(args []string) int {
	if len(args) > 0 {
		switch args[0] {
		case "merge":
			return sweepMerge(args[1:], os.Stdout, os.Stderr)
		case "report":
			return sweepReport(args[1:], os.Stdout, os.Stderr)
		}
	}
	cfg, err := sweepConfig(args, os.Stdout, os.Stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "vtbound sweep: %v\n", err)
		return sweep.ExitError
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	return sweep.Run(ctx, cfg)
}

// Flags returns the flags of `vtbound sweep`, for help to list.
func Flags() *flag.FlagSet {
	return newSweepFlags(&sweep.Config{}).fs
}

// sweepFlags are the flags of `vtbound sweep` and where they go.
type sweepFlags struct {
	fs                                         *flag.FlagSet
	budget, timeout, interval                  time.Duration
	perTest, strategies, run, shard, alloc, bf string
	seed                                       int64
}

// newSweepFlags defines the flags on a flag set that reports errors to
// the caller only.
func newSweepFlags(cfg *sweep.Config) *sweepFlags {
	f := &sweepFlags{fs: flag.NewFlagSet("sweep", flag.ContinueOnError)}
	fs := f.fs
	fs.SetOutput(io.Discard)
	fs.IntVar(&cfg.Workers, "p", runtime.GOMAXPROCS(0), "test processes run in parallel")
	fs.DurationVar(&f.budget, "budget", 0, "total time, split across the tests by the allocation (0: -per-test each)")
	fs.StringVar(&f.perTest, "per-test", "10000,2s", "cap per test and seed, as VTBOUND_BUDGET: a count, a duration or both")
	fs.StringVar(&f.alloc, "alloc", "learned", "budget allocation: learned or equal")
	fs.StringVar(&f.strategies, "strategies", "portfolio", "comma-separated VTBOUND_STRATEGY values, each run in turn")
	fs.Int64Var(&f.seed, "seed", 0, "first seed (default: derived from the run ID, so shards agree and nights differ)")
	fs.IntVar(&cfg.Seeds, "seeds", 1, "seeds per test: seed, seed+1, ...")
	fs.StringVar(&f.run, "run", "", "run only the tests matching this regexp, as go test -run")
	fs.StringVar(&cfg.DB, "db", ".vtbound/sweep.db", "results database")
	fs.BoolVar(&cfg.JSON, "json", false, "stream JSON events on standard output")
	fs.StringVar(&f.shard, "shard", "0/1", "run shard i of n of the tests x seeds")
	fs.StringVar(&cfg.ID, "id", "", "run ID; shards of one sweep must share it (default: the start time)")
	fs.BoolVar(&cfg.Resume, "resume", false, "continue the last unfinished sweep (or -id's)")
	fs.DurationVar(&f.timeout, "timeout", 10*time.Minute, "kill a test process after this long")
	fs.DurationVar(&f.interval, "interval", 30*time.Second, "period of the progress line when not on a terminal")
	fs.StringVar(&f.bf, "buildflags", "", "space-separated flags for go test -c (-tags=x -race)")
	fs.StringVar(&cfg.Tool, "toolexec", "", "the vtbound binary go test -toolexec runs (default: this one)")
	fs.BoolVar(&cfg.Rebuild, "rebuild", false, "build every test binary, even when the cache (next to -db) has one with the same fingerprint")
	fs.BoolVar(&cfg.SplitDPOR, "split-dpor", false, "with -shard i/n and dpor among -strategies: every shard explores part i/n of every test's dpor search (VTBOUND_SHARD)")
	fs.BoolVar(&cfg.Coverage, "coverage", false, "measure HaPSet and SP coverage (VTBOUND_COVERAGE=1) and keep it per test in the database")
	return f
}

// sweepConfig parses the command line of `vtbound sweep`.
func sweepConfig(args []string, out, errOut io.Writer) (*sweep.Config, error) {
	cfg := &sweep.Config{Out: out, Err: errOut, Args: args}
	f := newSweepFlags(cfg)
	if err := f.fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			f.fs.SetOutput(out)
			fmt.Fprintln(out, "usage: vtbound sweep [flags] [packages]\n       vtbound sweep merge a.db b.db ... -o all.db\n       vtbound sweep report [-db F] [-html F] [-sarif F]")
			f.fs.PrintDefaults()
		}
		return nil, err
	}
	if err := f.apply(cfg); err != nil {
		return nil, err
	}
	cfg.Packages = f.fs.Args()
	if len(cfg.Packages) == 0 {
		cfg.Packages = []string{"./..."}
	}
	var err error
	if cfg.Dir, err = os.Getwd(); err != nil {
		return nil, err
	}
	if cfg.Tool == "" {
		cfg.Tool, err = os.Executable()
	}
	return cfg, err
}

// apply checks the flag values and stores them in cfg; errors name the
// flag and its value.
func (f *sweepFlags) apply(cfg *sweep.Config) error {
	var err error
	if cfg.PerTest, err = budget.ParseLimit(f.perTest); err != nil {
		return fmt.Errorf("-per-test=%s: %v", f.perTest, err)
	}
	if cfg.Alloc, err = budget.ParseMode(f.alloc); err != nil {
		return fmt.Errorf("-alloc=%s: %v", f.alloc, err)
	}
	if cfg.Shard, err = sweep.ParseShard(f.shard); err != nil {
		return fmt.Errorf("-shard=%s: %v", f.shard, err)
	}
	if f.run != "" {
		if cfg.Run, err = regexp.Compile(f.run); err != nil {
			return fmt.Errorf("-run=%s: %v", f.run, err)
		}
	}
	switch {
	case cfg.Workers < 1:
		return fmt.Errorf("-p=%d: want at least 1", cfg.Workers)
	case cfg.Seeds < 1:
		return fmt.Errorf("-seeds=%d: want at least 1", cfg.Seeds)
	case f.timeout <= 0:
		return fmt.Errorf("-timeout=%v: want a positive duration", f.timeout)
	case f.budget < 0:
		return fmt.Errorf("-budget=%v: want a positive duration", f.budget)
	}
	cfg.Budget, cfg.Timeout, cfg.Interval = f.budget, f.timeout, f.interval
	cfg.Strategies = strings.Split(f.strategies, ",")
	cfg.BuildFlags = strings.Fields(f.bf)
	f.fs.Visit(func(fl *flag.Flag) { cfg.SeedSet = cfg.SeedSet || fl.Name == "seed" })
	cfg.Seed = f.seed
	return nil
}

// sweepMerge runs `vtbound sweep merge a.db b.db ... -o all.db`: every
// input is opened (and checked) before the output is written.
func sweepMerge(args []string, out, errOut io.Writer) int {
	var inputs []string
	output := ""
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case (a == "-o" || a == "--o") && i+1 < len(args):
			output = args[i+1]
			i++
		case strings.HasPrefix(a, "-o="):
			output = strings.TrimPrefix(a, "-o=")
		case strings.HasPrefix(a, "-"):
			fmt.Fprintf(errOut, "vtbound sweep merge: unknown flag %s (usage: vtbound sweep merge a.db b.db ... -o all.db)\n", a)
			return sweep.ExitError
		default:
			inputs = append(inputs, a)
		}
	}
	if output == "" || len(inputs) == 0 {
		fmt.Fprintln(errOut, "vtbound sweep merge: want input databases and -o output (vtbound sweep merge a.db b.db ... -o all.db)")
		return sweep.ExitError
	}
	if err := mergeDBs(inputs, output); err != nil {
		fmt.Fprintf(errOut, "vtbound sweep merge: %v\n", err)
		return sweep.ExitError
	}
	fmt.Fprintf(out, "vtbound sweep merge: %d databases merged into %s\n", len(inputs), output)
	return 0
}

// mergeDBs opens every input, then merges them into output.
func mergeDBs(inputs []string, output string) error {
	var srcs []*db.DB
	defer func() {
		for _, s := range srcs {
			s.Close()
		}
	}()
	for _, in := range inputs {
		s, err := db.Open(in, false)
		if err != nil {
			return err
		}
		srcs = append(srcs, s)
	}
	dst, err := db.Open(output, true)
	if err != nil {
		return err
	}
	defer dst.Close()
	for i, s := range srcs {
		if err := dst.Merge(s); err != nil {
			return fmt.Errorf("merging %s: %v", inputs[i], err)
		}
	}
	return nil
}

// sweepReport runs `vtbound sweep report`: the database's bugs as text.
func sweepReport(args []string, out, errOut io.Writer) int {
	fs := flag.NewFlagSet("sweep report", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	path := fs.String("db", ".vtbound/sweep.db", "results database")
	html := fs.String("html", "", "write the self-contained HTML report to this file")
	sarif := fs.String("sarif", "", "write the bugs as SARIF 2.1.0 to this file")
	trends := fs.Int("trends", 30, "runs shown in the trends")
	if err := fs.Parse(args); err != nil {
		fmt.Fprintf(errOut, "vtbound sweep report: %v\n", err)
		return sweep.ExitError
	}
	d, err := db.Open(*path, false)
	if err != nil {
		fmt.Fprintf(errOut, "vtbound sweep report: %v\n", err)
		return sweep.ExitError
	}
	defer d.Close()
	if err := writeReports(d, out, *html, *sarif, *trends); err != nil {
		fmt.Fprintf(errOut, "vtbound sweep report: %v\n", err)
		return sweep.ExitError
	}
	return 0
}

// writeReports writes the text report to out and the HTML and SARIF
// reports to their files when asked.
func writeReports(d *db.DB, out io.Writer, html, sarif string, trends int) error {
	if err := sweep.TextReport(out, d); err != nil {
		return err
	}
	if html == "" && sarif == "" {
		return nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return err
	}
	in, err := sweep.ReportInput(d, "", wd, trends)
	if err != nil {
		return err
	}
	for _, w := range []struct {
		path  string
		write func(io.Writer, sweepreport.Input) error
	}{{html, sweepreport.WriteHTML}, {sarif, sweepreport.WriteSARIF}} {
		if w.path == "" {
			continue
		}
		if err := writeFile(w.path, func(f io.Writer) error { return w.write(f, in) }); err != nil {
			return err
		}
	}
	return nil
}

// writeFile creates path and writes it with write; errors name the file.
func writeFile(path string, write func(io.Writer) error) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	return nil
}
