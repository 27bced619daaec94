package usesrt

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

//line usesrt_test.go:3:1
import (
	"sync"
	"testing"

	"github.com/vtbound/vtbound/rt"
)

var _vtbG [0]_vtbrt.Guard

//line usesrt_test.go:10:1
func TestDirect(t *testing.T) {
//line usesrt_test.go:11:1
	rt.Test(t, func(t *testing.T) {
//line usesrt_test.go:12:1
		var mu sync.Mutex
//line usesrt_test.go:13:1
		rt.Go(0, func() {
//line usesrt_test.go:13:18
			rt.Lock(0, &mu)
//line usesrt_test.go:13:35
			rt.Unlock(0, &mu)
		})
//line usesrt_test.go:14:1
		_vtbrt.Lock(_vtbS+0, &mu)
//line usesrt_test.go:15:1
		_vtbrt.Unlock(_vtbS+1, &mu)
	})
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/usesrt", ""+
		"usesrt_test.go\t14\t3\tKSync\t\t\n"+
		"usesrt_test.go\t15\t3\tKSync\t\t\n"+
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
