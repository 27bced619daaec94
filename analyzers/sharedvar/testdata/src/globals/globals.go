package globals

import "sync"

var counter int // want `variable globals\.counter is shared between goroutines \(reached from go worker \(many\)\): 2 access sites, 2 not protected by a common lock$`

var mu sync.Mutex

var protected int // want `variable globals\.protected is shared .*\(reached from go worker \(many\), run\): 3 access sites, 0 not protected by a common lock \(common lock globals\.mu\)`

var onlyRun int

var partial int // want `variable globals\.partial is shared .*: 3 access sites, 1 not protected by a common lock \(common lock globals\.mu\)`

func worker() {
	counter++
	mu.Lock()
	protected++
	partial++
	bumpLocked()
	mu.Unlock()
}

func run() {
	for i := 0; i < 3; i++ {
		go worker()
	}
	onlyRun++
	partial = 0
	mu.Lock()
	_ = protected
	bumpLocked()
	mu.Unlock()
}

var viaHelper int // want `variable globals\.viaHelper is shared .*: 2 access sites, 0 not protected by a common lock \(common lock globals\.mu\)`

// bumpLocked is only called with mu held.
func bumpLocked() { viaHelper++ }

var mixed int // want `variable globals\.mixed is shared .*: 2 access sites, 2 not protected by a common lock`

// bumpMixed is called with and without mu held.
func bumpMixed() { mixed++ }

func mixedCallers() {
	go func() {
		mu.Lock()
		bumpMixed()
		mu.Unlock()
	}()
	bumpMixed()
}
