package lincheck

import (
	"fmt"
	"hash/fnv"
	"math/rand"
	"strings"
)

// step is one operation of a scenario with its generated argument.
type step struct {
	op  int // index in Test.Ops
	arg any
}

// scenario is what one run executes: a sequential prefix on the test's
// goroutine, goroutines running in parallel, then a sequential suffix on
// the test's goroutine once they have all returned.
type scenario struct {
	index   int // its number among the generated scenarios
	prefix  []step
	threads [][]step
	suffix  []step
}

// generate returns scenario i of cfg's seed. Each scenario has a
// generator of its own, so scenario i is the same whatever the number of
// scenarios.
func generate[O, S any](ops []Op[O, S], cfg config, i int) scenario {
	r := rand.New(rand.NewSource(cfg.seed ^ int64(i+1)*0x5851f42d4c957f2d))
	steps := func(n int) []step {
		s := make([]step, n)
		for j := range s {
			op := r.Intn(len(ops))
			s[j] = step{op, genArg(ops[op], r)}
		}
		return s
	}
	sc := scenario{index: i, prefix: steps(cfg.prefix)}
	for range cfg.threads {
		sc.threads = append(sc.threads, steps(cfg.perThread))
	}
	sc.suffix = steps(cfg.suffix)
	return sc
}

// genArg generates an argument for op (nil when it takes none).
func genArg[O, S any](op Op[O, S], r *rand.Rand) any {
	if op.Arg == nil {
		return nil
	}
	return op.Arg(r)
}

// size is the number of operations in sc.
func (sc scenario) size() int {
	n := len(sc.prefix) + len(sc.suffix)
	for _, th := range sc.threads {
		n += len(th)
	}
	return n
}

// name is the subtest name of sc: its number and a hash of its text,
// so that a schedule saved for it never meets another scenario.
func (sc scenario) name(ops opNames) string {
	h := fnv.New32a()
	h.Write([]byte(sc.text(ops)))
	return fmt.Sprintf("%d-%08x", sc.index, h.Sum32())
}

// text renders sc, one line per part: "G1 prefix: Add(1)", "G2: Add(2)
// Len()" (goroutines named as laneName does).
func (sc scenario) text(ops opNames) string {
	var b strings.Builder
	line := func(label string, steps []step) {
		fmt.Fprintf(&b, "  %-10s", label+":")
		for _, s := range steps {
			b.WriteString(" " + ops.call(s.op, s.arg))
		}
		b.WriteString("\n")
	}
	if len(sc.prefix) > 0 {
		line(laneName(0)+" prefix", sc.prefix)
	}
	for i, th := range sc.threads {
		line(laneName(i+1), th)
	}
	if len(sc.suffix) > 0 {
		line(laneName(0)+" suffix", sc.suffix)
	}
	return b.String()
}

// opName is how reports show an operation.
type opName struct {
	name   string
	hasArg bool
}

// opNames are the names of a Test's operations, by index.
type opNames []opName

// namesOf returns the names of ops.
func namesOf[O, S any](ops []Op[O, S]) opNames {
	n := make(opNames, len(ops))
	for i, op := range ops {
		n[i] = opName{op.Name, op.Arg != nil}
	}
	return n
}

// call renders operation op called with arg: Add(1), Len().
func (n opNames) call(op int, arg any) string {
	return callString(n[op].name, arg, n[op].hasArg)
}
