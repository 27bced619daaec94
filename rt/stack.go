package rt

import (
	"fmt"
	"reflect"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"

	"github.com/vtbound/vtbound/rt/internal/engine"
)

// This file makes runtime.Stack and runtime.NumGoroutine, called in a
// controlled goroutine, show what the native program would see (see
// docs/stacks.md): vtbound's own goroutines are left out, vtbound's frames
// are cut from the others, and parked goroutines say what they wait on.

// rtPath is the import path of package rt; every vtbound frame in a
// user's goroutine is a function of rt or of a package under it.
const rtPath = "github.com/vtbound/vtbound/rt"

// nativeStack is Stack in a controlled goroutine g.
func nativeStack(g *engine.G, buf []byte, all bool) int {
	if !all {
		return copy(buf, ownStack())
	}
	g.SettleExited()
	l := g.Looks()
	out, _ := nativeDump(engine.StackText(true), &l)
	return copy(buf, out)
}

// ownStack is the calling goroutine's stack without vtbound's frames.
func ownStack() []byte {
	out, _ := nativeDump(engine.StackText(false), &engine.Looks{})
	return []byte(out)
}

// nativeNumGoroutine is NumGoroutine in a controlled goroutine g: the
// number of goroutines nativeStack lists.
func nativeNumGoroutine(g *engine.G) int {
	g.SettleExited()
	l := g.Looks()
	if len(l.Hidden) == 0 {
		return runtime.NumGoroutine()
	}
	_, n := nativeDump(engine.StackText(true), &l)
	return n
}

// nativeDump rewrites a runtime.Stack dump as l says (see Stack) and
// returns it with the number of goroutines it lists.
func nativeDump(dump string, l *engine.Looks) (string, int) {
	blocks := strings.Split(strings.TrimRight(dump, "\n"), "\n\n")
	tail := bodyTail(blocks, l.Runner)
	var b strings.Builder
	n := 0
	for _, block := range blocks {
		num, ok := blockNumber(block)
		if ok && l.Hidden[num] {
			continue
		}
		if n > 0 {
			b.WriteString("\n\n")
		}
		n++
		var t []string
		if ok && num == l.Body {
			t = tail
		}
		writeBlock(&b, strings.Split(block, "\n"), l.States[num], t)
	}
	if n > 0 {
		b.WriteByte('\n')
	}
	return b.String(), n
}

// blockNumber parses the goroutine number of a block's header
// ("goroutine 7 [chan receive]:").
func blockNumber(block string) (uint64, bool) {
	rest, ok := strings.CutPrefix(block, "goroutine ")
	if !ok {
		return 0, false
	}
	num, _, _ := strings.Cut(rest, " ")
	n, err := strconv.ParseUint(num, 10, 64)
	return n, err == nil
}

// writeBlock writes one goroutine's block without vtbound's frames, with
// its state replaced by state (when not empty) and its creator replaced:
// by tail when not nil (the bottom of the test's goroutine), else, when
// vtbound created the goroutine, by the function holding the go statement
// (see creator).
func writeBlock(b *strings.Builder, lines []string, state string, tail []string) {
	header := lines[0]
	if state != "" {
		if i := strings.IndexByte(header, '['); i >= 0 {
			header = header[:i] + "[" + state + "]:"
		}
	}
	b.WriteString(header)
	var kept []string
	for i := 1; i < len(lines); i++ {
		line := lines[i]
		pair := i+1 < len(lines) && strings.HasPrefix(lines[i+1], "\t")
		by, isCreator := strings.CutPrefix(line, "created by ")
		switch {
		case isCreator && tail != nil:
			kept = append(kept, joinTail(kept, tail)...)
		case isCreator && vtboundFrame(by):
			kept = append(kept, creator(kept, by)...)
		case nativeFrames[frameFunc(line)] != nil:
			kept = append(kept, nativeFrames[frameFunc(line)]...) // the API the program called
		case !vtboundFrame(line):
			kept = append(kept, line)
			continue
		}
		if pair {
			i++
		}
	}
	for _, line := range kept {
		b.WriteString("\n" + line)
	}
}

// joinTail returns the runner's tail as it continues the body's frames
// kept so far: when the body's bottom frame is the test function itself
// (the rewriter keeps a test's body in its function, which explores
// itself: see rt.Exploring), the tail's first frame, that same function
// at its call of Test, is left out, as natively the function appears once.
func joinTail(kept, tail []string) []string {
	fn, ok := bottomFunc(kept)
	if ok && len(tail) >= 2 && strings.HasPrefix(tail[1], "\t") && fn == frameFunc(tail[0]) {
		return tail[2:]
	}
	return tail
}

// bottomFunc returns the function of the last frame of lines (a function
// line followed by its file line), and whether there is one.
func bottomFunc(lines []string) (string, bool) {
	n := len(lines)
	if n < 2 || !strings.HasPrefix(lines[n-1], "\t") {
		return "", false
	}
	return frameFunc(lines[n-2]), true
}

// frameFunc returns the function of a frame line ("pkg.F(0x1, 0x2)").
func frameFunc(line string) string {
	if i := strings.LastIndexByte(line, '('); i > 0 {
		return line[:i]
	}
	return line
}

// creator returns the lines naming the creator of a goroutine that
// vtbound created (by, as in "created by by"), given the block's frames
// kept so far. The rewriter turns every go statement into a function
// literal, the bottom frame: the creator is the function enclosing it, at
// its position, in the goroutine by names. The original lines are kept
// when the bottom frame is not a function literal.
func creator(kept []string, by string) []string {
	orig := []string{"created by " + by}
	fn, ok := bottomFunc(kept)
	if !ok {
		return orig
	}
	dot := strings.LastIndexByte(fn, '.')
	last := strings.TrimPrefix(fn[dot+1:], "func")
	if dot < 0 || last == "" || strings.Trim(last, "0123456789") != "" {
		return orig
	}
	line := "created by " + fn[:dot]
	if _, in, ok := strings.Cut(by, " in goroutine "); ok {
		line += " in goroutine " + in
	}
	return []string{line, kept[len(kept)-1]}
}

// vtboundFrame reports whether a line of a stack block names a function
// of package rt or of a package under it (and the next line its file).
func vtboundFrame(line string) bool {
	rest, ok := strings.CutPrefix(line, rtPath)
	return ok && (strings.HasPrefix(rest, ".") || strings.HasPrefix(rest, "/"))
}

// bodyTail returns the lines of the runner's block (the test's own
// goroutine) below its last vtbound frame: the test function, the testing
// package's frames and their creator. The body's goroutine ends with
// them, as the test's goroutine natively would. It returns nil when the
// runner is not in the dump.
func bodyTail(blocks []string, runner uint64) []string {
	if runner == 0 {
		return nil
	}
	for _, block := range blocks {
		if num, ok := blockNumber(block); !ok || num != runner {
			continue
		}
		lines := strings.Split(block, "\n")
		last := -1
		for i := range lines {
			if vtboundFrame(lines[i]) {
				last = i
			}
		}
		from := last + 1
		if from < len(lines) && strings.HasPrefix(lines[from], "\t") {
			from++
		}
		if last < 0 || from == len(lines) {
			return nil
		}
		return lines[from:]
	}
	return nil
}

// debugFrame is the two lines of runtime/debug.Stack's own frame (its
// function line and its file line), as debug.Stack writes them on top of
// every stack; read once from a real call.
var debugFrame = sync.OnceValue(func() string {
	lines := strings.SplitN(string(debug.Stack()), "\n", 4)
	if len(lines) < 4 || !strings.HasPrefix(lines[1], "runtime/debug.Stack(") {
		return ""
	}
	return lines[1] + "\n" + lines[2] + "\n"
})

// withDebugFrame puts debugFrame under the header line of a goroutine's
// stack, where debug.Stack has it.
func withDebugFrame(stack []byte) []byte {
	header, rest, ok := strings.Cut(string(stack), "\n")
	if !ok {
		return stack
	}
	return []byte(header + "\n" + debugFrame() + rest)
}

// nativeFrames maps the rt functions that stand for a blocking sync API
// to the frame the program's call of that API shows natively (function
// and file lines), so that a goroutine blocked in rt.Lock reads as one in
// sync.(*Mutex).Lock: maypok86/otter's tests wait until runtime.Stack
// shows a goroutine there.
var nativeFrames = func() map[string][]string {
	m := map[string][]string{}
	for rtName, api := range map[string]any{
		"Lock": (*sync.Mutex).Lock, "RWLock": (*sync.RWMutex).Lock, "RLock": (*sync.RWMutex).RLock,
		"WGWait": (*sync.WaitGroup).Wait, "CondWait": (*sync.Cond).Wait,
	} {
		f := runtime.FuncForPC(reflect.ValueOf(api).Pointer())
		if f == nil {
			continue
		}
		file, line := f.FileLine(f.Entry())
		m[rtPath+"."+rtName] = []string{f.Name() + "(...)", fmt.Sprintf("\t%s:%d", file, line)}
	}
	return m
}()
