package selects

func Loop(in <-chan int, out chan<- int, quit chan struct{}) int {
	total := 0
	var ok bool
	var last int
Outer:
	for {
		select {
		case v, more := <-in:
			if !more {
				break Outer
			}
			total += v
		case out <- total:
		case last, ok = <-in:
			_ = ok
		case <-quit:
			return total
		default:
			continue Outer
		}
	}
	return total + last
}

func First(a, b <-chan int) int {
	select {
	case v := <-a:
		return v
	case v := <-b:
		return v
	}
}

func Labeled(a <-chan int) {
L:
	select {
	case <-a:
		break L
	}
}

func Forever() {
	select {}
}
