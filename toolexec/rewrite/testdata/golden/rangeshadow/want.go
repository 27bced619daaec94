package rangeshadow

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

var _vtbG [6]_vtbrt.Guard

//line rangeshadow.go:3:1
var (
	cases []string
	seen  map[string]bool
	cur   string
	count int64
	grid  [4]int
)

//line rangeshadow.go:11:1
func Shadow(out chan<- string) {
//line rangeshadow.go:12:1
	{
		_vtbr2 := *_vtbR(0, _vtbS+0, &cases)
//line rangeshadow.go:12:1
		for _vtbk1 := range _vtbr2 {
//line rangeshadow.go:12:1
			_, c := _vtbk1, *_vtbR(1, _vtbS+1, &_vtbr2[_vtbk1])
			{
//line rangeshadow.go:13:1
				c := c
//line rangeshadow.go:14:1
				_vtbrt.Go(_vtbS+3, func() {
//line rangeshadow.go:14:10
					_vtbrt.Send(_vtbS+2, out, c)
				})
			}
		}
	}
//line rangeshadow.go:16:1
	for _vtbk3 := range _vtbM(3, _vtbS+5, false, *_vtbR(2, _vtbS+4, &seen)) {
//line rangeshadow.go:16:1
		*_vtbW(4, _vtbS+6, &cur) = _vtbk3
		{
		}
	}
//line rangeshadow.go:18:1
	for count = range 3 {
	}
//line rangeshadow.go:20:1
	for i := range grid {
//line rangeshadow.go:21:1
		if _vtbG[5].On() {
			_vtbrt.Write(_vtbS+7, _vtbunsafe.Pointer(&grid[i]))
		}
//line rangeshadow.go:21:1
		grid[i]++
	}
//line rangeshadow.go:23:1
	{
		_vtbr5 := *_vtbR(0, _vtbS+8, &cases)
	Outer:
//line rangeshadow.go:24:1
		for _vtbk4 := range _vtbr5 {
//line rangeshadow.go:24:1
			i, c := _vtbk4, *_vtbR(1, _vtbS+9, &_vtbr5[_vtbk4])
			{
//line rangeshadow.go:25:1
				if i > 1 {
//line rangeshadow.go:26:1
					continue Outer
				}
//line rangeshadow.go:28:1
				_vtbrt.Send(_vtbS+10, out, c)
			}
		}
	}
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/rangeshadow", ""+
		"rangeshadow.go\t12\t20\tKRead\texample.com/rangeshadow.cases\tcases\n"+
		"rangeshadow.go\t12\t20\tKRead\telem:example.com/rangeshadow.cases\tcases[i]\n"+
		"rangeshadow.go\t14\t15\tKChan\t\t\n"+
		"rangeshadow.go\t14\t3\tKGo\t\t\n"+
		"rangeshadow.go\t16\t18\tKRead\texample.com/rangeshadow.seen\tseen\n"+
		"rangeshadow.go\t16\t18\tKRead\telem:example.com/rangeshadow.seen\trange seen\n"+
		"rangeshadow.go\t16\t6\tKWrite\texample.com/rangeshadow.cur\tcur\n"+
		"rangeshadow.go\t21\t3\tKWrite\texample.com/rangeshadow.grid\tgrid[i]\n"+
		"rangeshadow.go\t24\t20\tKRead\texample.com/rangeshadow.cases\tcases\n"+
		"rangeshadow.go\t24\t20\tKRead\telem:example.com/rangeshadow.cases\tcases[i]\n"+
		"rangeshadow.go\t28\t3\tKChan\t\t\n"+
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

func _vtbM[M any](g int, site int32, write bool, m M) M {
	if _vtbG[g].On() {
		_vtbrt.Map(site, m, write)
	}
	return m
}
