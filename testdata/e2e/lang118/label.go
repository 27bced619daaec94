// Package lang118 is written for Go 1.18 (go.mod): vtbound must instrument
// it at that language version, its generated code included (a copy from a
// string once generated a helper that used go1.21's min, and the package
// was compiled unchanged).
package lang118

import "sync"

// Label is a fixed-size name buffer.
type Label struct {
	mu  sync.Mutex
	buf [8]byte
}

// Set copies s into the buffer without locking.
func (l *Label) Set(s string) int { return copy(l.buf[:], s) }

// SetLocked copies s into the buffer under the lock.
func (l *Label) SetLocked(s string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return copy(l.buf[:], s)
}

// Max is a generic function of go1.18.
func Max[T int | string](a, b T) T {
	if a > b {
		return a
	}
	return b
}
