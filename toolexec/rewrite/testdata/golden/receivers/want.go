package receivers

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

var _vtbG [7]_vtbrt.Guard

//line receivers.go:3:1
type Base int

//line receivers.go:5:1
func (b *Base) Foo() int {
//line receivers.go:5:27
	return 42
}

//line receivers.go:6:1
func (b Base) Bar() int {
//line receivers.go:6:27
	return int(b)
}

//line receivers.go:8:1
type Impl struct{ x, y int }

//line receivers.go:10:1
func (p Impl) Get() int {
//line receivers.go:10:28
	return p.x
}

//line receivers.go:11:1
func (p *Impl) Set(x int) {
//line receivers.go:11:28
	if _vtbG[0].On() {
		_vtbrt.Write(_vtbS+0, _vtbunsafe.Pointer(&p.x))
	}
//line receivers.go:11:28
	p.x = x
}

//line receivers.go:13:1
type Derived struct {
	pad int
	*Base
}

//line receivers.go:18:1
type Outer struct {
	Impl
	n int
}

// MethodValue reads *i when the method value is made: Get has a value
// receiver (race detector: TestRaceMethodValue3).
//line receivers.go:25:1
func MethodValue(i *Impl) func() int {
//line receivers.go:26:1
	return (*_vtbRR(1, _vtbS+1, i)).Get
}

// Thunks reads the embedded pointer d.Base for a promoted pointer method,
// and *d.Base too for a promoted value method (TestRaceMethodThunk,
// TestRaceMethodThunk4).
//line receivers.go:32:1
func Thunks(d *Derived) int {
//line receivers.go:33:1
	return (*_vtbR(2, _vtbS+2, &d.Base)).Foo() + (*_vtbRR(3, _vtbS+4, *_vtbR(2, _vtbS+3, &d.Base))).Bar()
}

// Local calls through a local whose address is taken: its embedded
// pointer field is a field of the variable.
//line receivers.go:38:1
func Local(done chan bool) int {
//line receivers.go:39:1
	var d Derived
//line receivers.go:40:1
	if _vtbG[4].On() {
		_vtbrt.Write(_vtbS+5, _vtbunsafe.Pointer(&d.Base))
	}
//line receivers.go:40:1
	d.Base = new(Base)
//line receivers.go:41:1
	{
//line receivers.go:41:1
		_vtba1 := &d
//line receivers.go:41:1
		_vtbrt.Go(_vtbS+8, func() {
//line receivers.go:41:1
			func(p *Derived) {
//line receivers.go:42:1
				*_vtbWR(5, _vtbS+6, &*p) = Derived{}
//line receivers.go:43:1
				_vtbrt.Send(_vtbS+7, done, true)
			}(_vtba1)
		})
	}
//line receivers.go:45:1
	return (*_vtbR(4, _vtbS+9, &d.Base)).Foo() + (*_vtbRR(3, _vtbS+11, *_vtbR(4, _vtbS+10, &d.Base))).Bar()
}

// Embedded calls a value method promoted from an embedded struct value
// through a pointer: it reads o.Impl whole, not o.n.
//line receivers.go:50:1
func Embedded(o *Outer) int {
//line receivers.go:51:1
	o.Impl.Set(1)
//line receivers.go:52:1
	return (*_vtbRR(6, _vtbS+12, &o.Impl)).Get()
}

// Direct keeps the receivers Go reads as written: a pointer method on a
// pointer reads nothing of its pointee.
//line receivers.go:57:1
func Direct(i *Impl) {
//line receivers.go:58:1
	i.Set(2)
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/receivers", ""+
		"receivers.go\t11\t29\tKWrite\texample.com/receivers.Impl.x\tp.x\n"+
		"receivers.go\t26\t9\tKRead\ttype:example.com/receivers.Impl\t*i\n"+
		"receivers.go\t33\t9\tKRead\texample.com/receivers.Derived.Base\td.Base\n"+
		"receivers.go\t33\t19\tKRead\texample.com/receivers.Derived.Base\td.Base\n"+
		"receivers.go\t33\t19\tKRead\ttype:example.com/receivers.Base\t*d.Base\n"+
		"receivers.go\t40\t2\tKWrite\texample.com/receivers/receivers.go:39:6\td.Base\n"+
		"receivers.go\t42\t3\tKWrite\ttype:example.com/receivers.Derived\t*p\n"+
		"receivers.go\t43\t3\tKChan\t\t\n"+
		"receivers.go\t41\t2\tKGo\t\t\n"+
		"receivers.go\t45\t9\tKRead\texample.com/receivers/receivers.go:39:6\td.Base\n"+
		"receivers.go\t45\t19\tKRead\texample.com/receivers/receivers.go:39:6\td.Base\n"+
		"receivers.go\t45\t19\tKRead\ttype:example.com/receivers.Base\t*d.Base\n"+
		"receivers.go\t52\t9\tKRead\texample.com/receivers.Outer.Impl\to.Impl\n"+
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

func _vtbWR[T any](g int, site int32, p *T) *T {
	if _vtbG[g].On() {
		_vtbrt.WriteRange(site, _vtbunsafe.Pointer(p), _vtbunsafe.Sizeof(*p))
	}
	return p
}
