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
	src := rewriteTestFile(t, exampleSource)
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

const meterSource = `package a

import (
	"runtime"
	"sync"
	"testing"
)

var mu sync.Mutex

// mallocs counts f's allocations, as testing.AllocsPerRun would.
func mallocs(f func()) uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	before := m.Mallocs
	f()
	runtime.ReadMemStats(&m)
	return m.Mallocs - before
}

// allocsOf measures through another helper.
func allocsOf(f func()) uint64 { return mallocs(f) }

func TestHelper(t *testing.T) {
	if allocsOf(func() { mu.Lock(); mu.Unlock() }) != 0 {
		t.Error("allocates")
	}
}

func TestSubtests(t *testing.T) {
	t.Run("measured", func(t *testing.T) {
		if mallocs(func() { mu.Lock(); mu.Unlock() }) != 0 {
			t.Error("allocates")
		}
	})
	t.Run("explored", func(t *testing.T) { mu.Lock(); mu.Unlock() })
}
`

// TestMeasuringHelpersRunNatively: a test or subtest that measures memory
// through a helper of its package (jellydator/ttlcache's
// allocsPerSingleRun reads runtime.ReadMemStats around a call), even two
// calls deep, runs natively like one calling testing.AllocsPerRun itself;
// a sibling subtest that measures nothing is still explored.
func TestMeasuringHelpersRunNatively(t *testing.T) {
	src := rewriteTestFile(t, meterSource)
	if n := strings.Count(src, "_vtbrt.Test("); n != 1 {
		t.Errorf("%d bodies explored, want 1 (the subtest that measures nothing):\n%s", n, src)
	}
	if i, j := strings.Index(src, `t.Run("explored"`), strings.LastIndex(src, "_vtbrt.Test("); i < 0 || j < i {
		t.Errorf("the explored body is not the subtest that measures nothing:\n%s", src)
	}
}

// rewriteTestFile rewrites src as the file a_test.go of a test compile and
// returns the result.
func rewriteTestFile(t *testing.T, src string) string {
	t.Helper()
	in := typeCheckFiles(t, map[string]string{"a_test.go": src})
	in.IsTest = true
	out, err := Package(in)
	if err != nil {
		t.Fatal(err)
	}
	return string(out.Files["a_test.go"])
}
