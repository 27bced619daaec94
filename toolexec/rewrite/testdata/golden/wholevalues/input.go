package wholevalues

type Point struct{ X, Y int32 }

type Box struct {
	Min, Max Point
	Tags     [2]string
}

var (
	origin Point
	boxes  []Box
)

func Copy(b *Box) Point {
	*b = Box{}
	c := *b
	origin = c.Min
	b.Max.Y = 3
	boxes[0] = c
	return b.Min
}
