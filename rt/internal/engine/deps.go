package engine

import (
	"fmt"
	"sync"
	"sync/atomic"
)

// siteRange is a half-open range [lo, hi) of site IDs.
type siteRange struct{ lo, hi int32 }

// depSites lists the site ranges of dependencies: packages outside
// VTBOUND_SCOPE whose concurrency operations only were rewritten.
var (
	depMu    sync.Mutex
	depSites atomic.Pointer[[]siteRange]
)

// RegisterDependency is RegisterTable for a dependency's package. Its
// goroutines are controlled like any other, but a goroutine blocked at one
// of its sites when the test body has returned is not reported as a leak:
// natively nothing checks a library's background goroutines, and the test
// passes (see stuck).
func RegisterDependency(pkg, table string, guards []Guard) int32 {
	sites, err := parseSiteTable(table)
	if err != nil {
		panic(fmt.Sprintf("vtbound: package %s: site table: %v", pkg, err))
	}
	base := Register(pkg, sites, guards)
	depMu.Lock()
	defer depMu.Unlock()
	var list []siteRange
	if p := depSites.Load(); p != nil {
		list = append(list, *p...)
	}
	list = append(list, siteRange{base, base + int32(len(sites))})
	depSites.Store(&list)
	return base
}

// IsDependencySite reports whether site belongs to a dependency.
func IsDependencySite(site int32) bool {
	p := depSites.Load()
	if p == nil || site <= 0 {
		return false
	}
	for _, r := range *p {
		if site >= r.lo && site < r.hi {
			return true
		}
	}
	return false
}
