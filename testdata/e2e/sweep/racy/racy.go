// Package racy has a check-then-act bug: two withdrawals may both see
// enough money. fixed.go.txt is the fixed version the sweep test swaps in.
package racy

import "sync"

// Account is a bank account.
type Account struct {
	mu      sync.Mutex
	balance int
}

// Withdraw takes n if the balance allows it.
func (a *Account) Withdraw(n int) bool {
	a.mu.Lock()
	ok := a.balance >= n
	a.mu.Unlock()
	if !ok {
		return false
	}
	a.mu.Lock()
	a.balance -= n
	a.mu.Unlock()
	return true
}
