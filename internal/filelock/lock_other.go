//go:build !unix

package filelock

import (
	"errors"
	"io/fs"
	"os"
	"time"
)

// Lock takes an exclusive lock on path by creating it exclusively,
// waiting while another process holds it, and returns the function that
// releases it (removes the file).
func Lock(path string) (func() error, error) {
	for {
		f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_RDWR, 0o666)
		if err == nil {
			f.Close()
			return func() error { return os.Remove(path) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
		time.Sleep(20 * time.Millisecond)
	}
}
