//go:build go1.21

package rangechan121

func Spawn(ch chan int, out chan func() int) {
	for v := range ch {
		out <- func() int { return v }
	}
}
