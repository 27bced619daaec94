package rewrite

import (
	"strings"
	"testing"
)

const exampleSource = `package a

import "fmt"

func ExampleRun() {
	fmt.Println("run")
	// Output: run
}

func ExampleRun_unordered() {
	fmt.Println("b")
	fmt.Println("a")
	// Unordered output:
	// a
	// b
}

func ExampleQuiet() {
	fmt.Println("not compared")
}
`

// TestExampleGuard: an example go test runs (one with an output comment,
// ordered or not) first asks rt.ExampleElsewhere, with its name and the
// output go test expects; one without an output comment, which go test
// only compiles, is left as written.
func TestExampleGuard(t *testing.T) {
	in := typeCheckFiles(t, map[string]string{"a_test.go": exampleSource})
	in.IsTest = true
	out, err := Package(in)
	if err != nil {
		t.Fatal(err)
	}
	src := string(out.Files["a_test.go"])
	for _, want := range []string{
		`if _vtbrt.ExampleElsewhere("ExampleRun", "run\n") {`,
		`if _vtbrt.ExampleElsewhere("ExampleRun_unordered", "a\nb\n") {`,
	} {
		if !strings.Contains(src, want) {
			t.Errorf("rewritten file lacks %q:\n%s", want, src)
		}
	}
	if n := strings.Count(src, "ExampleElsewhere("); n != 2 {
		t.Errorf("%d examples guarded, want 2 (ExampleQuiet has no output comment):\n%s", n, src)
	}
}
