package reflectchan

import "reflect"

// Merge forwards what arrives on any input to out, as a reflect.Select
// multiplexer does, until every input is closed.
func Merge(out chan<- int, ins ...<-chan int) {
	cases := make([]reflect.SelectCase, len(ins))
	for i, in := range ins {
		cases[i] = reflect.SelectCase{Dir: reflect.SelectRecv, Chan: reflect.ValueOf(in)}
	}
	for open := len(ins); open > 0; {
		i, v, ok := reflect.Select(cases)
		if !ok {
			cases[i].Chan = reflect.Value{}
			open--
			continue
		}
		reflect.ValueOf(out).Send(v)
	}
	reflect.ValueOf(out).Close()
}

// Poll receives from ch if it can.
func Poll(ch chan int) (int, bool) {
	v, ok := reflect.ValueOf(ch).TryRecv()
	if !v.IsValid() {
		return 0, false
	}
	return int(v.Int()), ok
}
