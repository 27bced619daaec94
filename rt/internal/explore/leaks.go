package explore

import (
	"debug/elf"
	"debug/gosym"
	"debug/macho"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/vtbound/vtbound/rt/internal/engine"
	"github.com/vtbound/vtbound/rt/internal/sched"
)

// The leak oracle's exceptions. The oracle itself is the engine's
// (engine/execution.go: goroutines still blocked when the test body
// returns; engine/spin.go: still busy-waiting); a leak whose goroutines
// all block in functions VTBOUND_IGNORE_LEAKS or goleak's options in
// TestMain name is accepted here, as goleak's IgnoreTopFunction does, and
// the execution passes.

// acceptedLeaks counts the leaked goroutines accepted by
// VTBOUND_IGNORE_LEAKS, by top function.
type acceptedLeaks struct {
	execs int
	tops  map[string]int
}

// goleakTops are the top functions accepted for every test of the
// process through goleak's options in TestMain (IgnoreLeaks).
var goleakTops struct {
	sync.Mutex
	names []string
}

// IgnoreLeaks adds top functions whose leaked goroutines every later
// exploration accepts, as if they were in VTBOUND_IGNORE_LEAKS.
func IgnoreLeaks(tops ...string) {
	goleakTops.Lock()
	defer goleakTops.Unlock()
	goleakTops.names = append(goleakTops.names, tops...)
}

// ignoredTops returns the accepted top functions: VTBOUND_IGNORE_LEAKS
// and those of goleak's options (IgnoreLeaks).
func (d *driver) ignoredTops() []string {
	goleakTops.Lock()
	defer goleakTops.Unlock()
	return append(slices.Clip(d.s.IgnoreLeaks), goleakTops.names...)
}

// acceptLeak turns an execution that failed only because goroutines
// leaked into a passing one when the top function of every leaked
// goroutine is in VTBOUND_IGNORE_LEAKS or goleak's options in TestMain
// (IgnoreLeaks), as goleak's IgnoreTopFunction does. It reports whether
// it did.
func (d *driver) acceptLeak(res *engine.Result) bool {
	if res.Failure == nil || res.Outcome != sched.Leak {
		return false
	}
	ignored := d.ignoredTops()
	if len(ignored) == 0 {
		return false
	}
	tops, err := leakedTops(res)
	if err != nil {
		warnf("%s: accepting leaks (VTBOUND_IGNORE_LEAKS, goleak options): %v; the leak is reported", d.t.Name(), err)
		return false
	}
	for _, top := range tops {
		if !slices.Contains(ignored, top) {
			return false
		}
	}
	if d.leaks.tops == nil {
		d.leaks.tops = map[string]int{}
	}
	d.leaks.execs++
	for _, top := range tops {
		d.leaks.tops[top]++
	}
	res.Failure, res.Outcome = nil, sched.OK
	return true
}

// summarizeLeaks prints one line about the accepted leaks, if any, on the
// test binary's standard error (where warnings go: it shows even when the
// test passes). The line names where the accepted functions came from.
func (d *driver) summarizeLeaks() {
	a := &d.leaks
	if a.execs == 0 {
		return
	}
	var names []string
	for top := range a.tops {
		names = append(names, top)
	}
	sort.Strings(names)
	fmt.Fprintf(os.Stderr, "vtbound: %s: accepted leaked goroutines in %d executions (%s): %s\n",
		d.t.Name(), a.execs, leakSource(names, d.s.IgnoreLeaks), strings.Join(names, ", "))
}

// leakSource says where the accepted top functions came from:
// VTBOUND_IGNORE_LEAKS (env), goleak's options in TestMain, or both.
func leakSource(names, env []string) string {
	fromEnv, fromGoleak := false, false
	for _, n := range names {
		if slices.Contains(env, n) {
			fromEnv = true
		} else {
			fromGoleak = true
		}
	}
	switch {
	case fromEnv && fromGoleak:
		return "VTBOUND_IGNORE_LEAKS, goleak options in TestMain"
	case fromGoleak:
		return "goleak options in TestMain"
	}
	return "VTBOUND_IGNORE_LEAKS"
}

// leakedTops returns the top function of each goroutine still blocked when
// the leak oracle fired: the function holding the operation it blocks on,
// named as in a Go stack trace ("pkg.(*T).loop"). The timer goroutine of a
// pending AfterFunc is not blocked: its timer fires when the clock moves.
func leakedTops(res *engine.Result) ([]string, error) {
	var tops []string
	for _, st := range res.States {
		if !st.Live || st.Pending.Kind == sched.OpTimer {
			continue // exited, or a pending AfterFunc: the leak oracle blames neither
		}
		site := engine.SiteInfo(st.Pending.Site)
		if site == nil {
			return nil, fmt.Errorf("G%d blocks at an operation without a source position", st.ID)
		}
		top, err := funcAt(site.File, int(site.Line))
		if err != nil {
			return nil, fmt.Errorf("G%d: %v", st.ID, err)
		}
		tops = append(tops, top)
	}
	return tops, nil
}

// lineTable is the test binary's own line table, read once, with the
// binary's source files by base name (sites name files relative to their
// package directory; the table names them in full).
var lineTable struct {
	once  sync.Once
	t     *gosym.Table
	files map[string][]string
	err   error
}

// funcAt names the function whose code is at file:line in this binary.
// When that code was inlined, it names the innermost inlined function, as
// a stack trace would.
func funcAt(file string, line int) (string, error) {
	lineTable.once.Do(loadLineTable)
	if lineTable.err != nil {
		return "", lineTable.err
	}
	names := map[string]bool{}
	var name string
	for _, full := range candidateFiles(file) {
		if pc, fn, err := lineTable.t.LineToPC(full, line); err == nil && fn != nil {
			name = innermost(pc, fn.Name)
			names[name] = true
		}
	}
	switch len(names) {
	case 0:
		return "", fmt.Errorf("no code at %s:%d in the test binary", file, line)
	case 1:
		return name, nil
	}
	return "", fmt.Errorf("%s:%d is ambiguous: several source files of the test binary are called %s", file, line, filepath.Base(file))
}

// candidateFiles returns the binary's source files a site's file name can
// mean: the file itself in the package directory (the working directory of
// a test), else every file of that base name.
func candidateFiles(file string) []string {
	if filepath.IsAbs(file) {
		return []string{file}
	}
	if wd, err := os.Getwd(); err == nil {
		full := filepath.Join(wd, file)
		if slices.Contains(lineTable.files[filepath.Base(file)], full) {
			return []string{full}
		}
	}
	return lineTable.files[filepath.Base(file)]
}

// innermost expands inlining at pc when the binary is mapped at its link
// address (the runtime then knows the same function at pc).
func innermost(pc uint64, name string) string {
	if rf := runtime.FuncForPC(uintptr(pc)); rf != nil && rf.Name() == name {
		frame, _ := runtime.CallersFrames([]uintptr{uintptr(pc) + 1}).Next()
		if frame.Function != "" {
			return frame.Function
		}
	}
	return name
}

// loadLineTable fills lineTable.
func loadLineTable() {
	t, err := readLineTable()
	if err != nil {
		lineTable.err = err
		return
	}
	files := map[string][]string{}
	for _, fn := range t.Funcs {
		file, _, _ := t.PCToLine(fn.Entry)
		base := filepath.Base(file)
		if file != "" && !slices.Contains(files[base], file) {
			files[base] = append(files[base], file)
		}
	}
	lineTable.t, lineTable.files = t, files
}

// readLineTable reads the Go line table of the running executable.
func readLineTable() (*gosym.Table, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	pcln, text, err := pclntab(exe)
	if err != nil {
		return nil, fmt.Errorf("cannot read the line table of %s: %w", exe, err)
	}
	return gosym.NewTable(nil, gosym.NewLineTable(pcln, text))
}

// pclntab returns the pclntab section of an ELF or Mach-O executable and
// the address of its text section.
func pclntab(exe string) ([]byte, uint64, error) {
	if f, err := elf.Open(exe); err == nil {
		defer f.Close()
		pcln, text := f.Section(".gopclntab"), f.Section(".text")
		if pcln == nil || text == nil {
			return nil, 0, errors.New("no .gopclntab section (a PIE or stripped binary?)")
		}
		data, err := pcln.Data()
		return data, text.Addr, err
	}
	if f, err := macho.Open(exe); err == nil {
		defer f.Close()
		pcln, text := f.Section("__gopclntab"), f.Section("__text")
		if pcln == nil || text == nil {
			return nil, 0, errors.New("no __gopclntab section")
		}
		data, err := pcln.Data()
		return data, text.Addr, err
	}
	return nil, 0, errors.New("neither ELF nor Mach-O")
}
