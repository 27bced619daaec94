package p

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

//line fuzzwrap_test.go:3:1
import (
	"sync"
	"testing"
)

var _vtbG [1]_vtbrt.Guard

//line fuzzwrap_test.go:8:1
var total int

//line fuzzwrap_test.go:10:1
func add(n int) {
//line fuzzwrap_test.go:11:1
	var wg sync.WaitGroup
//line fuzzwrap_test.go:12:1
	for i := 0; i < 2; i++ {
//line fuzzwrap_test.go:13:1
		_vtbrt.WGAdd(_vtbS+0, &wg, 1)
//line fuzzwrap_test.go:14:1
		_vtbrt.Go(_vtbS+3, func() {
//line fuzzwrap_test.go:14:12
			defer _vtbrt.WGDone(_vtbS+1, &wg)
//line fuzzwrap_test.go:14:29
			if _vtbG[0].On() {
				_vtbrt.Write(_vtbS+2, _vtbunsafe.Pointer(&total))
			}
//line fuzzwrap_test.go:14:29
			total += n
//line fuzzwrap_test.go:14:41
		})
	}
//line fuzzwrap_test.go:16:1
	_vtbrt.WGWait(_vtbS+4, &wg)
}

// A fuzz target: its function's body is explored per input.
//line fuzzwrap_test.go:20:1
func FuzzAdd(f *testing.F) {
//line fuzzwrap_test.go:21:1
	f.Add(1, "a")
//line fuzzwrap_test.go:22:1
	f.Fuzz(func(t *testing.T, n int, s string) {
//line fuzzwrap_test.go:22:7
		_vtbrt.Fuzz(t, func(t *testing.T) {
//line fuzzwrap_test.go:23:1
			add(n)
//line fuzzwrap_test.go:24:1
			if *_vtbR(0, _vtbS+5, &total) < 0 {
//line fuzzwrap_test.go:25:1
				t.Fatal(s)
			}
		}, n, s)
	})
}

// Blank and unnamed parameters are named to be passed on.
//line fuzzwrap_test.go:31:1
func FuzzBlank(f *testing.F) {
//line fuzzwrap_test.go:32:1
	f.Fuzz(func(_vtbf0 *testing.T, _vtbf1 []byte, b bool) {
//line fuzzwrap_test.go:32:7
		_vtbrt.Fuzz(_vtbf0, func(_ *testing.T) {
//line fuzzwrap_test.go:33:1
			if b {
//line fuzzwrap_test.go:34:1
				add(1)
			}
		}, _vtbf1, b)
	})
}

// A leading t.Parallel() stays outside the explored body.
//line fuzzwrap_test.go:40:1
func FuzzParallel(f *testing.F) {
//line fuzzwrap_test.go:41:1
	f.Fuzz(func(t *testing.T, s string) {
//line fuzzwrap_test.go:42:1
		t.Parallel()
//line fuzzwrap_test.go:41:7
		_vtbrt.Fuzz(t, func(t *testing.T) {
//line fuzzwrap_test.go:43:1
			add(len(s))
		}, s)
	})
}

// A function value (not a literal) is left alone.
//line fuzzwrap_test.go:48:1
func FuzzValue(f *testing.F) {
//line fuzzwrap_test.go:49:1
	f.Fuzz(check)
}

//line fuzzwrap_test.go:52:1
func check(t *testing.T, n int) {
//line fuzzwrap_test.go:52:34
	add(n)
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/p", ""+
		"fuzzwrap_test.go\t13\t3\tKSync\t\t\n"+
		"fuzzwrap_test.go\t14\t21\tKSync\t\t\n"+
		"fuzzwrap_test.go\t14\t32\tKWrite\texample.com/p.total\ttotal\n"+
		"fuzzwrap_test.go\t14\t3\tKGo\t\t\n"+
		"fuzzwrap_test.go\t16\t2\tKSync\t\t\n"+
		"fuzzwrap_test.go\t24\t6\tKRead\texample.com/p.total\ttotal\n"+
		"", _vtbG[:])
}

func _vtbR[T any](g int, site int32, p *T) *T {
	if _vtbG[g].On() {
		_vtbrt.Read(site, _vtbunsafe.Pointer(p))
	}
	return p
}

func _vtbW[T any](g int, site int32, p *T) *T {
	if _vtbG[g].On() {
		_vtbrt.Write(site, _vtbunsafe.Pointer(p))
	}
	return p
}
