package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// genModule writes a mid-size module into dir: pkgs packages of files
// files each, every package importing the previous one, with mutexes,
// channels, goroutines and shared fields, plus a main package. salt
// changes every file so that each build recompiles the whole module.
func genModule(t testing.TB, dir string, pkgs, files int, salt string) {
	t.Helper()
	write := func(name, text string) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module example.com/mid\n\ngo 1.22\n")
	for p := 0; p < pkgs; p++ {
		for f := 0; f < files; f++ {
			write(fmt.Sprintf("p%d/f%d.go", p, f), genFile(p, f, salt))
		}
	}
	write("cmd/mid/main.go", fmt.Sprintf("package main\n\nimport (\n\t\"fmt\"\n\n\tlast \"example.com/mid/p%d\"\n)\n\nfunc main() { fmt.Println(last.Run0(4)) }\n", pkgs-1))
}

// genFile returns one generated source file.
func genFile(p, f int, salt string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "// Package p%d is generated (%s).\npackage p%d\n\nimport (\n\t\"sync\"\n", p, salt, p)
	if p > 0 {
		fmt.Fprintf(&b, "\n\tprev \"example.com/mid/p%d\"\n", p-1)
	}
	b.WriteString(")\n\n")
	fmt.Fprintf(&b, "// State%d is shared state.\ntype State%d struct {\n\tmu sync.Mutex\n\tn, m int\n\tlog []int\n}\n\n", f, f)
	fmt.Fprintf(&b, "var total%d int\n\n", f)
	for fn := 0; fn < 6; fn++ {
		fmt.Fprintf(&b, "func (s *State%d) Step%d(k int) int {\n\ts.mu.Lock()\n\tdefer s.mu.Unlock()\n\tfor i := 0; i < k; i++ {\n\t\ts.n += i * %d\n\t\tif s.n%%3 == 0 {\n\t\t\ts.log = append(s.log, s.n)\n\t\t}\n\t}\n\ts.m = len(s.log)\n\treturn s.n + s.m\n}\n\n", f, fn, fn+1)
	}
	fmt.Fprintf(&b, "// Run%d runs workers over a channel.\nfunc Run%d(workers int) int {\n\tvar s State%d\n\tch := make(chan int)\n\tvar wg sync.WaitGroup\n\tfor w := 0; w < workers; w++ {\n\t\twg.Add(1)\n\t\tgo func() {\n\t\t\tdefer wg.Done()\n\t\t\tfor v := range ch {\n\t\t\t\ts.Step0(v)\n\t\t\t\ttotal%d += v\n\t\t\t}\n\t\t}()\n\t}\n\tfor i := 0; i < 10; i++ {\n\t\tselect {\n\t\tcase ch <- i:\n\t\t}\n\t}\n\tclose(ch)\n\twg.Wait()\n", f, f, f, f)
	if p > 0 {
		fmt.Fprintf(&b, "\treturn s.Step1(2) + prev.Run%d(workers)\n}\n", f)
	} else {
		b.WriteString("\treturn s.Step1(2)\n}\n")
	}
	return b.String()
}

// BenchmarkBuild measures `go build ./...` of a generated mid-size module
// (20 packages x 8 files) with -toolexec=vtbound against a plain build,
// both with a warm build cache for the standard library and rt, and the
// module itself changed before every build. It reports the wall-clock
// times and their ratio, and the CPU time of each build (user + system of
// the go command and every tool it ran), whose ratio is steadier than the
// wall-clock one on a loaded machine.
func BenchmarkBuild(b *testing.B) {
	dir := b.TempDir()
	var plain, inst buildTime
	build := func(salt string, flags ...string) buildTime {
		genModule(b, dir, 20, 8, salt)
		return timeBuild(b, dir, append(append([]string{"build"}, flags...), "./...")...)
	}
	build("warm-plain")
	build("warm-vtbound", toolexecFlag(b))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		plain.add(build(fmt.Sprintf("plain-%d", i)))
		inst.add(build(fmt.Sprintf("vtbound-%d", i), toolexecFlag(b)))
	}
	n := float64(b.N)
	b.ReportMetric(plain.wall.Seconds()/n, "plain-s/op")
	b.ReportMetric(inst.wall.Seconds()/n, "vtbound-s/op")
	b.ReportMetric(inst.wall.Seconds()/plain.wall.Seconds(), "vtbound/plain")
	b.ReportMetric(plain.cpu.Seconds()/n, "plain-cpu-s/op")
	b.ReportMetric(inst.cpu.Seconds()/n, "vtbound-cpu-s/op")
	b.ReportMetric(inst.cpu.Seconds()/plain.cpu.Seconds(), "cpu-vtbound/plain")
}

// buildTime is the wall-clock and CPU time of builds.
type buildTime struct{ wall, cpu time.Duration }

func (t *buildTime) add(u buildTime) { t.wall += u.wall; t.cpu += u.cpu }

// timeBuild runs the go command in dir, as goCmd does, and returns its
// wall-clock time and the CPU time of the process tree (the go command
// waits for every tool it runs, so its usage includes theirs).
func timeBuild(b *testing.B, dir string, args ...string) buildTime {
	b.Helper()
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	start := time.Now()
	out, err := cmd.CombinedOutput()
	wall := time.Since(start)
	if err != nil {
		b.Fatalf("go %v: %v\n%s", args, err, out)
	}
	return buildTime{wall: wall, cpu: cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()}
}
