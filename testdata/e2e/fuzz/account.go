// Package account has a bug that needs both a particular input and a
// particular schedule: Deposit takes an unlocked fast path for large
// amounts, which loses an update when another deposit runs between its
// load and its store.
package account

import (
	"sync"
	"sync/atomic"
)

// Account is a balance updated by concurrent deposits.
type Account struct {
	mu  sync.Mutex
	bal atomic.Int64
}

// Deposit adds amount to the balance.
func (a *Account) Deposit(amount int64) {
	if amount >= 100 { // the "fast path": load and store, not atomic together
		v := a.bal.Load()
		a.bal.Store(v + amount)
		return
	}
	a.mu.Lock()
	a.bal.Add(amount)
	a.mu.Unlock()
}

// Balance returns the balance.
func (a *Account) Balance() int64 { return a.bal.Load() }

// depositBoth deposits x and y from two goroutines and returns the balance.
func depositBoth(x, y int64) int64 {
	var a Account
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { defer wg.Done(); a.Deposit(x) }()
	go func() { defer wg.Done(); a.Deposit(y) }()
	wg.Wait()
	return a.Balance()
}
