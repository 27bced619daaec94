package strategy_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/vtbound/vtbound/rt"
	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// chanPrograms are hand-written programs where the order of two
// operations the dependence relation calls independent still matters:
// a select waiting on both (two senders on its two channels; a sender
// and a receiver of one channel it waits on in both directions), and
// several senders and receivers of one channel.
func chanPrograms() map[string]func(obs *[]string) func(testing.TB) {
	return map[string]func(obs *[]string) func(testing.TB){
		"pairing": func(obs *[]string) func(testing.TB) {
			return func(testing.TB) {
				ch, done := rt.MakeChan[int](genBase+4, 0), rt.MakeChan[int](genBase+4, 0)
				rt.Go(genBase+3, func() { rt.Send(genBase+4, ch, 1) })
				rt.Go(genBase+3, func() { rt.Send(genBase+4, ch, 2) })
				rt.Go(genBase+3, func() { rt.Send(genBase+4, done, rt.Recv(genBase+4, ch)) })
				got := rt.Recv(genBase+4, ch)
				*obs = append(*obs, fmt.Sprint(got, rt.Recv(genBase+4, done)))
			}
		},
		"select-two-senders": func(obs *[]string) func(testing.TB) {
			return func(testing.TB) {
				a, b := rt.MakeChan[int](genBase+4, 0), rt.MakeChan[int](genBase+4, 1)
				rt.Go(genBase+3, func() { rt.Send(genBase+4, a, 1) })
				rt.Go(genBase+3, func() { rt.Send(genBase+4, b, 2) })
				ra, rb := rt.RecvCase(a), rt.RecvCase(b)
				i := rt.Select(genBase+4, false, ra, rb)
				*obs = append(*obs, fmt.Sprint(i, ra.V, rb.V))
				if i == 0 {
					rt.Recv(genBase+4, b)
				} else {
					rt.Recv(genBase+4, a)
				}
			}
		},
		"select-both-directions": func(obs *[]string) func(testing.TB) {
			return func(testing.TB) {
				ch, stop := rt.MakeChan[int](genBase+4, 0), rt.MakeChan[int](genBase+4, 0)
				var got [2]int
				rt.Go(genBase+3, func() {
					got[0] = rt.Select(genBase+4, false, rt.SendCase(ch, 1), rt.RecvCase(stop))
				})
				rt.Go(genBase+3, func() {
					got[1] = rt.Select(genBase+4, false, rt.RecvCase(ch), rt.RecvCase(stop))
				})
				r := rt.RecvCase(ch)
				i := rt.Select(genBase+4, false, rt.SendCase(ch, 7), r)
				rt.Close(genBase+4, stop)
				*obs = append(*obs, fmt.Sprint(i, r.V))
			}
		},
	}
}

// TestDPORChannelOutcomes: on chanPrograms dpor reaches every outcome
// that an enumeration of every schedule reaches, and no other. Where a
// select waits on two operations the relation calls independent, the
// enumeration may tell apart two orders of them that dpor takes for one
// trace (select-two-senders: 6 classes, dpor 5): the select's arrival is
// dependent with both, so each order of them relative to it is explored,
// and with it every case the select can take (docs/dpor.md, "Channels").
func TestDPORChannelOutcomes(t *testing.T) {
	for name, mk := range chanPrograms() {
		t.Run(name, func(t *testing.T) {
			p := genBody(mk)
			ref := &enumerator{budget: 100000}
			want, wantCls, n := outcomes(ref, p)
			if ref.cut {
				t.Fatalf("enumeration cut at %d schedules", n)
			}
			for _, optimal := range []bool{false, true} {
				d := strategy.NewDPOR(strategy.Config{Budget: 100000}).SetOptimal(optimal)
				got, cls, _ := outcomes(d, p)
				if !slices.Equal(keys(got), keys(want)) {
					t.Errorf("optimal=%v: outcomes %v, enumeration %v", optimal, keys(got), keys(want))
				}
				if !explored(d) {
					t.Errorf("optimal=%v: not complete: %s", optimal, d.Report())
				}
				t.Logf("optimal=%v: %d outcomes, %d classes (enumeration of %d schedules: %d classes); %s",
					optimal, len(got), len(cls), n, len(wantCls), d.Report())
			}
		})
	}
}
