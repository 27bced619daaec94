package misc

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

//line misc.go:3:1
import "fmt"

var _vtbG [4]_vtbrt.Guard

//line misc.go:5:1
type Config struct{ name string }

//line misc.go:7:1
func (c Config) Name() string {
//line misc.go:7:36
	return c.name
}

//line misc.go:8:1
func (c *Config) Rename(n string) {
//line misc.go:8:36
	if _vtbG[0].On() {
		_vtbrt.Write(_vtbS+0, _vtbunsafe.Pointer(&c.name))
	}
//line misc.go:8:36
	c.name = n
}

//line misc.go:10:1
var (
	cfg   Config
	mode  int
	_vtbS = _vtbRegister()
//line misc.go:13:1
	ready = func() chan bool {
//line misc.go:13:27
		return _vtbrt.MakeChan[bool](_vtbS+1, 1)
	}()
	any1 any
)

//line misc.go:17:1
func init() {
//line misc.go:18:1
	if _vtbG[1].On() {
		_vtbrt.Write(_vtbS+2, _vtbunsafe.Pointer(&mode))
	}
//line misc.go:18:1
	mode = 1
}

//line misc.go:21:1
func Dispatch(x int) string {
//line misc.go:22:1
	switch *_vtbR(1, _vtbS+3, &mode) {
//line misc.go:23:1
	case 0:
//line misc.go:24:1
		return "zero"
//line misc.go:25:1
	case x, *_vtbR(1, _vtbS+4, &mode) + 1:
//line misc.go:26:1
		return "one"
	}
//line misc.go:28:1
	switch v := (*_vtbR(2, _vtbS+5, &any1)).(type) {
//line misc.go:29:1
	case int:
//line misc.go:30:1
		if _vtbG[1].On() {
			_vtbrt.Read(_vtbS+6, _vtbunsafe.Pointer(&mode))
		}
//line misc.go:30:1
		return fmt.Sprint(v + mode)
	}
//line misc.go:32:1
	if *_vtbR(1, _vtbS+7, &mode) > 2 {
//line misc.go:33:1
		return "big"
	} else if *_vtbR(1, _vtbS+8, &mode) < 0 {
//line misc.go:35:1
		return "neg"
	} else {
//line misc.go:37:1
		cfg.Rename("x")
	}
//line misc.go:39:1
	defer func() {
//line misc.go:40:1
		if r := recover(); r != nil {
//line misc.go:41:1
			if _vtbG[1].On() {
				_vtbrt.Write(_vtbS+9, _vtbunsafe.Pointer(&mode))
			}
//line misc.go:41:1
			mode = -1
		}
	}()
//line misc.go:44:1
Start:
	{
//line misc.go:45:1
		_vtba1 := (*_vtbRR(3, _vtbS+10, &cfg)).Name()
//line misc.go:45:1
		_vtbrt.Go(_vtbS+11, func() {
//line misc.go:45:1
			fmt.Println(_vtba1)
		})
	}
//line misc.go:46:1
	if x > 10 {
//line misc.go:47:1
		x--
//line misc.go:48:1
		goto Start
	}
//line misc.go:50:1
	return (*_vtbRR(3, _vtbS+12, &cfg)).Name()
//line misc.go:51:1
}

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/misc", ""+
		"misc.go\t8\t37\tKWrite\texample.com/misc.Config.name\tc.name\n"+
		"misc.go\t13\t36\tKChan\t\t\n"+
		"misc.go\t18\t2\tKWrite\texample.com/misc.mode\tmode\n"+
		"misc.go\t22\t9\tKRead\texample.com/misc.mode\tmode\n"+
		"misc.go\t25\t10\tKRead\texample.com/misc.mode\tmode\n"+
		"misc.go\t28\t14\tKRead\texample.com/misc.any1\tany1\n"+
		"misc.go\t30\t25\tKRead\texample.com/misc.mode\tmode\n"+
		"misc.go\t32\t5\tKRead\texample.com/misc.mode\tmode\n"+
		"misc.go\t34\t12\tKRead\texample.com/misc.mode\tmode\n"+
		"misc.go\t41\t4\tKWrite\texample.com/misc.mode\tmode\n"+
		"misc.go\t45\t17\tKRead\texample.com/misc.cfg\tcfg\n"+
		"misc.go\t45\t2\tKGo\t\t\n"+
		"misc.go\t50\t9\tKRead\texample.com/misc.cfg\tcfg\n"+
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

func _vtbRR[T any](g int, site int32, p *T) *T {
	if _vtbG[g].On() {
		_vtbrt.ReadRange(site, _vtbunsafe.Pointer(p), _vtbunsafe.Sizeof(*p))
	}
	return p
}
