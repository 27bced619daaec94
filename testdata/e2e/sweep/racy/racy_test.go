package racy

import (
	"sync"
	"testing"
)

func TestOverdraw(t *testing.T) {
	a := &Account{balance: 10}
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a.Withdraw(10)
		}()
	}
	wg.Wait()
	if a.balance < 0 {
		t.Fatalf("balance %d", a.balance)
	}
}

func TestSingle(t *testing.T) {
	a := &Account{balance: 10}
	done := make(chan bool)
	go func() { done <- a.Withdraw(5) }()
	if !<-done || a.balance != 5 {
		t.Fatal("withdrawal failed")
	}
}
