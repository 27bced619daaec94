package typeerr

import "sync"

var mu sync.Mutex

var n int = "not an int"

func F() { mu.Lock(); n++; mu.Unlock() }
