package globals

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

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
	*_vtbW(2, _vtbS+5, &names) = append(*_vtbR(2, _vtbS+6, &names), "x")
//line globals.go:23:1
	*_vtbW(3, _vtbS+7, &table[i]) = *_vtbR(3, _vtbS+8, &table[i+1]) + limit
//line globals.go:24:1
	if *_vtbR(4, _vtbS+9, &config.debug) && *_vtbR(0, _vtbS+10, &counter) > 0 {
//line globals.go:25:1
		return (*_vtbR(5, _vtbS+11, &hook))(*_vtbR(0, _vtbS+12, &counter))
	}
//line globals.go:27:1
	p := &counter
//line globals.go:28:1
	*p = 3
//line globals.go:29:1
	var n [len(table)]int
//line globals.go:30:1
	_ = n
//line globals.go:31:1
	x, y := *_vtbR(0, _vtbS+13, &counter), len(*_vtbR(2, _vtbS+14, &names))
//line globals.go:32:1
	return x + y
}

var _vtbG [6]_vtbrt.Guard

var _vtbS = _vtbrt.Register("example.com/globals", []_vtbrt.Site{
	{File: "globals.go", Line: 16, Col: 2, Kind: _vtbrt.KWrite, Group: "example.com/globals.counter", Name: "counter"},
	{File: "globals.go", Line: 17, Col: 2, Kind: _vtbrt.KWrite, Group: "example.com/globals.counter", Name: "counter"},
	{File: "globals.go", Line: 18, Col: 2, Kind: _vtbrt.KWrite, Group: "example.com/globals.total", Name: "total"},
	{File: "globals.go", Line: 18, Col: 10, Kind: _vtbrt.KRead, Group: "example.com/globals.total", Name: "total"},
	{File: "globals.go", Line: 18, Col: 24, Kind: _vtbrt.KRead, Group: "example.com/globals.counter", Name: "counter"},
	{File: "globals.go", Line: 22, Col: 2, Kind: _vtbrt.KWrite, Group: "example.com/globals.names", Name: "names"},
	{File: "globals.go", Line: 22, Col: 17, Kind: _vtbrt.KRead, Group: "example.com/globals.names", Name: "names"},
	{File: "globals.go", Line: 23, Col: 2, Kind: _vtbrt.KWrite, Group: "example.com/globals.table", Name: "table[i]"},
	{File: "globals.go", Line: 23, Col: 13, Kind: _vtbrt.KRead, Group: "example.com/globals.table", Name: "table[i + 1]"},
	{File: "globals.go", Line: 24, Col: 5, Kind: _vtbrt.KRead, Group: "example.com/globals.config", Name: "config.debug"},
	{File: "globals.go", Line: 24, Col: 21, Kind: _vtbrt.KRead, Group: "example.com/globals.counter", Name: "counter"},
	{File: "globals.go", Line: 25, Col: 10, Kind: _vtbrt.KRead, Group: "example.com/globals.hook", Name: "hook"},
	{File: "globals.go", Line: 25, Col: 15, Kind: _vtbrt.KRead, Group: "example.com/globals.counter", Name: "counter"},
	{File: "globals.go", Line: 31, Col: 10, Kind: _vtbrt.KRead, Group: "example.com/globals.counter", Name: "counter"},
	{File: "globals.go", Line: 31, Col: 23, Kind: _vtbrt.KRead, Group: "example.com/globals.names", Name: "names"},
}, _vtbG[:])

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
