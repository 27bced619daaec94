package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// overheadVariant is one way of running testdata/overhead.
type overheadVariant struct {
	name string
	bin  string
	env  []string
}

// BenchmarkInstrumentationOverhead measures, in one run, the time of the
// CPU-heavy concurrent computation of testdata/overhead (about 1.5·10^7
// memory accesses, a third of them to a shared table): natively,
// instrumented with no
// variable group tracked (v0), with one group tracked (v1) and with every
// group tracked (v-all), and reports the ratios v0/native, v1/native and
// v-all/v1 (paper Table 2). Each variant's time is the computation's own,
// logged by the test; the minimum over b.N runs is reported.
func BenchmarkInstrumentationOverhead(b *testing.B) {
	dir := b.TempDir()
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "testdata", "overhead"))); err != nil {
		b.Fatal(err)
	}
	native, inst := filepath.Join(dir, "native.test"), filepath.Join(dir, "inst.test")
	for _, args := range [][]string{{"test", "-c", "-o", native, "."}, {"test", "-c", toolexecFlag(b), "-o", inst, "."}} {
		if r := goCmd(b, dir, nil, args...); r.code != 0 {
			b.Fatalf("go %v:\n%s", args, r.output())
		}
	}
	one := capturedGroup(b, filepath.Join(dir, "overhead.go"), "example.com/overhead", "total")
	// Controlled goroutines run one at a time, so every variant is
	// compared at the same parallelism (GOMAXPROCS=1); parallel native is
	// reported for reference.
	serial := "GOMAXPROCS=1"
	variants := []overheadVariant{
		{"native-parallel", native, nil},
		{"native", native, []string{serial}},
		{"v0", inst, []string{serial, "VTBOUND_TRACK=none"}},
		{"v1", inst, []string{serial, "VTBOUND_TRACK=" + one}},
		{"v-all", inst, []string{serial, "VTBOUND_TRACK=all", "VTBOUND_MAXSTEPS=100000000"}},
	}
	best := map[string]float64{}
	for range b.N {
		for _, v := range variants {
			ns := runOverhead(b, dir, v)
			if old, ok := best[v.name]; !ok || ns < old {
				best[v.name] = ns
			}
		}
	}
	for _, v := range variants {
		b.ReportMetric(best[v.name]/1e6, "ms-"+v.name)
	}
	b.ReportMetric(best["v0"]/best["native"], "v0/native")
	b.ReportMetric(best["v1"]/best["native"], "v1/native")
	b.ReportMetric(best["v-all"]/best["v1"], "v-all/v1")
}

var tookRE = regexp.MustCompile(`histogram took (\d+) ns`)

// runOverhead runs one variant once and returns the computation's time.
func runOverhead(b *testing.B, dir string, v overheadVariant) float64 {
	cmd := exec.Command(v.bin, "-test.v", "-test.count=1", "-test.run=^TestHistogram$")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), append([]string{"VTBOUND_BUDGET=1,10m", "VTBOUND_DIR=" + b.TempDir()}, v.env...)...)
	out, err := cmd.CombinedOutput()
	m := tookRE.FindSubmatch(out)
	if err != nil || m == nil {
		b.Fatalf("%s: %v\n%s", v.name, err, out)
	}
	ns, _ := strconv.ParseFloat(string(m[1]), 64)
	return ns
}

// capturedGroup returns the variable group the alias analysis gives a
// variable captured by a closure: its declaration's position, qualified by
// the package path.
func capturedGroup(b *testing.B, file, pkg, name string) string {
	src, err := os.ReadFile(file)
	if err != nil {
		b.Fatal(err)
	}
	for i, line := range strings.Split(string(src), "\n") {
		if col := strings.Index(line, "var "+name+" "); col >= 0 {
			return fmt.Sprintf("%s/%s:%d:%d", pkg, filepath.Base(file), i+1, col+len("var ")+1)
		}
	}
	b.Fatalf("no declaration of %s in %s", name, file)
	return ""
}
