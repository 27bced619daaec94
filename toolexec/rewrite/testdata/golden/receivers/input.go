package receivers

type Base int

func (b *Base) Foo() int { return 42 }
func (b Base) Bar() int  { return int(b) }

type Impl struct{ x, y int }

func (p Impl) Get() int   { return p.x }
func (p *Impl) Set(x int) { p.x = x }

type Derived struct {
	pad int
	*Base
}

type Outer struct {
	Impl
	n int
}

// MethodValue reads *i when the method value is made: Get has a value
// receiver (race detector: TestRaceMethodValue3).
func MethodValue(i *Impl) func() int {
	return i.Get
}

// Thunks reads the embedded pointer d.Base for a promoted pointer method,
// and *d.Base too for a promoted value method (TestRaceMethodThunk,
// TestRaceMethodThunk4).
func Thunks(d *Derived) int {
	return d.Foo() + d.Bar()
}

// Local calls through a local whose address is taken: its embedded
// pointer field is a field of the variable.
func Local(done chan bool) int {
	var d Derived
	d.Base = new(Base)
	go func(p *Derived) {
		*p = Derived{}
		done <- true
	}(&d)
	return d.Foo() + d.Bar()
}

// Embedded calls a value method promoted from an embedded struct value
// through a pointer: it reads o.Impl whole, not o.n.
func Embedded(o *Outer) int {
	o.Set(1)
	return o.Get()
}

// Direct keeps the receivers Go reads as written: a pointer method on a
// pointer reads nothing of its pointee.
func Direct(i *Impl) {
	i.Set(2)
}
