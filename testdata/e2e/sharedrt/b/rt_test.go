package b

import (
	"testing"

	"github.com/vtbound/vtbound/rt"
)

func TestByHand(t *testing.T) {
	rt.Test(t, func(t *testing.T) {
		done := rt.MakeChan[bool](0, 0)
		rt.Go(0, func() { rt.Send(0, done, true) })
		rt.Recv(0, done)
	})
}
