package engine

import "unsafe"

// chanKey returns the identity of a channel value (its runtime pointer).
func chanKey[C any](ch C) unsafe.Pointer { return *(*unsafe.Pointer)(unsafe.Pointer(&ch)) }

// ChanKey returns the identity of a channel value; C must be a channel type.
func ChanKey[C any](ch C) unsafe.Pointer { return chanKey(ch) }
