package engine

// A controlled goroutine's stack is grown once, when it starts, to the
// size the engine's own calls need.
//
// Every hook runs engine code (scheduling, the strategy, the oracles) on
// the calling goroutine's stack, much deeper than the operation it
// replaces. Natively a goroutine that only waits on a WaitGroup keeps its
// first 2 KiB stack; under vtbound its first hook would outgrow it, and the
// runtime would copy the stack elsewhere and give the old one to the next
// goroutine that starts. Code that takes a goroutine's stack address as
// its identity then sees goroutines alive at the same time share one:
// otter's StackHash (the address of a local variable, hashed to pick a
// buffer stripe) put 64 live goroutines in one stripe of 64 under vtbound,
// and its test of that spread failed. Grown before the goroutine's
// function runs, the stack stays where it is for the hooks that follow,
// as it would natively, and the memory is the same the hooks would take
// anyway.

// stackReserve is the stack a controlled goroutine is given at its start:
// enough for the engine's calls below a hook.
const stackReserve = 16 << 10

// reserveStack grows the calling goroutine's stack to at least
// stackReserve bytes.
//
//go:noinline
func reserveStack() {
	var pad [stackReserve / 2]byte // a stack of half that would be doubled
	touchStack(pad[:])
}

// touchStack keeps reserveStack's frame from being optimised away.
//
//go:noinline
func touchStack(b []byte) { b[0] = 1 }
