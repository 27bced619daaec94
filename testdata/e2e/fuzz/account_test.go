package account

import "testing"

// FuzzDeposit's seeds pass on every schedule; go test -fuzz finds inputs
// (an amount >= 100) on which some schedule loses an update.
func FuzzDeposit(f *testing.F) {
	f.Add(int64(5), int64(7))
	f.Fuzz(func(t *testing.T, x, y int64) {
		if got := depositBoth(x, y); got != x+y {
			t.Fatalf("deposits of %d and %d: balance %d", x, y, got)
		}
	})
}

// FuzzDepositSeeds has one seed that passes on every schedule and one
// that fails on some: plain go test explores both.
func FuzzDepositSeeds(f *testing.F) {
	f.Add(int64(5), int64(7))
	f.Add(int64(500), int64(1))
	f.Fuzz(func(t *testing.T, x, y int64) {
		if got := depositBoth(x, y); got != x+y {
			t.Fatalf("deposits of %d and %d: balance %d", x, y, got)
		}
	})
}
