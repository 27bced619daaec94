package engine

import "time"

// Work makes virtual time pass.
//
// The virtual clock advances when no goroutine can run or every one that
// can busy-waits (advanceClock). A goroutine that computes without ever
// blocking, and whose steps change shared state (so they are no
// busy-wait), would keep it where it is for ever: a sleep of another
// goroutine never ended, where natively the loop takes real time and the
// sleep ends. golang-queue/queue's TestNewQueueWithZeroWorker sleeps
// 50 ms while a worker loop calls a gomock mock that returns no task,
// which locks the controller and records the call each time; every
// execution that tracked the mock's fields ran to the step bound.
//
// So work counts as time: a step lasts Limits.StepCost (100 ns: less than
// most visible operations cost natively with the code between them, so
// that work seems faster than natively, never slower). The work clock is
// the virtual clock plus StepCost per step taken since the clock last
// moved (workFrom). When it has reached the wake-up of a goroutine that
// waits for the virtual clock (a sleep, a timer, a context's deadline, a
// timer an earlier execution left armed) and that goroutine has waited at
// least Limits.WorkSteps steps (100,000), the virtual clock moves to the
// earliest wake-up, as if nothing could run, while the goroutines that can
// run go on: the time the move covers is taken from the work clock, the
// rest of the work counts towards the next move. The floor keeps a short
// sleep meant to let bounded work finish from ending before it does
// (natively 100,000 steps take milliseconds); StepCost keeps a long timer
// (a context's timeout, a cache's expiry) from firing during work that
// natively ends long before it: 1,000,000 steps, the step bound, are
// 100 ms. A sleep of 50 ms therefore ends after 500,000 steps of work, and
// one of more than 100 ms not at all: the execution reaches the step
// bound, as before.
//
// The rule depends on steps only, never on real time, so a replay moves
// the clock at the same steps. It is checked once every workCheck steps
// (at most 1024), and only while some goroutine can run: when none can,
// the clock moves anyway (pickNext), coupled with real time when
// uncontrolled code takes part (couple). While a testing/synctest bubble
// is active, work makes no time pass (synctest.go).

// waitClock makes g wait, from this step, for the virtual clock to reach
// at.
func (g *G) waitClock(at time.Duration) {
	g.wakeAt, g.waitStep, g.waitFrom = at, g.x.step, g.x.now
}

// workCheckMask returns the mask of the steps at which the work clock is
// checked (step&mask == 0): a power of two at most 1024 and at most a
// 64th of workSteps, less one.
func workCheckMask(workSteps int) int {
	every := 1
	for every < 1024 && every*2 <= workSteps/64 {
		every *= 2
	}
	return every - 1
}

// workPassesTime moves the virtual clock to the earliest wake-up when the
// work done since it last moved makes a waiting goroutine due (see
// above), and reports whether it did. pickNext calls it while a goroutine
// can run.
func (x *execution) workPassesTime() bool {
	if x.step&x.e.workMask != 0 || x.step == x.workCheck || x.blockedTime() {
		return false
	}
	x.workCheck = x.step
	if !x.workDue() {
		return false
	}
	from, workFrom := x.now, x.workFrom
	if !x.advanceClock() {
		return false
	}
	x.workFrom = workFrom + int((x.now-from)/x.e.lim.StepCost)
	return true
}

// workDue reports whether the work clock has reached the wake-up of a
// goroutine or a carried timer that has waited Limits.WorkSteps steps.
func (x *execution) workDue() bool {
	lim := x.e.lim
	clock := x.now + time.Duration(x.step-x.workFrom)*lim.StepCost
	for _, g := range x.alive {
		if g.live && g.wakesLater(x.now) && g.wakeAt <= clock && x.step-g.waitStep >= lim.WorkSteps {
			return true
		}
	}
	if x.step < lim.WorkSteps {
		return false // carried timers have waited since the execution began
	}
	for _, c := range x.carried {
		if c.at > x.now && c.at <= clock {
			return true
		}
	}
	return false
}
