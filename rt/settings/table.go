package settings

import (
	"strconv"

	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// buildSettings are the settings of the compile wrapper.
func buildSettings() []Setting {
	return []Setting{{
		Name: "VTBOUND_SCOPE", Phase: Build,
		Default: "(the packages of the main module(s))",
		Accepts: `comma-separated import path patterns ("..." matches any string, "-pattern" excludes, "default" is the default scope)`,
		Summary: "packages to instrument",
		Doc: "The packages whose compile is rewritten. By default the packages of the main module(s) of the build: " +
			"every package whose directory is outside GOROOT, the module cache and vendor directories. " +
			"Patterns: x/... also matches x; a leading - excludes; without an including pattern the default scope is kept. " +
			"Example: VTBOUND_SCOPE=default,golang.org/x/sync/... widens the scope to a dependency. " +
			"The standard library and vtbound's own packages are never instrumented.",
	}, {
		Name: "VTBOUND_DEPS", Phase: Build,
		Default: "on",
		Accepts: "0 or off to disable (1 or on: the default)",
		Summary: "off: leave packages out of VTBOUND_SCOPE unchanged instead of rewriting their concurrency operations",
		Doc: "By default the concurrency operations (go statements, channels, select, sync, sync/atomic, time) of every " +
			"package outside VTBOUND_SCOPE that is not in the standard library (module cache, vendor directories) are " +
			"rewritten too, without their memory accesses, so that helpers such as testify's Eventually and x/sync's " +
			"singleflight and errgroup run under control. A dependency goroutine blocked in the dependency when the test " +
			"body returns is not reported as a leak. A package excluded by a -pattern of VTBOUND_SCOPE is left unchanged. " +
			"See docs/compile-wrapper.md.",
	}, {
		Name: "VTBOUND_ALIAS", Phase: Build,
		Default: "on",
		Accepts: "off to disable",
		Summary: "off: instrument every candidate access, not only those the alias analysis finds shared",
		Doc: "With off, every memory access that could be shared is instrumented and every struct allocation registered, " +
			"instead of only those the alias analysis finds reachable from two goroutines. " +
			"Slower builds and executions; useful to check whether the analysis missed something.",
	}, {
		Name: "VTBOUND_DEBUG", Phase: Build,
		Default: "0",
		Accepts: "1 to enable",
		Summary: "1: each compile says whether it was instrumented, or why not, and how long it took",
		Doc: "With 1, every compile invocation prints a line on standard error explaining vtbound's decision " +
			"(instrumented, out of scope, standard library, nothing to rewrite, ...) and the time taken by the " +
			"instrumentation and by the compiler.",
	}, {
		Name: "VTBOUND_BUILD_VERBOSE", Phase: Build,
		Default: "0",
		Accepts: "0 or any other value to enable",
		Summary: "non-zero: each instrumented compile prints its count of instrumented sites",
		Doc: "With a value other than 0, every instrumented compile prints " +
			"`vtbound: <pkg>: N of M memory-access sites instrumented, K allocation sites registered`.",
	}}
}

// runSettings are the settings of the test binaries.
func runSettings() []Setting {
	return append(append(searchSettings(), outputSettings()...), lincheckSettings()...)
}

// searchSettings choose the search: strategy, budget and bounds.
func searchSettings() []Setting {
	return []Setting{{
		Name: "VTBOUND_STRATEGY", Phase: Run, Default: "portfolio",
		Accepts: "one of " + strategyNames(),
		Summary: "search strategy",
		Doc: "How schedules are chosen. portfolio runs cheap strategies first and systematic ones after, within the budget; " +
			"any other name runs that one strategy (see docs/strategies.md).",
	}, {
		Name: "VTBOUND_BUDGET", Phase: Run, Default: "10000,2s",
		Accepts: "a count of executions (10000), a duration (30s), or both (10000,30s)",
		Summary: "executions per test: a count, a duration or both; whichever comes first",
		Doc: "Bounds the exploration of each test; near the test binary's -timeout, explorations are shortened so that the run ends in time (docs/model.md). Giving only a count or only a duration removes the default limit " +
			"of the other kind. A test body that never starts a goroutine runs once.",
	}, {
		Name: "VTBOUND_FUZZ_BUDGET", Phase: Run, Default: "100,1s",
		Accepts: "a count of executions (10000), a duration (30s), or both (10000,30s)",
		Summary: "executions per input of a fuzz target: a count, a duration or both; whichever comes first",
		Doc: "Replaces VTBOUND_BUDGET for each input of a fuzz target (its seed corpus, testdata/fuzz, and every input " +
			"go test -fuzz generates). Keep it small: go test -fuzz runs many inputs and stops a call after 10 s. " +
			"See docs/fuzz.md.",
	}, {
		Name: "VTBOUND_SHARD", Phase: Run, Default: "(no sharding)",
		Accepts: "i/n with 0 <= i < n (0/4)",
		Summary: "dpor: explore only shard i of n of each test's search tree",
		Doc: "Splits the dpor search of each test into n disjoint parts without a coordinator: run the same go test " +
			"n times (CI matrix jobs, Kubernetes Indexed Job pods) with i = 0..n-1; the shards' trace counts add up " +
			"to the whole. See docs/dpor.md.",
	}, {
		Name: "VTBOUND_SEED", Phase: Run, Default: "(time-based, printed in reports)",
		Accepts: "an integer",
		Summary: "seed of every random choice",
		Doc:     "The same seed with the same program and settings gives the same schedules. Reports print the seed used.",
	}, {
		Name: "VTBOUND_DEPTH", Phase: Run, Default: strconv.Itoa(strategy.DefaultDepth),
		Accepts: "an integer >= 1",
		Summary: "PCT bug depth d (d-1 priority change points)",
		Doc:     "The bug depth of pct and pctvb: each execution has d-1 priority change points.",
	}, bound("VTBOUND_V", 0, strategy.DefaultV, "variable bound",
		"pctvb and exhaustive iterate v = 0..V; dynamic fixes at most V variables. 0 means no variable restriction."),
		bound("VTBOUND_C", 0, strategy.DefaultC, "preemption bound",
			"The largest number of preemptions of vt, exhaustive and dynamic."),
		bound("VTBOUND_T", 2, strategy.DefaultT, "thread bound",
			"The number of goroutines whose orderings vt guarantees to cover; sizes exhaustive's priority orders."),
		bound("VTBOUND_L", 1, strategy.DefaultL, "loop-iteration bound",
			"Heap objects with loop-iteration number >= L (other locations ranked >= L in their group) are tracked only as part of their whole group."),
	}
}

// bound returns the row of one of the (c,v,t,l) bounds.
func bound(name string, lo, def int, summary, doc string) Setting {
	return Setting{
		Name: name, Phase: Run,
		Default: "(the strategy's default, " + strconv.Itoa(def) + ")",
		Accepts: "an integer >= " + strconv.Itoa(lo),
		Summary: summary,
		Doc:     doc,
	}
}

// outputSettings control what a test binary reports, saves and replays.
func outputSettings() []Setting {
	return []Setting{{
		Name: "VTBOUND_VERBOSE", Phase: Run, Default: "0",
		Accepts: "an integer >= 0",
		Summary: "1: a summary line per explored test (shown with go test -v)",
		Doc:     "With 1 or more, each test that found nothing logs its number of executions, time, strategy, seed and coverage.",
	}, {
		Name: "VTBOUND_DIR", Phase: Run, Default: "testdata/vtbound",
		Summary: "where failing schedules are saved, one directory per test",
		Doc: "Schedules are saved as DIR/TestName/HASH (relative to the package directory, like go test -fuzz inputs) " +
			"and replayed first by every later run of the test. Commit them to keep the regression.",
	}, {
		Name: "VTBOUND_REPLAY", Phase: Run, Default: "(none: explore)",
		Accepts: "the path of a schedule file",
		Summary: "replay exactly this schedule file and nothing else",
		Doc: "A relative path is resolved against the test's working directory, the package directory. " +
			"A missing or unreadable file fails the test with the path and that directory. " +
			"Reports print the complete replay command.",
	}, {
		Name: "VTBOUND_JSON", Phase: Run, Default: "(none)",
		Accepts: "the path of a file",
		Summary: "append one JSON line per explored test (verdict, executions, bug signature) to this file",
		Doc: "Each explored test appends one record (schema vtbound-result/2: verdict, executions, wall time, strategy runs, " +
			"distinct traces, completion, the report of a failure, as a value and as text, and for a bug its oracle, (c,v,t), schedule path and signature) as one line. " +
			"A relative path is resolved against the package directory. vtbound sweep reads these records; see docs/sweep.md.",
	}, {
		Name: "VTBOUND_MAXSTEPS", Phase: Run, Default: "1000000",
		Accepts: "an integer >= 1",
		Summary: "steps per execution before a livelock check",
		Doc: "An execution reaching this many steps while its goroutines wait on each other (two or more busy-wait, " +
			"the others are blocked) is reported as a livelock, or as a goroutine leak when the test body has already returned; " +
			"reaching it while goroutines still make progress ends the execution without a verdict, and the executions after it " +
			"explore the test as a long test, a few variables and synchronisation sites at a time (docs/model.md#long-tests).",
	}, {
		Name: "VTBOUND_TIME", Phase: Run, Default: "race",
		Accepts: "race, race:WINDOW, race:WINDOW:N (WINDOW a duration > 0, N >= 1), or blocked",
		Summary: "whether sleeps, timers and deadlines may end while other goroutines still have work",
		Doc: "With race (the default: race:10ms:2), a wake-up from the virtual clock (a sleep, a timer, a ticker, time.After, " +
			"AfterFunc, a context's deadline) that is the earliest pending one and due within WINDOW may happen at any " +
			"scheduling point, as natively, where work takes time, a timer can beat it; at most N such wake-ups per execution. " +
			"A failure that needs one is labelled timing-dependent. With blocked, the clock moves only when no goroutine can " +
			"run (or work has taken long enough, see docs/model.md), as inside a testing/synctest bubble; " +
			"dpor then never prints complete for a test that waits for the clock. See docs/model.md.",
	}, {
		Name: "VTBOUND_BREAK_STEP", Phase: Run, Default: "0",
		Accepts: "an integer >= 0",
		Summary: "stop in a debugger at this step of the first execution (set by vtbound debug)",
		Doc: "At step N of the first execution (numbered as in reports), the goroutine about to take the step calls " +
			"engine.BreakAtStep before performing it; vtbound debug sets a Delve breakpoint there. 0 turns it off. See docs/debug.md.",
	}, {
		Name: "VTBOUND_RACES", Phase: Run, Default: "on",
		Accepts: "on or off",
		Summary: "report data races between tracked accesses",
		Doc:     "With off, only failures (test failures, panics, deadlocks, leaks, livelocks) are reported, not data races.",
	}, {
		Name: "VTBOUND_TRACK", Phase: Run, Default: "(the strategy decides)",
		Accepts: "all, none, or comma-separated variable-group names",
		Summary: "force the tracked variable groups of every execution",
		Doc:     "For measurements and experiments: all tracks every group, none no group, otherwise exactly the named groups.",
	}, {
		Name: "VTBOUND_COVERAGE", Phase: Run, Default: "0",
		Accepts: "an integer >= 0",
		Summary: "1: print each test's HaPSet and synchronization-pair coverage",
		Doc: "With 1 or more, each explored test logs the HaPSet entries learned, the SP requirements estimated, covered " +
			"and never covered (with their sites), and the execution after which coverage stopped growing (VTBOUND_VERBOSE " +
			"prints the same). See docs/coverage.md.",
	}, {
		Name: "VTBOUND_SATURATE", Phase: Run, Default: "0",
		Accepts: "an integer >= 0",
		Summary: "stop a test whose coverage did not grow for this many executions (0: never)",
		Doc: "Saturation stop: when neither the HaPSets nor the covered SP pairs grew during the last N executions, " +
			"the exploration of the test stops with a line saying so. Under the portfolio (the default strategy) it switches " +
			"phases instead: a phase whose coverage did not grow for N/5 executions in a row hands the rest of its share to the " +
			"next, with a line saying so; ctrigger and a dpor phase predicted to finish are never cut, and the test stops when its last " +
			"phase saturated. Coverage is not a proof: see docs/coverage.md.",
	}, {
		Name: "VTBOUND_COVERAGE_FROM", Phase: Run, Default: "(none: coverage starts empty)",
		Accepts: "the path of a coverage file, or of a directory of them",
		Summary: "start each test from the coverage an earlier run learned (hapset's HaPSets, sp's covered pairs)",
		Doc: "A coverage file (docs/coverage.md) applies to the test it names; a directory holds one file per test, " +
			"named as docs/sweep.md says (a test without one starts afresh). hapset starts its guided search from the " +
			"file's HaPSets, sp targets only the requirements still uncovered, and the measured coverage " +
			"(VTBOUND_COVERAGE, VTBOUND_SATURATE) counts as new only what the file lacks. A malformed or newer file " +
			"fails the test with its name. vtbound sweep -coverage sets it.",
	}, {
		Name: "VTBOUND_DPOR_STATE", Phase: Run, Default: "(none: each run starts afresh)",
		Accepts: "the path of a directory",
		Summary: "dpor: resume each test's search from its saved frontier, and save it when the budget cuts the search",
		Doc: "Each test whose dpor search the budget cut saves its frontier (the depth-first stack) in DIR, one file per " +
			"test; the next run with the same DIR and the same test binary resumes it, so the runs together explore " +
			"exactly the traces of one uninterrupted search, and the last one reports the total. A complete search " +
			"or a failing test removes the file. vtbound sweep sets it. See docs/sweep.md.",
	}, {
		Name: "VTBOUND_CONTEXT", Phase: Run, Default: "5",
		Accepts: "an integer >= 0",
		Summary: "calling-context depth k of HaPSet statements (hapset, coverage)",
		Doc: "A HaPSet statement is a site plus the innermost k frames of its calling context outside vtbound " +
			"(hapset-coverage-guided-sct.txt Sec. 3.1); 0 uses sites alone. Recording the context costs a stack walk " +
			"per step, paid only by hapset and when coverage is printed. See docs/coverage.md.",
	}, {
		Name: "VTBOUND_IGNORE_LEAKS", Phase: Run, Default: "(none: every leak is reported)",
		Accepts: `comma-separated function names as in a stack trace ("example.com/pkg.(*T).loop")`,
		Summary: "accept leaked goroutines blocked in these functions (goleak's IgnoreTopFunction)",
		Doc: "An execution that fails only because goroutines leaked passes when the top function of every leaked goroutine " +
			"(the function holding the operation it blocks on) is in the list; one line per test summarises the accepted leaks. " +
			"See docs/verdicts.md.",
	}}
}

// lincheckSettings are read by package lincheck's Check.
func lincheckSettings() []Setting {
	return []Setting{{
		Name: "VTBOUND_LINCHECK_SEED", Phase: Run, Reader: "lincheck", Default: "(a hash of the test's name)",
		Accepts: `an integer, or "random" for one taken from the clock`,
		Summary: "lincheck: seed of the generated scenarios",
		Doc: "Package lincheck's Check generates its scenarios from this seed and prints it. The default, a hash of the " +
			"test's name, gives every run the same scenarios, so that a saved schedule meets the scenario it was saved " +
			"for. Overrides the Seed option. See docs/lincheck.md.",
	}, {
		Name: "VTBOUND_LINCHECK_SCENARIOS", Phase: Run, Reader: "lincheck", Default: "10",
		Accepts: "an integer >= 1",
		Summary: "lincheck: number of scenarios per Check",
		Doc:     "Overrides the Scenarios option of package lincheck's Check. See docs/lincheck.md.",
	}}
}
