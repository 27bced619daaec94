// Package inventory is vtbound's bundled example: a stock keeper whose
// Reserve checks and updates under separate critical sections.
package shared

import "sync"

// Inventory tracks how many of each item are in stock.
type Inventory struct {
	mu    sync.Mutex
	stock map[string]int // every access holds mu: no race to report
}

// New returns an inventory with the given stock.
func New(stock map[string]int) *Inventory {
	return &Inventory{stock: stock}
}

// Available returns the stock of item.
func (inv *Inventory) Available(item string) int {
	inv.mu.Lock()
	defer inv.mu.Unlock()
	return inv.stock[item]
}

// Reserve takes n of item if that many are available.
//
// BUG: the check and the update are separate critical sections, so two
// concurrent reservations can both pass the check.
func (inv *Inventory) Reserve(item string, n int) bool {
	if inv.Available(item) < n {
		return false
	}
	inv.mu.Lock()
	inv.stock[item] -= n
	inv.mu.Unlock()
	return true
}
