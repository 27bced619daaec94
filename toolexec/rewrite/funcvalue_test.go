package rewrite

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestFuncValuesModelled: modelled functions, method values and method
// expressions used as values, in functions and in package-level
// initialisers, become literals calling rt, without a warning.
func TestFuncValuesModelled(t *testing.T) {
	in := typeCheckFiles(t, map[string]string{
		"a.go": `package a

import (
	"runtime"
	"time"
)

var nowFunc = time.Now

var hooks = struct{ sleep func(time.Duration) }{sleep: time.Sleep}

var stopAny = (*time.Timer).Stop

func F(tm *time.Timer) {
	yield, stop := runtime.Gosched, tm.Stop
	yield()
	_ = stop()
	_ = time.Now()
}
`,
	})
	out, err := Package(in)
	if err != nil {
		t.Fatal(err)
	}
	if all := strings.Join(out.Warnings, "\n"); strings.Contains(all, "function value") {
		t.Errorf("warned about a modelled function value:\n%s", all)
	}
	src := string(out.Files["a.go"])
	for _, want := range []string{
		"var nowFunc = func() time.Time { return _vtbrt.Now(",
		"sleep: func(_vtbp0 time.Duration) { _vtbrt.Sleep(",
		"var stopAny = func(_vtbp0 *time.Timer) bool { return _vtbrt.TimerStop(",
		"func() { _vtbrt.Gosched(",
		"func(_vtbr *time.Timer) func() bool {",
		"}(tm)",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("output lacks %q:\n%s", want, src)
		}
	}
}

// funcValueSrc reads and waits on the clock only through function values
// made at package level, as code made testable this way does; natively
// TestVirtualHour takes an hour, under rt no real time.
const funcValueSrc = `package fv

import (
	"testing"
	"time"
)

var (
	nowFunc   = time.Now
	sleepFunc = time.Sleep
	afterFunc = time.After
)

func TestVirtualHour(t *testing.T) {
	start := nowFunc()
	sleepFunc(time.Hour)
	if d := nowFunc().Sub(start); d < time.Hour {
		t.Fatalf("nowFunc advanced by %v over a one-hour sleep", d)
	}
	tm := time.NewTimer(2 * time.Hour)
	stop := tm.Stop
	done := make(chan bool)
	go func() { <-afterFunc(time.Hour); done <- stop() }()
	if !<-done {
		t.Fatal("the two-hour timer had fired after one hour")
	}
	if d := time.Since(start); d < 2*time.Hour {
		t.Fatalf("time.Since = %v, want the two virtual hours slept", d)
	}
}
`

// TestFuncValueVirtualClock runs funcValueSrc rewritten, through the real
// go command: it passes only if the function values read and wait on the
// virtual clock (the go test timeout bounds a regression to real time).
func TestFuncValueVirtualClock(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test on a rewritten module")
	}
	dir := t.TempDir()
	fn := filepath.Join(dir, "fv_test.go")
	in := typeCheck(t, fn, []byte(funcValueSrc), "")
	out, err := Package(in)
	if err != nil {
		t.Fatal(err)
	}
	mod := writeModuleAt(t, dir, repoRoot(t), map[string][]byte{"fv/fv_test.go": out.Files[fn]})
	got, err := goCmd(t, mod, "test", "-count=1", "-timeout=120s", "-run=^TestVirtualHour$", "./fv")
	if err != nil || !strings.Contains(got, "ok") {
		t.Fatalf("TestVirtualHour failed under rt: %v\n%s", err, got)
	}
}
