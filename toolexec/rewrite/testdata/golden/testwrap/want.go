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
	"testing/synctest"
	"time"
)

var _vtbG [3]_vtbrt.Guard

//line testwrap_test.go:12:1
var shared int

//line testwrap_test.go:14:1
func TestCounter(t *testing.T) {
//line testwrap_test.go:14:1
	if !_vtbrt.Exploring(t) {
		_vtbrt.Test(t, TestCounter)
		return
	}
//line testwrap_test.go:15:1
	var wg sync.WaitGroup
//line testwrap_test.go:16:1
	_vtbrt.WGAdd(_vtbS+0, &wg, 1)
//line testwrap_test.go:17:1
	_vtbrt.Go(_vtbS+3, func() {
//line testwrap_test.go:18:1
		defer _vtbrt.WGDone(_vtbS+1, &wg)
//line testwrap_test.go:19:1
		if _vtbG[0].On() {
			_vtbrt.Write(_vtbS+2, _vtbunsafe.Pointer(&shared))
		}
//line testwrap_test.go:19:1
		shared++
//line testwrap_test.go:20:1
	})
//line testwrap_test.go:21:1
	_vtbrt.WGWait(_vtbS+4, &wg)
//line testwrap_test.go:22:1
	if *_vtbR(0, _vtbS+5, &shared) != 1 {
//line testwrap_test.go:23:1
		t.Fatal("lost update")
	}
}

//line testwrap_test.go:27:1
func TestParallel(t *testing.T) {
//line testwrap_test.go:27:1
	if !_vtbrt.Exploring(t) {
//line testwrap_test.go:28:1
		t.Parallel()
		_vtbrt.Test(t, TestParallel)
		return
	}
//line testwrap_test.go:29:1
	if _vtbG[0].On() {
		_vtbrt.Write(_vtbS+6, _vtbunsafe.Pointer(&shared))
	}
//line testwrap_test.go:29:1
	shared = 2
}

//line testwrap_test.go:32:1
func TestUnnamed(_vtbt *testing.T) {
//line testwrap_test.go:32:1
	if !_vtbrt.Exploring(_vtbt) {
		_vtbrt.Test(_vtbt, TestUnnamed)
		return
	}
//line testwrap_test.go:33:1
	if _vtbG[0].On() {
		_vtbrt.Write(_vtbS+7, _vtbunsafe.Pointer(&shared))
	}
//line testwrap_test.go:33:1
	shared = 3
}

//line testwrap_test.go:36:1
func TestTable(t *testing.T) {
//line testwrap_test.go:37:1
	cases := []struct {
		name string
		n    int
	}{{"one", 1}, {"two", 2}}
//line testwrap_test.go:41:1
	{
		_vtbr2 := cases
//line testwrap_test.go:41:1
		for _vtbk1 := range _vtbr2 {
//line testwrap_test.go:41:1
			_, tc := _vtbk1, *_vtbRR(1, _vtbS+8, &_vtbr2[_vtbk1])
			{
//line testwrap_test.go:42:1
				t.Run(tc.name, func(t *testing.T) {
//line testwrap_test.go:43:1
					t.Parallel()
//line testwrap_test.go:42:13
					_vtbrt.Test(t, func(t *testing.T) {
//line testwrap_test.go:44:1
						done := _vtbrt.MakeChan[int](_vtbS+9, 0)
//line testwrap_test.go:45:1
						_vtbrt.Go(_vtbS+11, func() {
//line testwrap_test.go:45:9
							_vtbrt.Send(_vtbS+10, done, tc.n)
						})
//line testwrap_test.go:46:1
						if _vtbrt.Recv(_vtbS+12, done) != tc.n {
//line testwrap_test.go:47:1
							t.Error("bad")
						}
					})
				})
			}
		}
	}
}

//line testwrap_test.go:53:1
func TestTablePrefix(t *testing.T) {
//line testwrap_test.go:54:1
	for _, tc := range []int{1, 2} {
//line testwrap_test.go:55:1
		t.Run("case", func(t *testing.T) {
//line testwrap_test.go:56:1
			tc := tc
//line testwrap_test.go:57:1
			t.Helper()
//line testwrap_test.go:58:1
			t.Parallel()
//line testwrap_test.go:55:14
			_vtbrt.Test(t, func(t *testing.T) {
//line testwrap_test.go:59:1
				done := _vtbrt.MakeChan[int](_vtbS+13, 0)
//line testwrap_test.go:60:1
				_vtbrt.Go(_vtbS+15, func() {
//line testwrap_test.go:60:11
					_vtbrt.Send(_vtbS+14, done, tc)
				})
//line testwrap_test.go:61:1
				_vtbrt.Recv(_vtbS+16, done)
			})
		})
	}
}

//line testwrap_test.go:66:1
func TestMixed(t *testing.T) {
//line testwrap_test.go:66:1
	if !_vtbrt.Exploring(t) {
		_vtbrt.Test(t, TestMixed)
		return
	}
//line testwrap_test.go:67:1
	ch := _vtbrt.MakeChan[int](_vtbS+17, 1)
//line testwrap_test.go:68:1
	_vtbrt.Send(_vtbS+18, ch, 1)
//line testwrap_test.go:69:1
	t.Run("sub", func(t *testing.T) {
//line testwrap_test.go:69:13
		_vtbrt.Test(t, func(t *testing.T) {
//line testwrap_test.go:70:1
			_vtbrt.Recv(_vtbS+19, ch)
		})
	})
}

//line testwrap_test.go:74:1
func helper(t *testing.T) {
//line testwrap_test.go:74:28
	if _vtbG[0].On() {
		_vtbrt.Write(_vtbS+20, _vtbunsafe.Pointer(&shared))
	}
//line testwrap_test.go:74:28
	shared = 4
}

//line testwrap_test.go:76:1
func Testlowercase(t *testing.T) {
//line testwrap_test.go:76:35
	if _vtbG[0].On() {
		_vtbrt.Write(_vtbS+21, _vtbunsafe.Pointer(&shared))
	}
//line testwrap_test.go:76:35
	shared = 5
}

//line testwrap_test.go:78:1
func BenchmarkX(b *testing.B) {
	for range b.N {
		shared++
	}
}

//line testwrap_test.go:84:1
func FuzzX(f *testing.F) {
//line testwrap_test.go:84:27
	f.Fuzz(func(t *testing.T, n int) {
//line testwrap_test.go:84:33
		_vtbrt.Fuzz(t, func(t *testing.T) {
//line testwrap_test.go:84:60
			if _vtbG[0].On() {
				_vtbrt.Write(_vtbS+22, _vtbunsafe.Pointer(&shared))
			}
//line testwrap_test.go:84:60
			shared = n
		}, n)
	})
}

//line testwrap_test.go:86:1
func ExampleX() { shared = 6 }

//line testwrap_test.go:88:1
func TestMain(m *testing.M) {
	shared = 0
	os.Exit(m.Run())
}

//line testwrap_test.go:93:1
func TestTableFuncs(t *testing.T) {
//line testwrap_test.go:94:1
	for _, tc := range []struct {
		name string
		run  func(ch chan int)
	}{
		{"send", func(ch chan int) {
//line testwrap_test.go:98:29
			_vtbrt.Send(_vtbS+23, ch, 1)
		}},
		{"close", func(ch chan int) {
//line testwrap_test.go:99:30
			_vtbrt.Close(_vtbS+24, ch)
		}},
	} {
//line testwrap_test.go:101:1
		t.Run(tc.name, func(t *testing.T) {
//line testwrap_test.go:101:15
			_vtbrt.Test(t, func(t *testing.T) {
//line testwrap_test.go:102:1
				ch := _vtbrt.MakeChan[int](_vtbS+25, 1)
//line testwrap_test.go:103:1
				tc.run(ch)
			})
		})
	}
}

//line testwrap_test.go:108:1
func TestNamedSubtest(t *testing.T) {
//line testwrap_test.go:109:1
	t.Run("named", helper)
//line testwrap_test.go:110:1
	t.Run("nested", func(t *testing.T) {
//line testwrap_test.go:111:1
		t.Run("inner", func(t *testing.T) {
//line testwrap_test.go:111:15
			_vtbrt.Test(t, func(t *testing.T) {
//line testwrap_test.go:111:35
				if _vtbG[0].On() {
					_vtbrt.Write(_vtbS+26, _vtbunsafe.Pointer(&shared))
				}
//line testwrap_test.go:111:35
				shared = 7
			})
		})
	})
}

//line testwrap_test.go:115:1
func TestAllocs(t *testing.T) {
//line testwrap_test.go:116:1
	var mu sync.Mutex
//line testwrap_test.go:117:1
	if n := testing.AllocsPerRun(10, func() {
//line testwrap_test.go:117:42
		_vtbrt.Lock(_vtbS+27, &mu)
//line testwrap_test.go:117:53
		if _vtbG[0].On() {
			_vtbrt.Write(_vtbS+28, _vtbunsafe.Pointer(&shared))
		}
//line testwrap_test.go:117:53
		shared++
//line testwrap_test.go:117:63
		_vtbrt.Unlock(_vtbS+29, &mu)
	}); n != 0 {
//line testwrap_test.go:118:1
		t.Errorf("%v allocations", n)
	}
}

// BenchmarkShared measures an increment under a lock.
//line testwrap_test.go:123:1
func BenchmarkShared(b *testing.B) {
	var mu sync.Mutex
	for range b.N {
		mu.Lock()
		shared++
		mu.Unlock()
	}
}

// TestBenchmarkAllocs asserts a benchmark's allocations: not wrapped.
//line testwrap_test.go:133:1
func TestBenchmarkAllocs(t *testing.T) {
//line testwrap_test.go:134:1
	if n := testing.Benchmark(BenchmarkShared).AllocsPerOp(); n != 0 {
//line testwrap_test.go:135:1
		t.Errorf("%d allocations per op", n)
	}
}

//line testwrap_test.go:139:1
func TestHeap(t *testing.T) {
//line testwrap_test.go:140:1
	var mu sync.Mutex
//line testwrap_test.go:141:1
	_vtbrt.Lock(_vtbS+30, &mu)
//line testwrap_test.go:142:1
	if _vtbG[0].On() {
		_vtbrt.Write(_vtbS+31, _vtbunsafe.Pointer(&shared))
	}
//line testwrap_test.go:142:1
	shared++
//line testwrap_test.go:143:1
	_vtbrt.Unlock(_vtbS+32, &mu)
//line testwrap_test.go:144:1
	var ms runtime.MemStats
//line testwrap_test.go:145:1
	runtime.ReadMemStats(&ms)
//line testwrap_test.go:146:1
	if *_vtbR(2, _vtbS+33, &ms.HeapInuse) > 1<<30 {
//line testwrap_test.go:147:1
		t.Errorf("%d bytes in use", *_vtbR(2, _vtbS+34, &ms.HeapInuse))
	}
}

//line testwrap_test.go:151:1
func TestAllocsSubtest(t *testing.T) {
//line testwrap_test.go:152:1
	t.Run("allocs", func(t *testing.T) {
//line testwrap_test.go:153:1
		_ = testing.AllocsPerRun(10, func() {
//line testwrap_test.go:153:38
			if _vtbG[0].On() {
				_vtbrt.Write(_vtbS+35, _vtbunsafe.Pointer(&shared))
			}
//line testwrap_test.go:153:38
			shared++
		})
	})
//line testwrap_test.go:155:1
	t.Run("explored", func(t *testing.T) {
//line testwrap_test.go:155:18
		_vtbrt.Test(t, func(t *testing.T) {
//line testwrap_test.go:155:38
			_vtbrt.Go(_vtbS+37, func() {
//line testwrap_test.go:155:49
				if _vtbG[0].On() {
					_vtbrt.Write(_vtbS+36, _vtbunsafe.Pointer(&shared))
				}
//line testwrap_test.go:155:49
				shared = 8
			})
		})
	})
}

// TestBubble is explored: synctest.Test and synctest.Wait call rt.
//line testwrap_test.go:159:1
func TestBubble(t *testing.T) {
//line testwrap_test.go:159:1
	if !_vtbrt.Exploring(t) {
		_vtbrt.Test(t, TestBubble)
		return
	}
//line testwrap_test.go:160:1
	_vtbrt.SynctestTest(_vtbS+43, t, func(t *testing.T) {
//line testwrap_test.go:161:1
		_vtbrt.Go(_vtbS+40, func() {
//line testwrap_test.go:161:12
			_vtbrt.Sleep(_vtbS+38, time.Second)
//line testwrap_test.go:161:37
			if _vtbG[0].On() {
				_vtbrt.Write(_vtbS+39, _vtbunsafe.Pointer(&shared))
			}
//line testwrap_test.go:161:37
			shared = 7
		})
//line testwrap_test.go:162:1
		_vtbrt.SynctestWait(_vtbS + 41)
//line testwrap_test.go:163:1
		_vtbrt.Sleep(_vtbS+42, time.Second)
	})
}

// TestBubbleAndSubtests calls synctest.Test besides t.Run: it is no
// dispatcher only, so its body is explored.
//line testwrap_test.go:169:1
func TestBubbleAndSubtests(t *testing.T) {
//line testwrap_test.go:169:1
	if !_vtbrt.Exploring(t) {
		_vtbrt.Test(t, TestBubbleAndSubtests)
		return
	}
//line testwrap_test.go:170:1
	_vtbrt.SynctestTest(_vtbS+45, t, func(t *testing.T) {
//line testwrap_test.go:170:38
		_vtbrt.SynctestWait(_vtbS + 44)
	})
//line testwrap_test.go:171:1
	t.Run("sub", func(t *testing.T) {
//line testwrap_test.go:171:13
		_vtbrt.Test(t, func(t *testing.T) {})
	})
}

var _vtbS = _vtbRegister()

var _ = time.Sleep

var _ = synctest.Wait

var _ = synctest.Test

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/testwrap", ""+
		"testwrap_test.go\t16\t2\tKSync\t\t\n"+
		"testwrap_test.go\t18\t9\tKSync\t\t\n"+
		"testwrap_test.go\t19\t3\tKWrite\texample.com/testwrap.shared\tshared\n"+
		"testwrap_test.go\t17\t2\tKGo\t\t\n"+
		"testwrap_test.go\t21\t2\tKSync\t\t\n"+
		"testwrap_test.go\t22\t5\tKRead\texample.com/testwrap.shared\tshared\n"+
		"testwrap_test.go\t29\t2\tKWrite\texample.com/testwrap.shared\tshared\n"+
		"testwrap_test.go\t33\t2\tKWrite\texample.com/testwrap.shared\tshared\n"+
		"testwrap_test.go\t41\t21\tKRead\telem:type:[]struct{name string; n int}\tcases[i]\n"+
		"testwrap_test.go\t44\t12\tKChan\t\t\n"+
		"testwrap_test.go\t45\t16\tKChan\t\t\n"+
		"testwrap_test.go\t45\t4\tKGo\t\t\n"+
		"testwrap_test.go\t46\t7\tKChan\t\t\n"+
		"testwrap_test.go\t59\t12\tKChan\t\t\n"+
		"testwrap_test.go\t60\t16\tKChan\t\t\n"+
		"testwrap_test.go\t60\t4\tKGo\t\t\n"+
		"testwrap_test.go\t61\t4\tKChan\t\t\n"+
		"testwrap_test.go\t67\t8\tKChan\t\t\n"+
		"testwrap_test.go\t68\t2\tKChan\t\t\n"+
		"testwrap_test.go\t70\t3\tKChan\t\t\n"+
		"testwrap_test.go\t74\t29\tKWrite\texample.com/testwrap.shared\tshared\n"+
		"testwrap_test.go\t76\t36\tKWrite\texample.com/testwrap.shared\tshared\n"+
		"testwrap_test.go\t84\t63\tKWrite\texample.com/testwrap.shared\tshared\n"+
		"testwrap_test.go\t98\t32\tKChan\t\t\n"+
		"testwrap_test.go\t99\t33\tKChan\t\t\n"+
		"testwrap_test.go\t102\t10\tKChan\t\t\n"+
		"testwrap_test.go\t111\t39\tKWrite\texample.com/testwrap.shared\tshared\n"+
		"testwrap_test.go\t117\t44\tKSync\t\t\n"+
		"testwrap_test.go\t117\t55\tKWrite\texample.com/testwrap.shared\tshared\n"+
		"testwrap_test.go\t117\t65\tKSync\t\t\n"+
		"testwrap_test.go\t141\t2\tKSync\t\t\n"+
		"testwrap_test.go\t142\t2\tKWrite\texample.com/testwrap.shared\tshared\n"+
		"testwrap_test.go\t143\t2\tKSync\t\t\n"+
		"testwrap_test.go\t146\t5\tKRead\texample.com/testwrap/testwrap_test.go:144:6\tms.HeapInuse\n"+
		"testwrap_test.go\t147\t31\tKRead\texample.com/testwrap/testwrap_test.go:144:6\tms.HeapInuse\n"+
		"testwrap_test.go\t153\t41\tKWrite\texample.com/testwrap.shared\tshared\n"+
		"testwrap_test.go\t155\t53\tKWrite\texample.com/testwrap.shared\tshared\n"+
		"testwrap_test.go\t155\t41\tKGo\t\t\n"+
		"testwrap_test.go\t161\t15\tKOther\t\t\n"+
		"testwrap_test.go\t161\t40\tKWrite\texample.com/testwrap.shared\tshared\n"+
		"testwrap_test.go\t161\t3\tKGo\t\t\n"+
		"testwrap_test.go\t162\t3\tKOther\t\t\n"+
		"testwrap_test.go\t163\t3\tKOther\t\t\n"+
		"testwrap_test.go\t160\t2\tKOther\t\t\n"+
		"testwrap_test.go\t170\t40\tKOther\t\t\n"+
		"testwrap_test.go\t170\t2\tKOther\t\t\n"+
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
