package gotos

func Retry(ch chan int, n int) int {
	i := 0
	if n > 0 {
		goto skip
	}
	go func(v int) { ch <- v }(n)
skip:
	i++
	if i < 3 {
		goto Again
	}
	return i
Again:
	for v := range ch {
		i += v
		if i > 10 {
			goto Sel
		}
	}
Sel:
	select {
	case v := <-ch:
		return v
	default:
	}
	return 0
}
