package testwrap

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

//line testwrap_test.go:3:1
import (
	"os"
	"runtime"
	"sync"
	"testing"
)

var _vtbG [2]_vtbrt.Guard

//line testwrap_test.go:10:1
var shared int

//line testwrap_test.go:12:1
func TestCounter(t *testing.T) {
//line testwrap_test.go:12:1
	if !_vtbrt.Exploring(t) {
		_vtbrt.Test(t, TestCounter)
		return
	}
//line testwrap_test.go:13:1
	var wg sync.WaitGroup
//line testwrap_test.go:14:1
	_vtbrt.WGAdd(_vtbS+0, &wg, 1)
//line testwrap_test.go:15:1
	_vtbrt.Go(_vtbS+3, func() {
//line testwrap_test.go:16:1
		defer _vtbrt.WGDone(_vtbS+1, &wg)
//line testwrap_test.go:17:1
		if _vtbG[0].On() {
			_vtbrt.Write(_vtbS+2, _vtbunsafe.Pointer(&shared))
		}
//line testwrap_test.go:17:1
		shared++
//line testwrap_test.go:18:1
	})
//line testwrap_test.go:19:1
	_vtbrt.WGWait(_vtbS+4, &wg)
//line testwrap_test.go:20:1
	if *_vtbR(0, _vtbS+5, &shared) != 1 {
//line testwrap_test.go:21:1
		t.Fatal("lost update")
	}
}

//line testwrap_test.go:25:1
func TestParallel(t *testing.T) {
//line testwrap_test.go:25:1
	if !_vtbrt.Exploring(t) {
//line testwrap_test.go:26:1
		t.Parallel()
		_vtbrt.Test(t, TestParallel)
		return
	}
//line testwrap_test.go:27:1
	if _vtbG[0].On() {
		_vtbrt.Write(_vtbS+6, _vtbunsafe.Pointer(&shared))
	}
//line testwrap_test.go:27:1
	shared = 2
}

//line testwrap_test.go:30:1
func TestUnnamed(_vtbt *testing.T) {
//line testwrap_test.go:30:1
	if !_vtbrt.Exploring(_vtbt) {
		_vtbrt.Test(_vtbt, TestUnnamed)
		return
	}
//line testwrap_test.go:31:1
	if _vtbG[0].On() {
		_vtbrt.Write(_vtbS+7, _vtbunsafe.Pointer(&shared))
	}
//line testwrap_test.go:31:1
	shared = 3
}

//line testwrap_test.go:34:1
func TestTable(t *testing.T) {
//line testwrap_test.go:35:1
	cases := []struct {
		name string
		n    int
	}{{"one", 1}, {"two", 2}}
//line testwrap_test.go:39:1
	{
		_vtbr2 := cases
//line testwrap_test.go:39:1
		for _vtbk1 := range _vtbr2 {
//line testwrap_test.go:39:1
			_, tc := _vtbk1, *_vtbRR(1, _vtbS+8, &_vtbr2[_vtbk1])
			{
//line testwrap_test.go:40:1
				t.Run(tc.name, func(t *testing.T) {
//line testwrap_test.go:41:1
					t.Parallel()
//line testwrap_test.go:40:13
					_vtbrt.Test(t, func(t *testing.T) {
//line testwrap_test.go:42:1
						done := _vtbrt.MakeChan[int](_vtbS+9, 0)
//line testwrap_test.go:43:1
						_vtbrt.Go(_vtbS+11, func() {
//line testwrap_test.go:43:9
							_vtbrt.Send(_vtbS+10, done, tc.n)
						})
//line testwrap_test.go:44:1
						if _vtbrt.Recv(_vtbS+12, done) != tc.n {
//line testwrap_test.go:45:1
							t.Error("bad")
						}
					})
				})
			}
		}
	}
}

//line testwrap_test.go:51:1
func TestTablePrefix(t *testing.T) {
//line testwrap_test.go:52:1
	for _, tc := range []int{1, 2} {
//line testwrap_test.go:53:1
		t.Run("case", func(t *testing.T) {
//line testwrap_test.go:54:1
			tc := tc
//line testwrap_test.go:55:1
			t.Helper()
//line testwrap_test.go:56:1
			t.Parallel()
//line testwrap_test.go:53:14
			_vtbrt.Test(t, func(t *testing.T) {
//line testwrap_test.go:57:1
				done := _vtbrt.MakeChan[int](_vtbS+13, 0)
//line testwrap_test.go:58:1
				_vtbrt.Go(_vtbS+15, func() {
//line testwrap_test.go:58:11
					_vtbrt.Send(_vtbS+14, done, tc)
				})
//line testwrap_test.go:59:1
				_vtbrt.Recv(_vtbS+16, done)
			})
		})
	}
}

//line testwrap_test.go:64:1
func TestMixed(t *testing.T) {
//line testwrap_test.go:64:1
	if !_vtbrt.Exploring(t) {
		_vtbrt.Test(t, TestMixed)
		return
	}
//line testwrap_test.go:65:1
	ch := _vtbrt.MakeChan[int](_vtbS+17, 1)
//line testwrap_test.go:66:1
	_vtbrt.Send(_vtbS+18, ch, 1)
//line testwrap_test.go:67:1
	t.Run("sub", func(t *testing.T) {
//line testwrap_test.go:67:13
		_vtbrt.Test(t, func(t *testing.T) {
//line testwrap_test.go:68:1
			_vtbrt.Recv(_vtbS+19, ch)
		})
	})
}

//line testwrap_test.go:72:1
func helper(t *testing.T) {
//line testwrap_test.go:72:28
	if _vtbG[0].On() {
		_vtbrt.Write(_vtbS+20, _vtbunsafe.Pointer(&shared))
	}
//line testwrap_test.go:72:28
	shared = 4
}

//line testwrap_test.go:74:1
func Testlowercase(t *testing.T) {
//line testwrap_test.go:74:35
	if _vtbG[0].On() {
		_vtbrt.Write(_vtbS+21, _vtbunsafe.Pointer(&shared))
	}
//line testwrap_test.go:74:35
	shared = 5
}

//line testwrap_test.go:76:1
func BenchmarkX(b *testing.B) {
	for range b.N {
		shared++
	}
}

//line testwrap_test.go:82:1
func FuzzX(f *testing.F) {
//line testwrap_test.go:82:27
	f.Fuzz(func(t *testing.T, n int) {
//line testwrap_test.go:82:33
		_vtbrt.Fuzz(t, func(t *testing.T) {
//line testwrap_test.go:82:60
			if _vtbG[0].On() {
				_vtbrt.Write(_vtbS+22, _vtbunsafe.Pointer(&shared))
			}
//line testwrap_test.go:82:60
			shared = n
		}, n)
	})
}

//line testwrap_test.go:84:1
func ExampleX() { shared = 6 }

//line testwrap_test.go:86:1
func TestMain(m *testing.M) {
	shared = 0
	os.Exit(m.Run())
}

//line testwrap_test.go:91:1
func TestTableFuncs(t *testing.T) {
//line testwrap_test.go:92:1
	for _, tc := range []struct {
		name string
		run  func(ch chan int)
	}{
		{"send", func(ch chan int) {
//line testwrap_test.go:96:29
			_vtbrt.Send(_vtbS+23, ch, 1)
		}},
		{"close", func(ch chan int) {
//line testwrap_test.go:97:30
			_vtbrt.Close(_vtbS+24, ch)
		}},
	} {
//line testwrap_test.go:99:1
		t.Run(tc.name, func(t *testing.T) {
//line testwrap_test.go:99:15
			_vtbrt.Test(t, func(t *testing.T) {
//line testwrap_test.go:100:1
				ch := _vtbrt.MakeChan[int](_vtbS+25, 1)
//line testwrap_test.go:101:1
				tc.run(ch)
			})
		})
	}
}

//line testwrap_test.go:106:1
func TestNamedSubtest(t *testing.T) {
//line testwrap_test.go:107:1
	t.Run("named", helper)
//line testwrap_test.go:108:1
	t.Run("nested", func(t *testing.T) {
//line testwrap_test.go:109:1
		t.Run("inner", func(t *testing.T) {
//line testwrap_test.go:109:15
			_vtbrt.Test(t, func(t *testing.T) {
//line testwrap_test.go:109:35
				if _vtbG[0].On() {
					_vtbrt.Write(_vtbS+26, _vtbunsafe.Pointer(&shared))
				}
//line testwrap_test.go:109:35
				shared = 7
			})
		})
	})
}

//line testwrap_test.go:113:1
func TestAllocs(t *testing.T) {
//line testwrap_test.go:114:1
	var mu sync.Mutex
//line testwrap_test.go:115:1
	if n := testing.AllocsPerRun(10, func() {
//line testwrap_test.go:115:42
		_vtbrt.Lock(_vtbS+27, &mu)
//line testwrap_test.go:115:53
		if _vtbG[0].On() {
			_vtbrt.Write(_vtbS+28, _vtbunsafe.Pointer(&shared))
		}
//line testwrap_test.go:115:53
		shared++
//line testwrap_test.go:115:63
		_vtbrt.Unlock(_vtbS+29, &mu)
	}); n != 0 {
//line testwrap_test.go:116:1
		t.Errorf("%v allocations", n)
	}
}

//line testwrap_test.go:120:1
func TestHeap(t *testing.T) {
//line testwrap_test.go:121:1
	var mu sync.Mutex
//line testwrap_test.go:122:1
	_vtbrt.Lock(_vtbS+30, &mu)
//line testwrap_test.go:123:1
	if _vtbG[0].On() {
		_vtbrt.Write(_vtbS+31, _vtbunsafe.Pointer(&shared))
	}
//line testwrap_test.go:123:1
	shared++
//line testwrap_test.go:124:1
	_vtbrt.Unlock(_vtbS+32, &mu)
//line testwrap_test.go:125:1
	var ms runtime.MemStats
//line testwrap_test.go:126:1
	runtime.ReadMemStats(&ms)
//line testwrap_test.go:127:1
	if ms.HeapInuse > 1<<30 {
//line testwrap_test.go:128:1
		t.Errorf("%d bytes in use", ms.HeapInuse)
	}
}

//line testwrap_test.go:132:1
func TestAllocsSubtest(t *testing.T) {
//line testwrap_test.go:133:1
	t.Run("allocs", func(t *testing.T) {
//line testwrap_test.go:134:1
		_ = testing.AllocsPerRun(10, func() {
//line testwrap_test.go:134:38
			if _vtbG[0].On() {
				_vtbrt.Write(_vtbS+33, _vtbunsafe.Pointer(&shared))
			}
//line testwrap_test.go:134:38
			shared++
		})
	})
//line testwrap_test.go:136:1
	t.Run("explored", func(t *testing.T) {
//line testwrap_test.go:136:18
		_vtbrt.Test(t, func(t *testing.T) {
//line testwrap_test.go:136:38
			_vtbrt.Go(_vtbS+35, func() {
//line testwrap_test.go:136:49
				if _vtbG[0].On() {
					_vtbrt.Write(_vtbS+34, _vtbunsafe.Pointer(&shared))
				}
//line testwrap_test.go:136:49
				shared = 8
			})
		})
	})
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/testwrap", ""+
		"testwrap_test.go\t14\t2\tKSync\t\t\n"+
		"testwrap_test.go\t16\t9\tKSync\t\t\n"+
		"testwrap_test.go\t17\t3\tKWrite\texample.com/testwrap.shared\tshared\n"+
		"testwrap_test.go\t15\t2\tKGo\t\t\n"+
		"testwrap_test.go\t19\t2\tKSync\t\t\n"+
		"testwrap_test.go\t20\t5\tKRead\texample.com/testwrap.shared\tshared\n"+
		"testwrap_test.go\t27\t2\tKWrite\texample.com/testwrap.shared\tshared\n"+
		"testwrap_test.go\t31\t2\tKWrite\texample.com/testwrap.shared\tshared\n"+
		"testwrap_test.go\t39\t21\tKRead\telem:type:[]struct{name string; n int}\tcases[i]\n"+
		"testwrap_test.go\t42\t12\tKChan\t\t\n"+
		"testwrap_test.go\t43\t16\tKChan\t\t\n"+
		"testwrap_test.go\t43\t4\tKGo\t\t\n"+
		"testwrap_test.go\t44\t7\tKChan\t\t\n"+
		"testwrap_test.go\t57\t12\tKChan\t\t\n"+
		"testwrap_test.go\t58\t16\tKChan\t\t\n"+
		"testwrap_test.go\t58\t4\tKGo\t\t\n"+
		"testwrap_test.go\t59\t4\tKChan\t\t\n"+
		"testwrap_test.go\t65\t8\tKChan\t\t\n"+
		"testwrap_test.go\t66\t2\tKChan\t\t\n"+
		"testwrap_test.go\t68\t3\tKChan\t\t\n"+
		"testwrap_test.go\t72\t29\tKWrite\texample.com/testwrap.shared\tshared\n"+
		"testwrap_test.go\t74\t36\tKWrite\texample.com/testwrap.shared\tshared\n"+
		"testwrap_test.go\t82\t63\tKWrite\texample.com/testwrap.shared\tshared\n"+
		"testwrap_test.go\t96\t32\tKChan\t\t\n"+
		"testwrap_test.go\t97\t33\tKChan\t\t\n"+
		"testwrap_test.go\t100\t10\tKChan\t\t\n"+
		"testwrap_test.go\t109\t39\tKWrite\texample.com/testwrap.shared\tshared\n"+
		"testwrap_test.go\t115\t44\tKSync\t\t\n"+
		"testwrap_test.go\t115\t55\tKWrite\texample.com/testwrap.shared\tshared\n"+
		"testwrap_test.go\t115\t65\tKSync\t\t\n"+
		"testwrap_test.go\t122\t2\tKSync\t\t\n"+
		"testwrap_test.go\t123\t2\tKWrite\texample.com/testwrap.shared\tshared\n"+
		"testwrap_test.go\t124\t2\tKSync\t\t\n"+
		"testwrap_test.go\t134\t41\tKWrite\texample.com/testwrap.shared\tshared\n"+
		"testwrap_test.go\t136\t53\tKWrite\texample.com/testwrap.shared\tshared\n"+
		"testwrap_test.go\t136\t41\tKGo\t\t\n"+
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
