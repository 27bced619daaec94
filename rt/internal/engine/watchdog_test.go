package engine

import (
	"fmt"
	"os/exec"
	"testing"
	"time"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// TestBusyHolderIn classifies goroutines of a stack dump: a controlled
// goroutine not waiting for the token counts as busy only in a system
// call or a real sleep, not in network I/O.
func TestBusyHolderIn(t *testing.T) {
	const holder = "goroutine 7 [%s]:\nos.(*Process).wait(...)\ngithub.com/vtbound/vtbound/rt/internal/engine.(*G).run(0xc000)\n"
	const parked = "goroutine 8 [chan receive]:\ngithub.com/vtbound/vtbound/rt/internal/engine.(*G).park(...)\ngithub.com/vtbound/vtbound/rt/internal/engine.(*G).run(0xc000)\n"
	const free = "goroutine 9 [syscall]:\nmain.other()\n"
	for state, want := range map[string]bool{
		"syscall": true, "IO wait": false, "sleep": true, "syscall, 2 minutes": true,
		"chan receive": false, "select": false, "semacquire": false, "running": false,
	} {
		dump := fmt.Sprintf(holder, state) + "\n" + parked + "\n" + free
		if got := busyHolderIn(dump); got != want {
			t.Errorf("holder in %q: busy = %v, want %v", state, got, want)
		}
	}
	if busyHolderIn(parked + "\n" + free) {
		t.Error("no holder: busy = true, want false")
	}
}

// TestSlowSubprocessIsNotATimeout: a body that waits longer than the stall
// limit for a subprocess is slow, not stuck, and ends normally; a body
// blocked on a channel nobody will send to still ends as a timeout.
func TestSlowSubprocessIsNotATimeout(t *testing.T) {
	if _, err := exec.LookPath("sleep"); err != nil {
		t.Fatalf("no sleep command: %v", err)
	}
	lim := Limits{Timeout: 200 * time.Millisecond}
	e := New(newRandom(1, 1), lim, nil)
	res, _ := e.Run(func() {
		if err := exec.Command("sleep", "1").Run(); err != nil {
			panic(err)
		}
	})
	if res.Failure != nil {
		t.Fatalf("subprocess of 1 s with a 200 ms stall limit: %s", res.Failure.Message)
	}
	e = New(newRandom(1, 1), lim, nil)
	block := make(chan int)
	res, _ = e.Run(func() { <-block })
	if res.Failure == nil || res.Outcome != sched.Timeout {
		t.Fatalf("body blocked on a real channel: outcome %v, want timeout", res.Outcome)
	}
	close(block)
}
