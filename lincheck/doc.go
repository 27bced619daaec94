// Package lincheck checks that a concurrent Go object is linearizable:
// that every history of concurrent calls it produces could have happened
// one call at a time, in an order that respects real time (a call that
// returned before another was called comes first), with the results a
// sequential specification gives.
//
// A test declares the object's operations, each with a generator of
// arguments, the call on the object and the specification (Op), and
// calls Check. Check generates scenarios (a sequential prefix, a few
// goroutines each running a few operations, a sequential suffix) from a
// seed it prints, runs them, records each run's history (every call's
// argument, result, and call and return on one clock) and checks it.
//
// # Modes
//
// Under plain go test, each scenario runs many times on real goroutines
// (stress). In a test binary built with go test -toolexec=vtbound
// (rt.Instrumented), each scenario is a subtest explored by vtbound's
// engine with rt.Test: lincheck starts and joins the scenario's goroutines
// through rt's hooks, the object's code is rewritten like the rest of the
// test's package, so every interleaving of its visible operations is
// within the engine's reach. A failing schedule is saved under
// testdata/vtbound/<Test>/<scenario>/ and replayed first by later runs;
// scenarios are generated from the seed alone, so the saved schedule meets
// the same scenario.
//
// # The check
//
// The checker is the Wing–Gong search as improved by Lowe (as in
// Porcupine): it linearizes one operation at a time, choosing among those
// whose call precedes every pending return, backtracks at dead ends, and
// never explores a (linearized set, specification state) pair twice.
// States are compared with Test.StateKey or reflect.DeepEqual, results
// with Test.SameResult or reflect.DeepEqual. The search is exponential in
// the worst case; CheckTime bounds it per history, and a history it
// could not decide is unknown: neither a pass nor a failure (a scenario
// that left unknown histories and did not fail ends skipped, with their
// count).
//
// # Reports
//
// A history that is not linearizable fails the scenario's subtest with
// the scenario, the history drawn as goroutine lanes, and why no order
// fits: the longest linearizable prefix the search met and, after it,
// each operation that could come next with the result the specification
// gives it. The scenario is then minimised (goroutines and operations
// dropped while a smaller scenario still fails, each candidate explored
// within MinimizeBudget) and reported again. Under vtbound the engine's
// own report (the schedule, the saved file, the command that replays it)
// comes with the first report. Check stops at the first failing scenario.
//
// CheckHistory checks a history recorded elsewhere against the same
// specification.
package lincheck
