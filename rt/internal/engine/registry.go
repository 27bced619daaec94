package engine

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// SiteKind classifies an instrumented program point.
type SiteKind uint8

// Site kinds, as registered by rewritten packages.
const (
	KOther SiteKind = iota
	KRead
	KWrite
	KAtomic
	KChan
	KSync
	KGo
	KAlloc    // allocation of a shared heap object (see G.Alloc)
	KChanLoop // the receive at the top of a range-over-channel loop (a service loop's)
)

// Site is one instrumented program point.
type Site struct {
	File      string
	Line, Col int32
	Kind      SiteKind
	// Group is the variable group a memory access belongs to ("" for
	// non-access sites).
	Group string
	// Name is the accessed variable as written in the source ("c.n"), for
	// reports; optional.
	Name string
}

// Guard is one variable group's switch as seen by a rewritten package: an
// instrumented access runs its hook only when the guard is on. Reading it
// costs one atomic load (a plain load on amd64 and arm64).
type Guard struct{ on atomic.Uint32 }

// On reports whether the guarded group is tracked.
func (g *Guard) On() bool { return g.on.Load() != 0 }

// registry holds every registered site and group. Sites are registered from
// package initialisers and never removed.
//
// Invariant: sites[0] is a placeholder so that site 0 means "no site";
// groupGuards[g] lists every guard registered for group g.
type registry struct {
	mu          sync.Mutex
	sites       atomic.Pointer[[]siteEntry]
	groupIDs    map[string]int32
	groupNames  []string
	groupGuards [][]*Guard
	tracked     []bool // current tracking state per group
}

var reg = &registry{groupIDs: map[string]int32{}}

// registered is set by the first Register call (see Instrumented).
var registered atomic.Bool

// siteEntry is a registered site with its resolved group ID (-1 if none).
type siteEntry struct {
	Site
	group int32
	pkg   string // the import path of the registering package
	nth   int32  // 1 + the number of earlier sites of pkg at the same position
	hash  uint64 // FNV-1a hash of the site's name (see SiteName)
}

func init() {
	s := []siteEntry{{Site: Site{File: "?", Kind: KOther}, group: -1}}
	reg.sites.Store(&s)
}

// Register records a package's sites and returns the ID of sites[0]. guards
// holds one guard per distinct non-empty Group in sites, in order of first
// appearance. New guards start in the current tracking state of their group.
func Register(pkg string, sites []Site, guards []Guard) int32 {
	registered.Store(true)
	reg.mu.Lock()
	defer reg.mu.Unlock()
	old := *reg.sites.Load()
	all := make([]siteEntry, len(old), len(old)+len(sites))
	copy(all, old)
	base := int32(len(all))
	local := 0
	seen := map[string]bool{}
	samePos := map[string]int32{}
	for _, s := range sites {
		e := newSiteEntry(pkg, s, samePos)
		if s.Group != "" {
			if !seen[s.Group] {
				seen[s.Group] = true
				if local >= len(guards) {
					panic(fmt.Sprintf("vtbound: package %s registered %d guards for more groups", pkg, len(guards)))
				}
				reg.addGuard(s.Group, &guards[local])
				local++
			}
			e.group = reg.groupIDs[s.Group]
		}
		all = append(all, e)
	}
	reg.sites.Store(&all)
	return base
}

// addGuard attaches g to the named group, creating the group if needed.
func (r *registry) addGuard(name string, g *Guard) {
	id, ok := r.groupIDs[name]
	if !ok {
		id = int32(len(r.groupNames))
		r.groupIDs[name] = id
		r.groupNames = append(r.groupNames, name)
		r.groupGuards = append(r.groupGuards, nil)
		r.tracked = append(r.tracked, false)
	}
	r.groupGuards[id] = append(r.groupGuards[id], g)
	if r.tracked[id] {
		g.on.Store(1)
	}
}

// SiteInfo returns the registered site with the given ID, or nil.
func SiteInfo(id int32) *Site {
	s := *reg.sites.Load()
	if id <= 0 || int(id) >= len(s) {
		return nil
	}
	return &s[id].Site
}

// GroupOf returns the group ID of a site's variable group, or -1.
func GroupOf(site int32) int32 {
	s := *reg.sites.Load()
	if site <= 0 || int(site) >= len(s) {
		return -1
	}
	return s[site].group
}

// GroupName returns the name of a group ID, or "".
func GroupName(id int32) string {
	reg.mu.Lock()
	defer reg.mu.Unlock()
	if id < 0 || int(id) >= len(reg.groupNames) {
		return ""
	}
	return reg.groupNames[id]
}

// retrack switches every group's guards on when at least one active
// engine tracks the group in its current execution, and off otherwise.
// Each engine still ignores accesses to groups its own plan does not track
// (see execution.tracks), so concurrent explorations (parallel tests) with
// different plans do not disturb each other.
func retrack() {
	activeMu.Lock()
	defer activeMu.Unlock()
	var engines []*Engine
	if p := active.Load(); p != nil {
		engines = *p
	}
	reg.mu.Lock()
	defer reg.mu.Unlock()
	for id := range reg.tracked {
		on := false
		for _, e := range engines {
			if x := e.x; x != nil && x.tracks(int32(id)) {
				on = true
				break
			}
		}
		if reg.tracked[id] == on {
			continue
		}
		reg.tracked[id] = on
		v := uint32(0)
		if on {
			v = 1
		}
		for _, g := range reg.groupGuards[id] {
			g.on.Store(v)
		}
	}
}

// GroupID returns the ID of the named group, or -1 if no package
// registered it.
func GroupID(name string) int32 {
	reg.mu.Lock()
	defer reg.mu.Unlock()
	if id, ok := reg.groupIDs[name]; ok {
		return id
	}
	return -1
}

// Instrumented reports whether any package has registered, even with no
// sites, that is, whether the test binary was built with vtbound's
// rewriting: every rewritten package registers from its initialiser.
func Instrumented() bool { return registered.Load() }

// kindNames maps the names of the SiteKind constants, as rewritten
// packages write them in site tables, to the kinds.
var kindNames = map[string]SiteKind{
	"KOther": KOther, "KRead": KRead, "KWrite": KWrite, "KAtomic": KAtomic,
	"KChan": KChan, "KSync": KSync, "KGo": KGo, "KAlloc": KAlloc, "KChanLoop": KChanLoop,
}

// RegisterTable is Register with the sites given as text, one per line:
// file, line, column, kind (a SiteKind constant's name), group and name,
// separated by tabs. A field that starts with a double quote is a Go
// string literal (for text holding a tab, a newline or a leading quote).
// Compiling one string costs far less than a composite literal with an
// element per site. A malformed table is a vtbound bug: it panics.
func RegisterTable(pkg, table string, guards []Guard) int32 {
	sites, err := parseSiteTable(table)
	if err != nil {
		panic(fmt.Sprintf("vtbound: package %s: site table: %v", pkg, err))
	}
	return Register(pkg, sites, guards)
}

// parseSiteTable parses the text form of a site table.
func parseSiteTable(table string) ([]Site, error) {
	if table == "" {
		return nil, nil
	}
	var sites []Site
	for n, line := range strings.Split(strings.TrimSuffix(table, "\n"), "\n") {
		s, err := parseSite(line)
		if err != nil {
			return nil, fmt.Errorf("line %d %q: %v", n+1, line, err)
		}
		sites = append(sites, s)
	}
	return sites, nil
}

// parseSite parses one line of a site table.
func parseSite(line string) (Site, error) {
	f := strings.Split(line, "\t")
	if len(f) != 6 {
		return Site{}, fmt.Errorf("%d fields, want 6", len(f))
	}
	for _, i := range []int{0, 4, 5} {
		if strings.HasPrefix(f[i], `"`) {
			u, err := strconv.Unquote(f[i])
			if err != nil {
				return Site{}, err
			}
			f[i] = u
		}
	}
	ln, err1 := strconv.ParseInt(f[1], 10, 32)
	col, err2 := strconv.ParseInt(f[2], 10, 32)
	kind, ok := kindNames[f[3]]
	if err := errors.Join(err1, err2); err != nil || !ok {
		return Site{}, fmt.Errorf("bad line, column or kind")
	}
	return Site{File: f[0], Line: int32(ln), Col: int32(col), Kind: kind, Group: f[4], Name: f[5]}, nil
}
