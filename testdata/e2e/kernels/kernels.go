// Package kernels holds small concurrent programs with known bugs (see the
// project's kernel catalogue), written as a user would: plain go
// statements, sync types and channels. Each kernel has a buggy and a
// correct form; the functions return an error when the kernel's assertion
// fails.
package kernels

import (
	"errors"
	"fmt"
	"sync"
	"time"
)

// vars are the shared variables a and b of the figures of the
// variable-thread-bounding paper.
type vars struct{ a, b int }

// run starts every function as a goroutine and waits for all of them.
func run(fns ...func()) {
	var wg sync.WaitGroup
	wg.Add(len(fns))
	for _, f := range fns {
		go func(f func()) {
			defer wg.Done()
			f()
		}(f)
	}
	wg.Wait()
}

// guard returns lock/unlock functions: real ones when fixed, no-ops
// otherwise.
func guard(fixed bool) (lock, unlock func()) {
	if !fixed {
		return func() {}, func() {}
	}
	var mu sync.Mutex
	return mu.Lock, mu.Unlock
}

// Fig1: T1: assert(a == 0) · T2: a++. Fixed: T2 waits until T1 checked.
func Fig1(fixed bool) error {
	v := &vars{}
	var err error
	checked := make(chan struct{})
	run(func() {
		if v.a != 0 {
			err = fmt.Errorf("vt-fig1: a = %d, want 0", v.a)
		}
		close(checked)
	}, func() {
		if fixed {
			<-checked
		}
		v.a++
	})
	return err
}

// Fig2: T1: t1 = a; t2 = a; assert(t1 == t2) · T2: a++.
func Fig2(fixed bool) error {
	v := &vars{}
	lock, unlock := guard(fixed)
	var err error
	run(func() {
		lock()
		t1 := v.a
		t2 := v.a
		unlock()
		if t1 != t2 {
			err = fmt.Errorf("vt-fig2: t1 = %d, t2 = %d", t1, t2)
		}
	}, func() {
		lock()
		v.a++
		unlock()
	})
	return err
}

// Fig3: T1: t1 = a; t2 = a; assert(t1 == t2) · T2: a = 1; a = 0.
func Fig3(fixed bool) error {
	v := &vars{}
	lock, unlock := guard(fixed)
	var err error
	run(func() {
		lock()
		t1 := v.a
		t2 := v.a
		unlock()
		if t1 != t2 {
			err = fmt.Errorf("vt-fig3: t1 = %d, t2 = %d", t1, t2)
		}
	}, func() {
		lock()
		v.a = 1
		v.a = 0
		unlock()
	})
	return err
}

// Fig4: T1: t1 = a; t2 = a; t3 = b; assert(t1 == t2 || t3 != 1) ·
// T2: a = 1; b = 1; b = 0.
func Fig4(fixed bool) error {
	v := &vars{}
	lock, unlock := guard(fixed)
	var err error
	run(func() {
		lock()
		t1 := v.a
		t2 := v.a
		t3 := v.b
		unlock()
		if !(t1 == t2 || t3 != 1) {
			err = fmt.Errorf("vt-fig4: t1 = %d, t2 = %d, t3 = %d", t1, t2, t3)
		}
	}, func() {
		lock()
		v.a = 1
		v.b = 1
		v.b = 0
		unlock()
	})
	return err
}

// Fig8: T1: a++ · T2: a++ · T3: assert(a != 2). Fixed: T3 runs after both
// increments and asserts the final value.
func Fig8(fixed bool) error {
	v := &vars{}
	lock, unlock := guard(fixed)
	var err error
	inc := func() { lock(); v.a++; unlock() }
	check := func() {
		if v.a == 2 {
			err = errors.New("vt-fig8: a == 2")
		}
	}
	if fixed {
		run(inc, inc)
		if v.a != 2 {
			return fmt.Errorf("vt-fig8: a = %d after two increments", v.a)
		}
		return nil
	}
	run(inc, inc, check)
	return err
}

// Fig9: T1: t1 = a; t2 = a; assert(t1 <= t2+1) · T2: a++ · T3: a++.
func Fig9(fixed bool) error {
	v := &vars{}
	lock, unlock := guard(fixed)
	var err error
	inc := func() { lock(); v.a++; unlock() }
	run(func() {
		lock()
		t1 := v.a
		t2 := v.a
		unlock()
		if t1 > t2+1 || t2 > t1+1 {
			err = fmt.Errorf("vt-fig9: t1 = %d, t2 = %d", t1, t2)
		}
	}, inc, inc)
	return err
}

// Fig10: T1: t1 = a; t2 = a; t3 = b; t4 = b; assert(t1 == t2 || t3 == t4) ·
// T2: a++ · T3: b++.
func Fig10(fixed bool) error {
	v := &vars{}
	lock, unlock := guard(fixed)
	var err error
	run(func() {
		lock()
		t1 := v.a
		t2 := v.a
		t3 := v.b
		t4 := v.b
		unlock()
		if !(t1 == t2 || t3 == t4) {
			err = fmt.Errorf("vt-fig10: t1=%d t2=%d t3=%d t4=%d", t1, t2, t3, t4)
		}
	}, func() { lock(); v.a++; unlock() }, func() { lock(); v.b++; unlock() })
	return err
}

// Blocks is a vector of blocks whose helpers are each mutex-protected
// (allocation-vector kernel).
type Blocks struct {
	mu   sync.Mutex
	used [4]bool
}

// FindFree returns the index of a free block, or -1.
func (b *Blocks) FindFree() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	for i, u := range b.used {
		if !u {
			return i
		}
	}
	return -1
}

// IsFree reports whether block i is free.
func (b *Blocks) IsFree(i int) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return i >= 0 && !b.used[i]
}

// MarkAllocated marks block i as used.
func (b *Blocks) MarkAllocated(i int) {
	b.mu.Lock()
	b.used[i] = true
	b.mu.Unlock()
}

// AllocationVector: two goroutines each find a free block, assert it is
// free and allocate it. Fixed: the three steps run under one lock.
func AllocationVector(fixed bool) error {
	blocks := &Blocks{}
	var outer sync.Mutex
	errs := make(chan error, 2)
	alloc := func() {
		if fixed {
			outer.Lock()
			defer outer.Unlock()
		}
		i := blocks.FindFree()
		if !blocks.IsFree(i) {
			errs <- fmt.Errorf("allocation-vector: block %d already allocated", i)
			return
		}
		blocks.MarkAllocated(i)
	}
	run(alloc, alloc)
	close(errs)
	return <-errs
}

// HapsetFig1: one goroutine uses p (if p != nil { *p = 10 }), another frees
// it (p = nil): the use is meant to be atomic. Fixed: both under a lock.
func HapsetFig1(fixed bool) error {
	type holder struct{ p *int }
	a := 0
	h := &holder{p: &a}
	lock, unlock := guard(fixed)
	run(func() {
		lock()
		if h.p != nil {
			*h.p = 10
		}
		unlock()
	}, func() {
		lock()
		h.p = nil
		unlock()
	})
	return nil
}

// Log is an append-only log buffer (ctrigger-fig1 kernel).
type Log struct {
	mu    sync.Mutex
	buf   [8]byte
	index int
}

// Append copies s into the buffer: tmp = index; buf[tmp:] = s;
// index = tmp + len(s). Locked only when fixed.
func (l *Log) Append(s string, fixed bool) {
	if fixed {
		l.mu.Lock()
		defer l.mu.Unlock()
	}
	tmp := l.index
	copy(l.buf[tmp:], s)
	l.index = tmp + len(s)
}

// CTriggerFig1: two goroutines append to the log; a lost entry shows as a
// wrong final length.
func CTriggerFig1(fixed bool) error {
	l := &Log{}
	run(func() { l.Append("ab", fixed) }, func() { l.Append("cd", fixed) })
	if l.index != 4 {
		return fmt.Errorf("ctrigger-fig1: log length %d, want 4 (%q)", l.index, l.buf[:l.index])
	}
	return nil
}

// DeadlockABBA: T1 locks A then B, T2 locks B then A. Fixed: both lock A
// first.
func DeadlockABBA(fixed bool) error {
	var a, b sync.Mutex
	first, second := &b, &a
	if fixed {
		first, second = &a, &b
	}
	run(func() {
		a.Lock()
		b.Lock()
		b.Unlock()
		a.Unlock()
	}, func() {
		first.Lock()
		second.Lock()
		second.Unlock()
		first.Unlock()
	})
	return nil
}

// ChanLeak: a worker sends its result on a channel; the caller gives up
// after a timeout, and with an unbuffered channel the worker blocks
// forever. Fixed: the channel has room for the result.
func ChanLeak(fixed bool) (int, error) {
	size := 0
	if fixed {
		size = 1
	}
	res := make(chan int, size)
	go func() {
		time.Sleep(time.Second) // a slow request: as long as the caller's patience
		res <- 42
	}()
	select {
	case v := <-res:
		return v, nil
	case <-time.After(time.Second):
		return 0, errors.New("chan-leak: timed out")
	}
}

// WGMisuse: wg.Add(1) inside the spawned goroutine instead of before go.
// Wait may return before the worker ran. Fixed: Add before go.
func WGMisuse(fixed bool) error {
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	for i := 0; i < 2; i++ {
		if fixed {
			wg.Add(1)
		}
		go func() {
			if !fixed {
				wg.Add(1)
			}
			defer wg.Done()
			mu.Lock()
			done++
			mu.Unlock()
		}()
	}
	wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	if done != 2 {
		return fmt.Errorf("wg-misuse: %d of 2 workers done after Wait", done)
	}
	return nil
}

// Account is one element of a list of accounts built in a loop, so that the
// accounts are heap objects of one allocation site told apart by their
// loop-iteration number.
type Account struct {
	mu      sync.Mutex
	balance int
	next    *Account
}

// newAccounts builds a list of n accounts holding 10 each, in allocation
// order.
func newAccounts(n int) *Account {
	var head, tail *Account
	for range n {
		a := &Account{balance: 10}
		if head == nil {
			head = a
		} else {
			tail.next = a
		}
		tail = a
	}
	return head
}

// withdraw takes 10 from a when it holds enough: check, then act. Fixed:
// under the account's lock.
func (a *Account) withdraw(fixed bool) {
	if fixed {
		a.mu.Lock()
		defer a.mu.Unlock()
	}
	if a.balance >= 10 {
		a.balance -= 10
	}
}

// Accounts: two goroutines withdraw from the first account of a list of
// eight; a preemption between the check and the update overdraws it, a
// (1,1,2) bug on the heap object of one loop iteration. Fixed: locked.
func Accounts(fixed bool) error {
	head := newAccounts(8)
	run(func() { head.withdraw(fixed) }, func() { head.withdraw(fixed) })
	for a := head; a != nil; a = a.next {
		if a.balance < 0 {
			return fmt.Errorf("accounts: balance %d after two withdrawals of 10 from 10", a.balance)
		}
	}
	return nil
}
