package testbin

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"testing"

	"github.com/vtbound/vtbound/internal/filelock"
)

// FixedDir returns an empty directory whose path depends only on name and
// on the module that holds the working directory, locked for tb: for a
// copy of the repository whose builds should hit the go build cache run
// after run, since the go command keys a compiled package on its
// directory and a copy under a new temporary path compiles every package
// again. What the previous user left is removed first. Another test, in
// this process or another, asking for the same directory waits until tb
// ends.
func FixedDir(tb testing.TB, name string) string {
	tb.Helper()
	root, err := moduleRoot()
	if err != nil {
		tb.Fatal(err)
	}
	sum := sha256.Sum256([]byte(root))
	base := filepath.Join(os.TempDir(), "vtbound-testbin")
	dir := filepath.Join(base, name+"-"+hex.EncodeToString(sum[:6]))
	if err := os.MkdirAll(base, 0o755); err != nil {
		tb.Fatal(err)
	}
	unlock, err := filelock.Lock(dir + ".lock")
	if err != nil {
		tb.Fatalf("testbin: %v", err)
	}
	tb.Cleanup(func() { unlock() })
	if err := os.RemoveAll(dir); err != nil {
		tb.Fatalf("testbin: emptying %s: %v", dir, err)
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		tb.Fatal(err)
	}
	return dir
}
