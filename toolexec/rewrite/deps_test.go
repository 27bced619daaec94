package rewrite

import (
	"regexp"
	"strings"
	"testing"
)

// depSource has concurrency operations and shared accesses (a package-level
// variable, a field through a pointer, an allocation) and a test function.
const depSource = `package dep

import (
	"sync"
	"testing"
)

var total int

type box struct{ n int }

func Run(mu *sync.Mutex) int {
	b := &box{}
	ch := make(chan int)
	go func() { mu.Lock(); total++; b.n++; mu.Unlock(); ch <- 1 }()
	return <-ch + total + b.n
}

func TestRun(t *testing.T) { Run(new(sync.Mutex)) }
`

// TestConcurrencyOnly: a dependency's concurrency operations are
// rewritten; its memory accesses, allocations and tests are not; its sites
// are registered as a dependency's.
func TestConcurrencyOnly(t *testing.T) {
	in := typeCheckFiles(t, map[string]string{"dep_test.go": depSource})
	in.IsTest = true
	in.ConcurrencyOnly = true
	out, err := Package(in)
	if err != nil {
		t.Fatal(err)
	}
	src := string(out.Files["dep_test.go"])
	for _, want := range []string{"_vtbrt.Go(", "_vtbrt.MakeChan", "_vtbrt.Lock(", "_vtbrt.Unlock(", "_vtbrt.Send", "_vtbrt.Recv", "_vtbrt.RegisterDependency("} {
		if !strings.Contains(src, want) {
			t.Errorf("rewritten dependency lacks %s:\n%s", want, src)
		}
	}
	for _, not := range []string{"_vtbrt.Test(", "_vtbrt.Alloc", "_vtbR(", "_vtbW(", "_vtbrt.RegisterTable("} {
		if strings.Contains(src, not) {
			t.Errorf("rewritten dependency has %s:\n%s", not, src)
		}
	}
	if guard := regexp.MustCompile(`_vtbG\[[0-9]+\]`); guard.MatchString(src) {
		t.Errorf("rewritten dependency has a guarded access %s:\n%s", guard.FindString(src), src)
	}
	if out.Sites != 0 || out.AllocSites != 0 {
		t.Errorf("%d access sites and %d allocation sites instrumented, want none", out.Sites, out.AllocSites)
	}

	full := typeCheckFiles(t, map[string]string{"dep_test.go": depSource})
	full.IsTest = true
	fout, err := Package(full)
	if err != nil {
		t.Fatal(err)
	}
	if fout.Sites == 0 || !strings.Contains(string(fout.Files["dep_test.go"]), "_vtbrt.Test(") {
		t.Errorf("the same package in scope: %d access sites, want some, and a wrapped test", fout.Sites)
	}
}
