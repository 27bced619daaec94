package explore

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
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
// else the child's "got" text, or its whole output when it ran into its
// timeout (it would hang here too). A child that ends without a result
// (TestMain failed there, say on a port this process holds; the example
// panicked) makes the example run here after all, with a warning line.
// What differs from a native run: the example does not see what the
// package's tests left in the process, as a native run of that example
// alone (go test -run ExampleX) would not; and each example costs a
// process start.

// exampleEnv names, in a child, the example it runs.
const exampleEnv = "VTBOUND_EXAMPLE"

// ExampleElsewhere runs example name in a fresh process when this process
// has run an exploration, prints the output to compare with want, and
// reports whether it did; otherwise the caller runs the example itself.
func ExampleElsewhere(name, want string) bool {
	if os.Getenv(exampleEnv) == name || !engine.Explored() {
		return false
	}
	r := runExample(name)
	switch r.kind {
	case examplePassed:
		os.Stdout.WriteString(want)
	case exampleCompared, exampleTimedOut:
		os.Stderr.Write(r.stderr)
		os.Stdout.WriteString(r.out)
	default:
		warnf("%s: in a fresh process it ended without a result (%s), so it runs here, after the explorations", name, r.why)
		return false
	}
	return true
}

// exampleKind is how an example's child process ended.
type exampleKind int

const (
	exampleFailed   exampleKind = iota // without a result: not started, TestMain failed, a panic
	examplePassed                      // its output matched
	exampleCompared                    // its output did not match
	exampleTimedOut                    // it ran into its -test.timeout: it hangs in a fresh process too
)

// exampleRun is what an example's child process did.
type exampleRun struct {
	kind   exampleKind
	out    string // what to print: the "got" text, or the whole output of a timed-out child
	stderr []byte
	why    string // why a failed child gave no result
}

// runExample runs example name alone in a child process of this test
// binary.
func runExample(name string) exampleRun {
	limit := exampleTimeout()
	ctx, cancel := context.WithTimeout(context.Background(), limit+5*time.Second)
	defer cancel()
	args := []string{"-test.timeout=" + limit.String()}
	if testing.Short() {
		args = append(args, "-test.short")
	}
	cmd := childCmd(ctx, name, []string{exampleEnv + "=" + name}, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	data, err := cmd.Output()
	return exampleResult(data, stderr.Bytes(), err, ctx.Err() != nil)
}

// exampleResult classifies how an example's child process ended: err is
// its exit error, killed says it outlived our own deadline.
func exampleResult(stdout, stderr []byte, err error, killed bool) exampleRun {
	r := exampleRun{out: string(stdout), stderr: stderr}
	switch {
	case err == nil:
		r.kind = examplePassed
	case killed || bytes.Contains(stderr, []byte("panic: test timed out")):
		r.kind = exampleTimedOut
	default:
		r.kind, r.why = exampleFailed, err.Error()
		if last := tail(strings.TrimSpace(string(stderr)), 1); last != "" {
			r.why += ": " + last
		}
		if _, rest, ok := strings.Cut(r.out, "\ngot:\n"); ok {
			if got, _, ok := strings.Cut(rest, "\nwant:\n"); ok {
				r.kind, r.out = exampleCompared, got+"\n"
			}
		}
	}
	return r
}

// exampleTimeout is the example child's -test.timeout: this binary's, or
// go test's default when it has none.
func exampleTimeout() time.Duration {
	if d := binaryTimeout(); d > 0 {
		return d
	}
	return 10 * time.Minute
}
