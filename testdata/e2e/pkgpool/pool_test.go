package pkgpool

import (
	"fmt"
	"testing"
)

// TestRestart restarts the package-level pool; natively it passes, and so
// must every execution under vtbound, whatever the earlier executions
// left running when they ended.
func TestRestart(t *testing.T) {
	Restart()
}

// ExampleRestart runs natively after the tests: it must not hang on what
// the explored executions left behind.
func ExampleRestart() {
	Restart()
	fmt.Println("restarted")
	// Output: restarted
}
