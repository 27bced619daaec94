package engine

import (
	"strconv"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// Trace hashes and schedule files name a site by its package, file, line
// and column, and an operation kind by its name, so that they survive
// edits elsewhere in a package (new sites shift the numeric site IDs) and
// changes to the OpKind numbering.

// kindHashes holds the FNV-1a hash of every OpKind's name.
var kindHashes = func() (t [256]uint64) {
	for k := range t {
		t[k] = fnvString(fnvOffset, sched.OpKind(k).String())
	}
	return t
}()

// kindHash returns the hash of k's name.
func kindHash(k sched.OpKind) uint64 { return kindHashes[k] }

// siteHash returns the stable hash of a registered site, or 0 for site 0
// and unknown IDs.
func siteHash(id int32) uint64 {
	s := *reg.sites.Load()
	if id <= 0 || int(id) >= len(s) {
		return 0
	}
	return s[id].hash
}

// newSiteEntry returns the registry entry of a site of pkg; samePos
// counts the package's sites by position so far.
func newSiteEntry(pkg string, s Site, samePos map[string]int32) siteEntry {
	pos := s.File + ":" + strconv.Itoa(int(s.Line)) + ":" + strconv.Itoa(int(s.Col))
	samePos[pos]++
	e := siteEntry{Site: s, group: -1, pkg: pkg, nth: samePos[pos]}
	e.hash = fnvString(fnvOffset, e.name())
	return e
}

// name is the site's stable name: "import/path file.go:14:5", with "#n"
// appended for the n-th site (n > 1) of the package at that position.
func (e *siteEntry) name() string {
	n := e.pkg + " " + e.File + ":" + strconv.Itoa(int(e.Line)) + ":" + strconv.Itoa(int(e.Col))
	if e.nth > 1 {
		n += "#" + strconv.Itoa(int(e.nth))
	}
	return n
}

// SiteName returns a registered site's stable name (see siteEntry.name),
// as schedule files record it, or "" for unknown IDs.
func SiteName(id int32) string {
	s := *reg.sites.Load()
	if id <= 0 || int(id) >= len(s) {
		return ""
	}
	return s[id].name()
}

// SiteNth returns 1 + the number of sites its package registered at the
// same position before this one (0 for unknown IDs).
func SiteNth(id int32) int {
	s := *reg.sites.Load()
	if id <= 0 || int(id) >= len(s) {
		return 0
	}
	return int(s[id].nth)
}

// SitePackage returns the import path of the package that registered a
// site, or "".
func SitePackage(id int32) string {
	s := *reg.sites.Load()
	if id <= 0 || int(id) >= len(s) {
		return ""
	}
	return s[id].pkg
}

// SiteIDs maps the name (SiteName) of every registered site to its ID.
func SiteIDs() map[string]int32 {
	s := *reg.sites.Load()
	out := make(map[string]int32, len(s))
	for id := 1; id < len(s); id++ {
		out[s[id].name()] = int32(id)
	}
	return out
}

func fnvString(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= fnvPrime
	}
	return h
}
