package testbin

import (
	"os/exec"
	"strings"
	"testing"
)

// KeepGoCache sets GOCACHE, for the rest of tb, to the build cache the go
// command uses now. A test that points XDG_CACHE_HOME or HOME at a
// temporary directory (to keep vtbound's own cache files out of the
// user's) would otherwise also move the go command's default build cache,
// so that its nested builds compile the standard library cold. Call it
// before changing those variables.
func KeepGoCache(tb testing.TB) {
	tb.Helper()
	out, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		tb.Fatalf("go env GOCACHE: %v", err)
	}
	if dir := strings.TrimSpace(string(out)); dir != "" && dir != "off" {
		tb.Setenv("GOCACHE", dir)
	}
}
