package rangechan

func source() chan int { return make(chan int) }

func Drain(ch chan int) (sum int) {
Loop:
	for v := range ch {
		if v < 0 {
			continue Loop
		}
		if v > 100 {
			break Loop
		}
		sum += v
	}
	for range source() {
	}
	var last int
	for last = range ch {
	}
	return sum + last
}
