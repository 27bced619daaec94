package explore

import (
	"context"
	"flag"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/vtbound/vtbound/rt/internal/engine"
)

// Examples run in a fresh process once this one has explored a test.
//
// go test runs a package's examples after its tests, natively: an example
// has no testing.T to explore with. The explorations before it ran each
// test body many times and ended every goroutine an execution left
// blocked (engine.releaseAll), and what outlives an execution keeps
// pointing at them: a package-level worker pool whose idle workers were
// released hands the example's work to a goroutine that is gone, and the
// example waits for ever (panjf2000/ants' ExamplePool waited in wg.Wait
// until go test's -timeout after a failing exploration of a test on the
// default pool). Natively the example would find the state one run of
// each test leaves, with its goroutines alive.
//
// So the rewriter makes each example that go test runs (one with an
// output comment) ask ExampleElsewhere first. Once an exploration has run
// in this process, the example runs in a fresh process of the same test
// binary instead (-test.run selecting it alone, so nothing is explored
// there and it finds the state a fresh process has), and here it prints
// what it printed there, for go test to compare with its output comment
// as usual: the comment itself when the child passed the same comparison,
// else the child's "got" text, or its whole output when it failed another
// way (a panic, its timeout). What differs from a native run: the example
// does not see what the package's tests left in the process, as a
// native run of that example alone (go test -run ExampleX) would not.

// exampleEnv names, in a child, the example it runs.
const exampleEnv = "VTBOUND_EXAMPLE"

// ExampleElsewhere runs example name in a fresh process when this process
// has run an exploration, prints the output to compare with want, and
// reports whether it did; otherwise the caller runs the example itself.
func ExampleElsewhere(name, want string) bool {
	if os.Getenv(exampleEnv) == name || !engine.Explored() {
		return false
	}
	out, passed, err := runExample(name)
	if err != nil {
		warnf("%s: cannot run it in a fresh process (%v), so it runs here, after the explorations", name, err)
		return false
	}
	if passed {
		out = want
	}
	os.Stdout.WriteString(out)
	return true
}

// runExample runs example name alone in a child process of this test
// binary and returns what to print for it: on a failed comparison the
// child's "got" text, on another failure its whole output.
func runExample(name string) (out string, passed bool, err error) {
	limit := exampleTimeout()
	ctx, cancel := context.WithTimeout(context.Background(), limit+5*time.Second)
	defer cancel()
	args := []string{"-test.run=^" + name + "$", "-test.count=1", "-test.v=false", "-test.timeout=" + limit.String()}
	if f := flag.Lookup("test.short"); f != nil && f.Value.String() == "true" {
		args = append(args, "-test.short")
	}
	cmd := exec.CommandContext(ctx, os.Args[0], args...)
	cmd.Env = append(os.Environ(), exampleEnv+"="+name)
	cmd.Stderr = os.Stderr
	data, runErr := cmd.Output()
	if runErr == nil {
		return "", true, nil
	}
	if _, ok := runErr.(*exec.ExitError); !ok {
		return "", false, runErr
	}
	text := string(data)
	if _, rest, ok := strings.Cut(text, "\ngot:\n"); ok {
		if got, _, ok := strings.Cut(rest, "\nwant:\n"); ok {
			return got + "\n", false, nil
		}
	}
	return text, false, nil
}

// exampleTimeout is the example child's -test.timeout: this binary's, or
// go test's default when it has none.
func exampleTimeout() time.Duration {
	if f := flag.Lookup("test.timeout"); f != nil {
		if d, err := time.ParseDuration(f.Value.String()); err == nil && d > 0 {
			return d
		}
	}
	return 10 * time.Minute
}
