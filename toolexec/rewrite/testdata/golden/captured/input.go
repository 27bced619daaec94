package captured

func Sum(xs []int) int {
	total := 0
	done := make(chan bool)
	go func() {
		for _, x := range xs {
			total += x
		}
		done <- true
	}()
	<-done
	return total
}

func Counter() func() int {
	n := 0
	return func() int {
		n++
		return n
	}
}

func NotCaptured() int {
	local := 1
	local++
	return local
}
