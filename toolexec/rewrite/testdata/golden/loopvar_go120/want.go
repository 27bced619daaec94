// Package loopvar120 is written for Go 1.20: an iteration variable
// declared with := is one variable for the whole loop, written by every
// iteration, so a goroutine started in one iteration races with the next
// one's write.
package loopvar120

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

//line loopvar_go120.go:7:1
import "sync"

var _vtbG [9]_vtbrt.Guard

//line loopvar_go120.go:9:1
type check struct{ Name string }

//line loopvar_go120.go:11:1
func use(p *string) int {
//line loopvar_go120.go:11:26
	if _vtbG[0].On() {
		_vtbrt.Read(_vtbS+0, _vtbunsafe.Pointer(&*p))
	}
//line loopvar_go120.go:11:26
	return len(*p)
}

//line loopvar_go120.go:13:1
type server struct {
	mu  sync.Mutex
	got []string
}

//line loopvar_go120.go:18:1
func (s *server) Write(v string) {
//line loopvar_go120.go:19:1
	_vtbrt.Lock(_vtbS+1, &s.mu)
//line loopvar_go120.go:20:1
	*_vtbW(1, _vtbS+2, &s.got) = _vtbAppend(2, _vtbS+4, false, *_vtbR(1, _vtbS+3, &s.got), v)
//line loopvar_go120.go:21:1
	_vtbrt.Unlock(_vtbS+5, &s.mu)
}

//line loopvar_go120.go:24:1
func Checks(checks []check) {
//line loopvar_go120.go:25:1
	var wg sync.WaitGroup
//line loopvar_go120.go:26:1
	for _, c := range checks {
//line loopvar_go120.go:26:7
		_vtbWR(3, _vtbS+6, &c)
//line loopvar_go120.go:27:1
		_vtbrt.WGAdd(_vtbS+7, &wg, 1)
//line loopvar_go120.go:28:1
		_vtbrt.Go(_vtbS+9, func() {
//line loopvar_go120.go:29:1
			defer _vtbrt.WGDone(_vtbS+8, &wg)
//line loopvar_go120.go:30:1
			use(&c.Name)
//line loopvar_go120.go:31:1
		})
	}
//line loopvar_go120.go:33:1
	_vtbrt.WGWait(_vtbS+10, &wg)
}

//line loopvar_go120.go:36:1
func Pairs(srv *server, tests [][2]string) {
//line loopvar_go120.go:37:1
	var wg sync.WaitGroup
//line loopvar_go120.go:38:1
	for i, pair := range tests {
//line loopvar_go120.go:38:7
		_vtbWR(4, _vtbS+11, &pair)
//line loopvar_go120.go:39:1
		_vtbrt.WGAdd(_vtbS+12, &wg, 1)
//line loopvar_go120.go:40:1
		_vtbrt.Go(_vtbS+15, func() {
//line loopvar_go120.go:41:1
			defer _vtbrt.WGDone(_vtbS+13, &wg)
//line loopvar_go120.go:42:1
			srv.Write(*_vtbR(4, _vtbS+14, &pair[0]))
//line loopvar_go120.go:43:1
		})
//line loopvar_go120.go:44:1
		_ = i
	}
//line loopvar_go120.go:46:1
	_vtbrt.WGWait(_vtbS+16, &wg)
}

//line loopvar_go120.go:49:1
func Keys(m map[string]int, out chan string) {
//line loopvar_go120.go:50:1
	for k := range _vtbM(5, _vtbS+17, false, m) {
//line loopvar_go120.go:50:4
		_vtbW(6, _vtbS+18, &k)
//line loopvar_go120.go:51:1
		_vtbrt.Go(_vtbS+21, func() {
//line loopvar_go120.go:51:12
			_vtbrt.Send(_vtbS+20, out, *_vtbR(6, _vtbS+19, &k))
		})
	}
}

//line loopvar_go120.go:55:1
func Received(in chan int, out chan int) {
//line loopvar_go120.go:56:1
	{
		_vtbc1 := in
		v, _vtbok2 := _vtbZ(_vtbc1)
//line loopvar_go120.go:56:1
		for {
//line loopvar_go120.go:56:1
			v, _vtbok2 = _vtbrt.Recv2(_vtbS+22, _vtbc1)
//line loopvar_go120.go:56:1
			if !_vtbok2 {
				break
			}
//line loopvar_go120.go:56:3
			_vtbW(7, _vtbS+26, &v)
			{
//line loopvar_go120.go:57:1
				_vtbrt.Go(_vtbS+25, func() {
//line loopvar_go120.go:57:10
					_vtbrt.Send(_vtbS+24, out, *_vtbR(7, _vtbS+23, &v))
				})
			}
		}
	}
}

//line loopvar_go120.go:61:1
func Counted(n int, out chan int) {
//line loopvar_go120.go:62:1
	for i := 0; *_vtbR(8, _vtbS+27, &i) < n; *_vtbW(8, _vtbS+28, &i)++ {
//line loopvar_go120.go:63:1
		_vtbrt.Go(_vtbS+31, func() {
//line loopvar_go120.go:63:12
			_vtbrt.Send(_vtbS+30, out, *_vtbR(8, _vtbS+29, &i))
		})
	}
}

// Local iteration variables no closure captures are not shared.
//line loopvar_go120.go:68:1
func Local(xs []int) int {
//line loopvar_go120.go:69:1
	t := 0
//line loopvar_go120.go:70:1
	for _, x := range xs {
//line loopvar_go120.go:71:1
		t += x
	}
//line loopvar_go120.go:73:1
	return t
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/loopvar120", ""+
		"loopvar_go120.go\t11\t38\tKRead\ttype:string\t*p\n"+
		"loopvar_go120.go\t19\t2\tKSync\t\t\n"+
		"loopvar_go120.go\t20\t2\tKWrite\texample.com/loopvar120.server.got\ts.got\n"+
		"loopvar_go120.go\t20\t17\tKRead\texample.com/loopvar120.server.got\ts.got\n"+
		"loopvar_go120.go\t20\t10\tKWrite\telem:example.com/loopvar120.server.got\tappend(s.got, v)\n"+
		"loopvar_go120.go\t21\t2\tKSync\t\t\n"+
		"loopvar_go120.go\t26\t9\tKWrite\texample.com/loopvar120/loopvar_go120.go:26:9\tc\n"+
		"loopvar_go120.go\t27\t3\tKSync\t\t\n"+
		"loopvar_go120.go\t29\t10\tKSync\t\t\n"+
		"loopvar_go120.go\t28\t3\tKGo\t\t\n"+
		"loopvar_go120.go\t33\t2\tKSync\t\t\n"+
		"loopvar_go120.go\t38\t9\tKWrite\texample.com/loopvar120/loopvar_go120.go:38:9\tpair\n"+
		"loopvar_go120.go\t39\t3\tKSync\t\t\n"+
		"loopvar_go120.go\t41\t10\tKSync\t\t\n"+
		"loopvar_go120.go\t42\t14\tKRead\texample.com/loopvar120/loopvar_go120.go:38:9\tpair[0]\n"+
		"loopvar_go120.go\t40\t3\tKGo\t\t\n"+
		"loopvar_go120.go\t46\t2\tKSync\t\t\n"+
		"loopvar_go120.go\t50\t17\tKRead\telem:type:map[string]int\trange m\n"+
		"loopvar_go120.go\t50\t6\tKWrite\texample.com/loopvar120/loopvar_go120.go:50:6\tk\n"+
		"loopvar_go120.go\t51\t22\tKRead\texample.com/loopvar120/loopvar_go120.go:50:6\tk\n"+
		"loopvar_go120.go\t51\t15\tKChan\t\t\n"+
		"loopvar_go120.go\t51\t3\tKGo\t\t\n"+
		"loopvar_go120.go\t56\t2\tKChanLoop\t\t\n"+
		"loopvar_go120.go\t57\t22\tKRead\texample.com/loopvar120/loopvar_go120.go:56:6\tv\n"+
		"loopvar_go120.go\t57\t15\tKChan\t\t\n"+
		"loopvar_go120.go\t57\t3\tKGo\t\t\n"+
		"loopvar_go120.go\t56\t6\tKWrite\texample.com/loopvar120/loopvar_go120.go:56:6\tv\n"+
		"loopvar_go120.go\t62\t14\tKRead\texample.com/loopvar120/loopvar_go120.go:62:6\ti\n"+
		"loopvar_go120.go\t62\t21\tKWrite\texample.com/loopvar120/loopvar_go120.go:62:6\ti\n"+
		"loopvar_go120.go\t63\t22\tKRead\texample.com/loopvar120/loopvar_go120.go:62:6\ti\n"+
		"loopvar_go120.go\t63\t15\tKChan\t\t\n"+
		"loopvar_go120.go\t63\t3\tKGo\t\t\n"+
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

func _vtbM[M any](g int, site int32, write bool, m M) M {
	if _vtbG[g].On() {
		_vtbrt.Map(site, m, write)
	}
	return m
}

func _vtbAppend[S ~[]E, E any](g int, site int32, spread bool, s S, xs ...E) S {
	if _vtbG[g].On() {
		_vtbrt.Append(site, s, xs, spread)
	}
	return append(s, xs...)
}

func _vtbZ[T any](<-chan T) (v T, ok bool) { return }
