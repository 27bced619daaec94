// Package checkact defines an Analyzer that reports check-then-act
// sequences split across critical sections.
//
// # Analyzer checkact
//
// checkact: report a check and an act on one variable in separate critical sections
//
// A value read while holding lock L (the check) decides, in a later
// critical section of L in the same function, a write to the same
// variable (the act): the write is reached only on one side of a branch
// on the value, or writes a value computed from it. Between the two
// critical sections L is released, so another goroutine can change the
// variable and the decision is made on stale data: an atomicity
// violation, even though every access holds the lock. The analyzer
// reports at the write, with the read as related information.
//
// The check may be made by the function itself or by a function of the
// package it calls that takes L and returns the value it read (such as a
// getter); the act is a write in the function itself, or in a function of
// the package it calls that takes L. A write whose own critical section
// checks the variable again before writing (a branch on a value read in
// that section) is not reported: the decision is made again under the
// lock. Neither is a write that follows, on every path from the check, a
// wait for another goroutine (a channel operation, a select, Cond.Wait or
// WaitGroup.Wait): a waiter handed its share by the goroutine that wakes
// it, as in a semaphore, acts on the state that goroutine established.
// Locks are sync.Mutex and sync.RWMutex, named by the alias analysis
// of internal/alias; values are followed through SSA within a function.
package checkact
