package globals

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

var _vtbG [8]_vtbrt.Guard

//line globals.go:3:1
var counter int

//line globals.go:5:1
var (
	total  int64
	names  []string
	table  [4]int
	config struct{ debug bool }
	hook   func(int) int
)

//line globals.go:13:1
const limit = len(table)

//line globals.go:15:1
func Inc() {
//line globals.go:16:1
	if _vtbG[0].On() {
		_vtbrt.Write(_vtbS+0, _vtbunsafe.Pointer(&counter))
	}
//line globals.go:16:1
	counter++
//line globals.go:17:1
	if _vtbG[0].On() {
		_vtbrt.Write(_vtbS+1, _vtbunsafe.Pointer(&counter))
	}
//line globals.go:17:1
	counter += 2
//line globals.go:18:1
	*_vtbW(1, _vtbS+2, &total) = *_vtbR(1, _vtbS+3, &total) + int64(*_vtbR(0, _vtbS+4, &counter))
}

//line globals.go:21:1
func Use(i int) int {
//line globals.go:22:1
	*_vtbW(2, _vtbS+5, &names) = _vtbAppend(3, _vtbS+7, false, *_vtbR(2, _vtbS+6, &names), "x")
//line globals.go:23:1
	*_vtbW(4, _vtbS+8, &table[i]) = *_vtbR(4, _vtbS+9, &table[i+1]) + limit
//line globals.go:24:1
	if *_vtbR(5, _vtbS+10, &config.debug) && *_vtbR(0, _vtbS+11, &counter) > 0 {
//line globals.go:25:1
		return (*_vtbR(6, _vtbS+12, &hook))(*_vtbR(0, _vtbS+13, &counter))
	}
//line globals.go:27:1
	p := &counter
//line globals.go:28:1
	if _vtbG[7].On() {
		_vtbrt.Write(_vtbS+14, _vtbunsafe.Pointer(&*p))
	}
//line globals.go:28:1
	*p = 3
//line globals.go:29:1
	var n [len(table)]int
//line globals.go:30:1
	_ = n
//line globals.go:31:1
	x, y := *_vtbR(0, _vtbS+15, &counter), len(*_vtbR(2, _vtbS+16, &names))
//line globals.go:32:1
	return x + y
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/globals", ""+
		"globals.go\t16\t2\tKWrite\texample.com/globals.counter\tcounter\n"+
		"globals.go\t17\t2\tKWrite\texample.com/globals.counter\tcounter\n"+
		"globals.go\t18\t2\tKWrite\texample.com/globals.total\ttotal\n"+
		"globals.go\t18\t10\tKRead\texample.com/globals.total\ttotal\n"+
		"globals.go\t18\t24\tKRead\texample.com/globals.counter\tcounter\n"+
		"globals.go\t22\t2\tKWrite\texample.com/globals.names\tnames\n"+
		"globals.go\t22\t17\tKRead\texample.com/globals.names\tnames\n"+
		"globals.go\t22\t10\tKWrite\telem:example.com/globals.names\tappend(names, \"x\")\n"+
		"globals.go\t23\t2\tKWrite\texample.com/globals.table\ttable[i]\n"+
		"globals.go\t23\t13\tKRead\texample.com/globals.table\ttable[i + 1]\n"+
		"globals.go\t24\t5\tKRead\texample.com/globals.config\tconfig.debug\n"+
		"globals.go\t24\t21\tKRead\texample.com/globals.counter\tcounter\n"+
		"globals.go\t25\t10\tKRead\texample.com/globals.hook\thook\n"+
		"globals.go\t25\t15\tKRead\texample.com/globals.counter\tcounter\n"+
		"globals.go\t28\t2\tKWrite\ttype:int\t*p\n"+
		"globals.go\t31\t10\tKRead\texample.com/globals.counter\tcounter\n"+
		"globals.go\t31\t23\tKRead\texample.com/globals.names\tnames\n"+
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

func _vtbAppend[S ~[]E, E any](g int, site int32, spread bool, s S, xs ...E) S {
	if _vtbG[g].On() {
		_vtbrt.Append(site, s, xs, spread)
	}
	return append(s, xs...)
}
