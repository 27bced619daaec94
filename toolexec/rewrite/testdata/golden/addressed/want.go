package addressed

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

var _vtbG [11]_vtbrt.Guard

//line addressed.go:3:1
type Item struct{ x, y int }

//line addressed.go:5:1
type Counter struct{ n int }

//line addressed.go:7:1
func (c *Counter) Inc() {
//line addressed.go:7:26
	if _vtbG[0].On() {
		_vtbrt.Write(_vtbS+0, _vtbunsafe.Pointer(&c.n))
	}
//line addressed.go:7:26
	c.n++
}

// GoArg passes x's address to a goroutine: the later write of x is an
// access (race detector: TestRaceFuncArgsRW).
//line addressed.go:11:1
func GoArg(done chan bool) {
//line addressed.go:12:1
	var x byte
//line addressed.go:13:1
	{
//line addressed.go:13:1
		_vtba1 := &x
//line addressed.go:13:1
		_vtbrt.Go(_vtbS+3, func() {
//line addressed.go:13:1
			func(y *byte) {
//line addressed.go:14:1
				if _vtbG[1].On() {
					_vtbrt.Read(_vtbS+1, _vtbunsafe.Pointer(&*y))
				}
//line addressed.go:14:1
				_ = *y
//line addressed.go:15:1
				_vtbrt.Send(_vtbS+2, done, true)
			}(_vtba1)
		})
	}
//line addressed.go:17:1
	if _vtbG[2].On() {
		_vtbrt.Write(_vtbS+4, _vtbunsafe.Pointer(&x))
	}
//line addressed.go:17:1
	x = 1
//line addressed.go:18:1
	_vtbrt.Recv(_vtbS+5, done)
}

// StructArg writes a field of a struct whose address a goroutine has
// (TestRaceStructInd).
//line addressed.go:23:1
func StructArg(done chan bool) {
//line addressed.go:24:1
	i := Item{}
//line addressed.go:25:1
	{
//line addressed.go:25:1
		_vtba2 := &i
//line addressed.go:25:1
		_vtbrt.Go(_vtbS+8, func() {
//line addressed.go:25:1
			func(p *Item) {
//line addressed.go:26:1
				*_vtbWR(3, _vtbS+6, &*p) = Item{}
//line addressed.go:27:1
				_vtbrt.Send(_vtbS+7, done, true)
			}(_vtba2)
		})
	}
//line addressed.go:29:1
	if _vtbG[4].On() {
		_vtbrt.Write(_vtbS+9, _vtbunsafe.Pointer(&i.y))
	}
//line addressed.go:29:1
	i.y = 42
//line addressed.go:30:1
	_vtbrt.Recv(_vtbS+10, done)
}

// Sent sends the address of a local on a channel (TestRaceTLS).
//line addressed.go:34:1
func Sent(comm chan *int) {
//line addressed.go:35:1
	var x int
//line addressed.go:36:1
	_vtbrt.Send(_vtbS+11, comm, &x)
//line addressed.go:37:1
	if _vtbG[5].On() {
		_vtbrt.Write(_vtbS+12, _vtbunsafe.Pointer(&x))
	}
//line addressed.go:37:1
	x = 1
//line addressed.go:38:1
	{
//line addressed.go:38:1
		_vtbv3 := *_vtbR(6, _vtbS+14, &*(_vtbrt.Recv(_vtbS+13, comm)))
//line addressed.go:38:1
		*_vtbW(5, _vtbS+15, &x) = _vtbv3
	}
}

// InInterface stores the address in an interface that a type switch
// unpacks (TestRaceCaseTypeBody).
//line addressed.go:43:1
func InInterface(c chan int) {
//line addressed.go:44:1
	var x, y int
//line addressed.go:45:1
	var i any = &x
//line addressed.go:46:1
	_vtbrt.Go(_vtbS+18, func() {
//line addressed.go:47:1
		switch i := i.(type) {
//line addressed.go:48:1
		case *int:
//line addressed.go:49:1
			if _vtbG[6].On() {
				_vtbrt.Write(_vtbS+16, _vtbunsafe.Pointer(&*i))
			}
//line addressed.go:49:1
			*i = y
		}
//line addressed.go:51:1
		_vtbrt.Send(_vtbS+17, c, 1)
	})
//line addressed.go:53:1
	if _vtbG[7].On() {
		_vtbrt.Write(_vtbS+19, _vtbunsafe.Pointer(&x))
	}
//line addressed.go:53:1
	x = y
//line addressed.go:54:1
	_vtbrt.Recv(_vtbS+20, c)
}

// Implicit takes addresses implicitly: a pointer-receiver method on a
// value, and slicing an array.
//line addressed.go:59:1
func Implicit() int {
//line addressed.go:60:1
	var c Counter
//line addressed.go:61:1
	c.Inc()
//line addressed.go:62:1
	var buf [4]byte
//line addressed.go:63:1
	b := buf[:]
//line addressed.go:64:1
	if _vtbG[8].On() {
		_vtbrt.Write(_vtbS+21, _vtbunsafe.Pointer(&b[0]))
	}
//line addressed.go:64:1
	b[0] = 1
//line addressed.go:65:1
	return *_vtbR(9, _vtbS+22, &c.n) + int(*_vtbR(10, _vtbS+23, &buf[0]))
}

// NotAddressed keeps a local whose address is never taken: no access.
//line addressed.go:69:1
func NotAddressed() int {
//line addressed.go:70:1
	v := Item{x: 1}
//line addressed.go:71:1
	v.y = 2
//line addressed.go:72:1
	return v.x + v.y
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/addressed", ""+
		"addressed.go\t7\t27\tKWrite\texample.com/addressed.Counter.n\tc.n\n"+
		"addressed.go\t14\t7\tKRead\ttype:byte\t*y\n"+
		"addressed.go\t15\t3\tKChan\t\t\n"+
		"addressed.go\t13\t2\tKGo\t\t\n"+
		"addressed.go\t17\t2\tKWrite\texample.com/addressed/addressed.go:12:6\tx\n"+
		"addressed.go\t18\t2\tKChan\t\t\n"+
		"addressed.go\t26\t3\tKWrite\ttype:example.com/addressed.Item\t*p\n"+
		"addressed.go\t27\t3\tKChan\t\t\n"+
		"addressed.go\t25\t2\tKGo\t\t\n"+
		"addressed.go\t29\t2\tKWrite\texample.com/addressed/addressed.go:24:2\ti.y\n"+
		"addressed.go\t30\t2\tKChan\t\t\n"+
		"addressed.go\t36\t2\tKChan\t\t\n"+
		"addressed.go\t37\t2\tKWrite\texample.com/addressed/addressed.go:35:6\tx\n"+
		"addressed.go\t38\t8\tKChan\t\t\n"+
		"addressed.go\t38\t6\tKRead\ttype:int\t*(<-comm)\n"+
		"addressed.go\t38\t2\tKWrite\texample.com/addressed/addressed.go:35:6\tx\n"+
		"addressed.go\t49\t4\tKWrite\ttype:int\t*i\n"+
		"addressed.go\t51\t3\tKChan\t\t\n"+
		"addressed.go\t46\t2\tKGo\t\t\n"+
		"addressed.go\t53\t2\tKWrite\texample.com/addressed/addressed.go:44:6\tx\n"+
		"addressed.go\t54\t2\tKChan\t\t\n"+
		"addressed.go\t64\t2\tKWrite\telem:type:[]byte\tb[0]\n"+
		"addressed.go\t65\t9\tKRead\texample.com/addressed/addressed.go:60:6\tc.n\n"+
		"addressed.go\t65\t19\tKRead\texample.com/addressed/addressed.go:62:6\tbuf[0]\n"+
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

func _vtbWR[T any](g int, site int32, p *T) *T {
	if _vtbG[g].On() {
		_vtbrt.WriteRange(site, _vtbunsafe.Pointer(p), _vtbunsafe.Sizeof(*p))
	}
	return p
}
