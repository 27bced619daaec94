package rewrite

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// progSrc panics on line 21 (a nil map write) after statements the rewrite
// expands into several lines (select, range over a channel, go).
const progSrc = `package main

import "fmt"

var counter int

func work(ch chan int) {
	counter++
	select {
	case v := <-ch:
		counter += v
	default:
	}
	close(ch)
	for v := range ch {
		counter += v
	}
	done := make(chan bool)
	go func() { done <- true }()
	var m map[string]int
	m["boom"] = counter
	<-done
}

func main() {
	ch := make(chan int, 1)
	ch <- 1
	fmt.Println("start", counter)
	work(ch)
}
`

// TestLineDirectivesPanic runs a rewritten program that panics and checks
// that the stack trace names the original file and lines.
func TestLineDirectivesPanic(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program with the go command")
	}
	root := repoRoot(t)
	dir := t.TempDir()
	filename := filepath.Join(dir, "orig", "prog.go") // the path reports must show
	in := typeCheck(t, filename, []byte(progSrc), "")
	in.ImportPath = "main"
	out, err := Package(in)
	if err != nil {
		t.Fatal(err)
	}
	src, ok := out.Files[filename]
	if !ok {
		t.Fatal("program not rewritten")
	}
	if !strings.Contains(string(src), "_vtbrt.Select(") || !strings.Contains(string(src), "_vtbrt.Go(") {
		t.Fatalf("rewrite did not expand the program:\n%s", src)
	}
	mod := writeModuleAt(t, dir, root, map[string][]byte{"build/main.go": src})
	got, err := goCmd(t, mod, "run", "./build")
	if err == nil {
		t.Fatalf("program did not panic:\n%s", got)
	}
	for _, want := range []string{
		fmt.Sprintf("%s:21 ", filename), // m["boom"] = counter
		fmt.Sprintf("%s:29 ", filename), // work(ch) in main
	} {
		if !strings.Contains(got, want) {
			t.Errorf("stack trace lacks %q:\n%s", want, got)
		}
	}
	if regexp.MustCompile(`build/main\.go:\d+`).MatchString(got) {
		t.Errorf("stack trace names the rewritten file:\n%s", got)
	}
}

// TestDirectivesNeverZero checks that every //line directive of every
// golden output is unindented and has a positive line and column.
func TestDirectivesNeverZero(t *testing.T) {
	re := regexp.MustCompile(`//line [^\s]+?:(\d+)(?::(\d+))?$`)
	for _, c := range goldenCases(t) {
		got, _ := rewriteCase(t, c)
		n := 0
		for i, l := range strings.Split(string(got), "\n") {
			if !strings.Contains(l, "//line ") {
				continue
			}
			n++
			m := re.FindStringSubmatch(l)
			if m == nil || !strings.HasPrefix(l, "//line ") || m[1] == "0" || m[2] == "0" {
				t.Errorf("%s:%d: bad directive %q", c.name, i+1, l)
			}
		}
		if n == 0 && c.name != "untouched" {
			t.Errorf("%s: no //line directives", c.name)
		}
	}
}

// writeModuleAt is writeModule in a given directory.
func writeModuleAt(t *testing.T, dir, root string, files map[string][]byte) string {
	t.Helper()
	mod := filepath.Join(dir, "mod")
	files["go.mod"] = []byte("module example.com\n\ngo 1.26\n\nrequire github.com/vtbound/vtbound v0.0.0\n\nreplace github.com/vtbound/vtbound => " + root + "\n")
	if sum, err := os.ReadFile(filepath.Join(root, "go.sum")); err == nil {
		files["go.sum"] = sum
	}
	for name, src := range files {
		p := filepath.Join(mod, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return mod
}
