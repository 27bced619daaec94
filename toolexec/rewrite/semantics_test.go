//go:build e2e

package rewrite

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// semanticsCase is a small main package, each modelled on a program of the
// Go team's corpus ($GOROOT/test, see goroot_test.go) whose rewrite once
// behaved differently or did not compile. Its rewritten form must print the
// same and exit with the same status as the original.
type semanticsCase struct {
	name string
	src  string
	want []string // fragments the rewrite must contain: the construct is modelled
	not  []string // fragments it must not contain
}

// semanticsCases: see semanticsCase. Each names the corpus program it
// stands for.
var semanticsCases = []semanticsCase{
	// fixedbugs/issue43444.go: f is instrumented (it writes sp), so every
	// initialiser calling it refers to the site base; Go initialises
	// e, a, b, c, d.
	{name: "initorder", src: `package main

import "fmt"

var sp = ""

func f(name string, _ ...any) int {
	fmt.Print(sp, name)
	sp = " "
	return 0
}

var a = f("a", x)
var b = f("b", y)
var c = f("c", z)
var d = func() int {
	if false {
		_ = z
	}
	return f("d")
}()
var e = f("e")

var x int
var y int = 42
var z int = func() int { return 42 }()

func main() { fmt.Println() }
`},
	// The site base joins a group of declarations before the first
	// variable whose initialiser runs code; the next keeps its line.
	{name: "initgroup", src: `package main

import (
	"fmt"
	"runtime"
)

var n int

func g() int {
	n++
	_, _, line, _ := runtime.Caller(1)
	return line
}

var (
	k = 1
	m = g()
	c = k
)

func main() { fmt.Println(k, m, c, n) }
`, want: []string{"\n\t_vtbS = _vtbRegister()\n//line "}},
	// fixedbugs/issue51913.go: the function literal writes a after a's
	// initialisation and before b's.
	{name: "initwrite", src: `package main

import "fmt"

var _ = func() int {
	a = false
	return 0
}()

var a = true
var b = a

func main() { fmt.Println(a, b) }
`},
	// fixedbugs/issue66585.go: foo, instrumented, increments x between
	// x's initialisation and b's.
	{name: "initcall", src: `package main

import "fmt"

var x = 0
var a = foo()
var b = x

func foo() int {
	x++
	return x
}

func main() { fmt.Println(a, b) }
`},
	// A typed constant has its own type, which a generic rt call cannot
	// infer from the channel: signal/signal.go's sigc <- syscall.SIGTERM,
	// fixedbugs/bug230.go's c <- I(0) on a channel of interface type.
	{name: "typedconst", src: `package main

import (
	"fmt"
	"os"
	"syscall"
	"time"
)

type errT string

func (e errT) Error() string { return string(e) }

const ErrClosed errT = "closed"

const N uint16 = 2

type I int

func (I) m() {}

func main() {
	sigc := make(chan os.Signal, 1)
	sigc <- syscall.SIGTERM
	fmt.Println(<-sigc)
	errc := make(chan error, 1)
	errc <- ErrClosed
	fmt.Println(<-errc == ErrClosed)
	anyc := make(chan any, 1)
	select {
	case anyc <- time.Second:
	}
	fmt.Println(<-anyc)
	c := make(chan interface{ m() }, 1)
	c <- I(0)
	fmt.Println(<-c)
	b := make(chan bool, int64(4))
	u := make(chan int, N)
	fmt.Println(cap(b), cap(u))
}
`, want: []string{"_vtbrt.Send[os.Signal](", "_vtbrt.Send[error](", "_vtbrt.SendCase[any](", "int(int64(4)))", "int(N))"}},
	// fixedbugs/bug347.go: a panic in a case operand is reported at the
	// case's line.
	{name: "selectline", src: `package main

import (
	"fmt"
	"path/filepath"
	"runtime"
)

var t *struct{ c chan int }

var c chan int

func f() {
	select {
	case <-c:
	case <-t.c:
	}
}

func main() {
	defer func() {
		fmt.Println(recover())
		for i := 0; ; i++ {
			pc, file, line, ok := runtime.Caller(i)
			if !ok {
				return
			}
			if runtime.FuncForPC(pc).Name() == "main.f" {
				fmt.Println(filepath.Base(file), line)
				return
			}
		}
	}()
	f()
}
`, want: []string{"_vtbrt.Select("}},
	// fixedbugs/issue14646.go: runtime.Caller in a deferred call sees the
	// line of the function's closing brace.
	{name: "deferline", src: `package main

import (
	"fmt"
	"runtime"
)

func main() {
	var line int
	func() {
		defer func() {
			_, _, line, _ = runtime.Caller(1)
		}()
	}()
	fmt.Println(line)
}
`, want: []string{"_vtbW("}},
	// range.go: with no value variable, Go does not evaluate an array
	// (pointer) operand whose length is constant (evaluating *p would
	// panic); with a blank value variable it does, reading p and *p.
	{name: "rangeconst", src: `package main

import "fmt"

var p *[3]int

func main() {
	n := 0
	for range *p {
		n++
	}
	for i := range *p {
		n += i
	}
	for i := range p {
		n += i
	}
	fmt.Println(n)
	defer func() { fmt.Println("recovered", recover() != nil, n) }()
	for i, _ := range *p {
		n += i
	}
}
`, want: []string{"for range *p {", "for i := range *p {", "for i := range p {", "for i, _ := range *_vtbRR("}},
	// fixedbugs/issue24491a.go: under //go:uintptrescapes the converted
	// pointer keeps its object alive until the call returns.
	{name: "uintptrescapes", src: `package main

import (
	"fmt"
	"runtime"
	"unsafe"
)

var done = make(chan bool, 1)

func setup() unsafe.Pointer {
	s := "ok"
	runtime.SetFinalizer(&s, func(p *string) { *p = "FAIL" })
	return unsafe.Pointer(&s)
}

//go:noinline
//go:uintptrescapes
func test(s string, p uintptr) {
	runtime.GC()
	runtime.GC()
	fmt.Println(s, *(*string)(unsafe.Pointer(p)))
	done <- true
}

func main() {
	go test("go", uintptr(setup()))
	<-done
}
`, want: []string{"_vtbrt.Go(", "uintptr(_vtba"}},
	// typeparam/chans.go, typeparam/builtins.go: channel operations on a
	// type parameter whose channel types have one element type and several
	// directions, or several element types (close alone is allowed then).
	{name: "chantypeset", src: `package main

import "fmt"

func send[C chan int | chan<- int](c C, v int) {
	select {
	case c <- v:
	}
	c <- v + 1
}

func recv[C chan int | <-chan int](c C) (int, bool) {
	v, ok := <-c
	return v, ok
}

func drain[C chan int | <-chan int](c C) (n int) {
	for v := range c {
		n += v
	}
	return n
}

func closeAll[C chan int | chan<- int](cs ...C) {
	for _, c := range cs {
		close(c)
	}
}

func closeMixed[C chan int | chan string](c C) { close(c) }

type named chan int

func closeNamed[E any, C ~chan E | chan<- E](c C) { close(c) }

func main() {
	closeNamed[int](make(named))
	closeNamed[string](make(chan<- string))
	a := make(chan int, 2)
	send(a, 7)
	fmt.Println(recv(a))
	closeAll(a)
	fmt.Println(drain(a))
	fmt.Println(recv(a))
	s := make(chan string)
	closeMixed(s)
	_, ok := <-s
	fmt.Println(ok)
	defer func() { fmt.Println(recover()) }()
	closeMixed(s)
}
`, want: []string{"_vtbrt.SendCase[int](", "_vtbrt.Send[int](", "_vtbrt.Recv2(", "_vtbrt.CloseAny(", "_vtbrt.Close("}},
}

// TestRewriteKeepsSemantics rewrites every semanticsCase, builds the
// originals and the rewritten programs with one go command, runs each pair
// and compares output and exit status.
func TestRewriteKeepsSemantics(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs programs with the go command")
	}
	dir := t.TempDir()
	files := map[string][]byte{}
	for i, c := range semanticsCases {
		name := filepath.Join(dir, c.name+".go")
		out, err := Package(typeCheck(t, name, []byte(c.src), ""))
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		src := string(out.Files[name])
		if src == "" {
			t.Errorf("%s: nothing rewritten", c.name)
			continue
		}
		checkFragments(t, c, src, out.Warnings)
		files[fmt.Sprintf("n%02d/%s.go", i, c.name)] = []byte(c.src)
		files[fmt.Sprintf("r%02d/%s.go", i, c.name)] = []byte(src)
	}
	mod := writeModuleAt(t, dir, repoRoot(t), files)
	bin := filepath.Join(mod, "bin")
	buildOut, _ := goCmd(t, mod, "build", "-o", bin+string(filepath.Separator), "./...")
	for i, c := range semanticsCases {
		n, r := fmt.Sprintf("n%02d", i), fmt.Sprintf("r%02d", i)
		if _, ok := files[r+"/"+c.name+".go"]; !ok {
			continue
		}
		if !built(bin, n) {
			t.Errorf("%s: the original does not build:\n%s", c.name, buildErrors(buildOut, n))
			continue
		}
		if !built(bin, r) {
			t.Errorf("%s: the rewritten program does not build:\n%s", c.name, buildErrors(buildOut, r))
			continue
		}
		nat, rew := runBinary(filepath.Join(bin, n), bin), runBinary(filepath.Join(bin, r), bin)
		if nat != rew {
			t.Errorf("%s: rewritten program differs:\nnative (exit %d):\n%s\nrewritten (exit %d):\n%s", c.name, nat.code, nat.out, rew.code, rew.out)
		}
	}
}

// checkFragments checks a case's want and not fragments in its rewrite.
func checkFragments(t *testing.T, c semanticsCase, src string, warnings []string) {
	t.Helper()
	var bad []string
	for _, w := range c.want {
		if !strings.Contains(src, w) {
			bad = append(bad, "lacks "+w)
		}
	}
	for _, w := range c.not {
		if strings.Contains(src, w) {
			bad = append(bad, "contains "+w)
		}
	}
	if len(bad) > 0 {
		t.Errorf("%s: the rewrite %s (warnings: %q):\n%s", c.name, strings.Join(bad, ", "), warnings, src)
	}
}

// built reports whether the go command left a binary for directory d.
func built(bin, d string) bool {
	_, err := os.Stat(filepath.Join(bin, d))
	return err == nil
}
