package explore_test

import (
	"os"
	"os/exec"
	"testing"
)

// runChild runs test of this test binary in a child process with -v and
// env added to the environment, and returns its output.
func runChild(t *testing.T, test string, env ...string) ([]byte, error) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$", "-test.v", "-test.count=1")
	cmd.Env = append(os.Environ(), env...)
	return cmd.CombinedOutput()
}
