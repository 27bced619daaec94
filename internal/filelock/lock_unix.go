//go:build unix

package filelock

import (
	"fmt"
	"os"
	"syscall"
)

// Lock takes an exclusive advisory lock on path, creating it, and
// returns the function that releases it.
func Lock(path string) (func() error, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o666)
	if err != nil {
		return nil, err
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("flock %s: %w", path, err)
	}
	return f.Close, nil
}
