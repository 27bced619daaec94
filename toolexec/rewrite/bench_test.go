package rewrite

import (
	"os"
	"path/filepath"
	"testing"
	"time"
	"unsafe"

	"github.com/vtbound/vtbound/rt"
)

// These mirror the helpers registrationSource emits, to measure what an
// instrumented access costs when its group's guard is off.
var (
	benchGuards [1]rt.Guard
	benchShared [64]int
)

func benchR[T any](g int, site int32, p *T) *T {
	if benchGuards[g].On() {
		rt.Read(site, unsafe.Pointer(p))
	}
	return p
}

func benchW[T any](g int, site int32, p *T) *T {
	if benchGuards[g].On() {
		rt.Write(site, unsafe.Pointer(p))
	}
	return p
}

//go:noinline
func nativeLoop() int {
	s := 0
	for i := range benchShared {
		benchShared[i]++
		s += benchShared[i]
	}
	return s
}

// exprLoop uses the expression form *_vtbW(...) of every access.
//
//go:noinline
func exprLoop() int {
	s := 0
	for i := range benchShared {
		*benchW(0, 1, &benchShared[i])++
		s += *benchR(0, 2, &benchShared[i])
	}
	return s
}

// stmtLoop uses the guard-statement form of single-access statements.
//
//go:noinline
func stmtLoop() int {
	s := 0
	for i := range benchShared {
		if benchGuards[0].On() {
			rt.Write(1, unsafe.Pointer(&benchShared[i]))
		}
		benchShared[i]++
		if benchGuards[0].On() {
			rt.Read(2, unsafe.Pointer(&benchShared[i]))
		}
		s += benchShared[i]
	}
	return s
}

// ratioToNative runs loop b.N times and reports its time as a ratio to
// nativeLoop run b.N times in the same benchmark (x-native).
func ratioToNative(b *testing.B, loop func() int) {
	start := time.Now()
	for range b.N {
		nativeLoop()
	}
	native := time.Since(start)
	b.ResetTimer()
	for range b.N {
		loop()
	}
	b.StopTimer()
	b.ReportMetric(float64(b.Elapsed())/float64(max(native, 1)), "x-native")
}

// BenchmarkGuardOffStmt measures untracked accesses in the guard-statement
// form (simple statements).
func BenchmarkGuardOffStmt(b *testing.B) { ratioToNative(b, stmtLoop) }

// BenchmarkGuardOffExpr measures untracked accesses in the expression form
// (everything else).
func BenchmarkGuardOffExpr(b *testing.B) { ratioToNative(b, exprLoop) }

// BenchmarkPackage measures the rewrite itself over the golden inputs
// (type-checked once), reporting the cost per input file.
func BenchmarkPackage(b *testing.B) {
	var inputs []*Input
	for _, c := range goldenCases(b) {
		src, err := os.ReadFile(filepath.Join(c.dir, "input.go"))
		if err != nil {
			b.Fatal(err)
		}
		inputs = append(inputs, typeCheck(b, c.filename(), src, c.lang))
	}
	b.ResetTimer()
	for range b.N {
		for _, in := range inputs {
			if _, err := Package(in); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(inputs)), "ns/file")
}
