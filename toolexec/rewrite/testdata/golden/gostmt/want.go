package gostmt

import (
	_vtbrt "github.com/vtbound/vtbound/rt"
	_vtbunsafe "unsafe"
)

//line gostmt.go:3:1
import "fmt"

var _vtbG [1]_vtbrt.Guard

//line gostmt.go:5:1
type Worker struct{ id int }

//line gostmt.go:7:1
func (w *Worker) Run(n int, ch chan<- string) {
//line gostmt.go:7:48
	_vtbrt.Send(_vtbS+1, ch, fmt.Sprint(*_vtbR(0, _vtbS+0, &w.id), n))
}

//line gostmt.go:9:1
func pair() (int, string) {
//line gostmt.go:9:28
	return 1, "a"
}

//line gostmt.go:11:1
func take(n int, s string) {}

//line gostmt.go:13:1
func variadic(prefix string, xs ...int) {}

//line gostmt.go:15:1
func apply[T any](v T) {}

//line gostmt.go:17:1
func Start(w *Worker, n int, ch chan string, next func() int) {
//line gostmt.go:18:1
	{
//line gostmt.go:18:1
		_vtbf1 := w.Run
//line gostmt.go:18:1
		_vtba2 := n + 1
//line gostmt.go:18:1
		_vtba3 := ch
//line gostmt.go:18:1
		_vtbrt.Go(_vtbS+2, func() {
//line gostmt.go:18:1
			_vtbf1(_vtba2, _vtba3)
		})
	}
//line gostmt.go:19:1
	{
//line gostmt.go:19:1
		_vtba4, _vtba5 := pair()
//line gostmt.go:19:1
		_vtbrt.Go(_vtbS+3, func() {
//line gostmt.go:19:1
			take(_vtba4, _vtba5)
		})
	}
//line gostmt.go:20:1
	{
//line gostmt.go:20:1
		_vtba6 := n
//line gostmt.go:20:1
		_vtbrt.Go(_vtbS+4, func() {
//line gostmt.go:20:1
			variadic("p", 1, _vtba6)
		})
	}
//line gostmt.go:21:1
	xs := []int{1, 2}
//line gostmt.go:22:1
	{
//line gostmt.go:22:1
		_vtba7 := xs
//line gostmt.go:22:1
		_vtbrt.Go(_vtbS+5, func() {
//line gostmt.go:22:1
			variadic("q", _vtba7...)
		})
	}
//line gostmt.go:23:1
	{
//line gostmt.go:23:1
		_vtba8 := n
//line gostmt.go:23:1
		_vtbrt.Go(_vtbS+6, func() {
//line gostmt.go:23:1
			apply(_vtba8)
		})
	}
//line gostmt.go:24:1
	{
//line gostmt.go:24:1
		_vtba9 := next()
//line gostmt.go:24:1
		_vtbrt.Go(_vtbS+7, func() {
//line gostmt.go:24:1
			func(k int) {
//line gostmt.go:25:1
				_ = k
			}(_vtba9)
		})
	}
//line gostmt.go:27:1
	{
//line gostmt.go:27:1
		_vtbf10 := next
//line gostmt.go:27:1
		_vtbrt.Go(_vtbS+8, func() {
//line gostmt.go:27:1
			_vtbf10()
		})
	}
//line gostmt.go:28:1
	{
//line gostmt.go:28:1
		_vtba11 := n
//line gostmt.go:28:1
		_vtbrt.Go(_vtbS+9, func() {
//line gostmt.go:28:1
			fmt.Println("started", _vtba11)
		})
	}
//line gostmt.go:29:1
	_vtbrt.Go(_vtbS+11, func() {
//line gostmt.go:30:1
		_vtbrt.Send(_vtbS+10, ch, "x")
	})
//line gostmt.go:32:1
	{
//line gostmt.go:32:1
		_vtba12 := ch
//line gostmt.go:32:1
		_vtbrt.Go(_vtbS+13, func() {
//line gostmt.go:32:1
			_vtbrt.Close(_vtbS+12, _vtba12)
		})
	}
}

var _vtbS = _vtbRegister()

func _vtbRegister() int32 {
	return _vtbrt.RegisterTable("example.com/gostmt", ""+
		"gostmt.go\t7\t66\tKRead\texample.com/gostmt.Worker.id\tw.id\n"+
		"gostmt.go\t7\t49\tKChan\t\t\n"+
		"gostmt.go\t18\t2\tKGo\t\t\n"+
		"gostmt.go\t19\t2\tKGo\t\t\n"+
		"gostmt.go\t20\t2\tKGo\t\t\n"+
		"gostmt.go\t22\t2\tKGo\t\t\n"+
		"gostmt.go\t23\t2\tKGo\t\t\n"+
		"gostmt.go\t24\t2\tKGo\t\t\n"+
		"gostmt.go\t27\t2\tKGo\t\t\n"+
		"gostmt.go\t28\t2\tKGo\t\t\n"+
		"gostmt.go\t30\t3\tKChan\t\t\n"+
		"gostmt.go\t29\t2\tKGo\t\t\n"+
		"gostmt.go\t32\t5\tKChan\t\t\n"+
		"gostmt.go\t32\t2\tKGo\t\t\n"+
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
