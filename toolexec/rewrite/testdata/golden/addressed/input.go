package addressed

type Item struct{ x, y int }

type Counter struct{ n int }

func (c *Counter) Inc() { c.n++ }

// GoArg passes x's address to a goroutine: the later write of x is an
// access (race detector: TestRaceFuncArgsRW).
func GoArg(done chan bool) {
	var x byte
	go func(y *byte) {
		_ = *y
		done <- true
	}(&x)
	x = 1
	<-done
}

// StructArg writes a field of a struct whose address a goroutine has
// (TestRaceStructInd).
func StructArg(done chan bool) {
	i := Item{}
	go func(p *Item) {
		*p = Item{}
		done <- true
	}(&i)
	i.y = 42
	<-done
}

// Sent sends the address of a local on a channel (TestRaceTLS).
func Sent(comm chan *int) {
	var x int
	comm <- &x
	x = 1
	x = *(<-comm)
}

// InInterface stores the address in an interface that a type switch
// unpacks (TestRaceCaseTypeBody).
func InInterface(c chan int) {
	var x, y int
	var i any = &x
	go func() {
		switch i := i.(type) {
		case *int:
			*i = y
		}
		c <- 1
	}()
	x = y
	<-c
}

// Implicit takes addresses implicitly: a pointer-receiver method on a
// value, and slicing an array.
func Implicit() int {
	var c Counter
	c.Inc()
	var buf [4]byte
	b := buf[:]
	b[0] = 1
	return c.n + int(buf[0])
}

// NotAddressed keeps a local whose address is never taken: no access.
func NotAddressed() int {
	v := Item{x: 1}
	v.y = 2
	return v.x + v.y
}
