package toolexec

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
)

// ScopeEnv is the environment variable that selects the packages to
// instrument. It enters the -V=full hash.
const ScopeEnv = "VTBOUND_SCOPE"

// DepsEnv is the environment variable that turns off the rewriting of the
// concurrency operations of packages outside the scope (0 or off). It
// enters the -V=full hash through Scope.Raw.
const DepsEnv = "VTBOUND_DEPS"

// Scope selects the packages vtbound instruments.
//
// VTBOUND_SCOPE is a comma-separated list of import path patterns ("..."
// matches any string, "x/..." also matches "x"). A pattern prefixed with "-"
// excludes; the word "default" stands for the default scope. When the list
// has no including entry, the default scope is included. The default scope
// is every package whose directory is outside GOROOT, outside the module
// cache and outside any vendor directory: the packages of the main module(s)
// of the build (and of local replace targets and workspace modules).
//
// Packages outside the scope (dependencies in the module cache, vendored
// code) still have their concurrency operations rewritten, without their
// memory accesses, unless Deps is off or a "-pattern" excludes them; the
// standard library and vtbound's own packages never are (see Mode).
type Scope struct {
	// Default includes the default scope.
	Default bool
	// Deps rewrites the concurrency operations of packages out of scope.
	Deps bool
	// Include and Exclude are compiled import path patterns.
	Include, Exclude []*regexp.Regexp
	// Raw is the normalised setting, as hashed into -V=full.
	Raw string
}

// ParseScope parses a VTBOUND_SCOPE value.
func ParseScope(s string) (*Scope, error) {
	sc := &Scope{}
	var norm []string
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		norm = append(norm, f)
		neg := strings.HasPrefix(f, "-")
		pat := strings.TrimPrefix(f, "-")
		if pat == "" || strings.ContainsAny(pat, " \t") {
			return nil, fmt.Errorf("%s: bad pattern %q (want import path patterns like example.com/m/..., -pattern to exclude, or default)", ScopeEnv, f)
		}
		switch {
		case pat == "default" && !neg:
			sc.Default = true
		case neg:
			sc.Exclude = append(sc.Exclude, compilePattern(pat))
		default:
			sc.Include = append(sc.Include, compilePattern(pat))
		}
	}
	if len(sc.Include) == 0 {
		sc.Default = true
	}
	sc.Deps = true
	sc.Raw = strings.Join(norm, ",")
	return sc, nil
}

// SetDeps applies a VTBOUND_DEPS value: "", 1 or on keep the default
// (dependencies' concurrency operations are rewritten), 0 or off turn it
// off. An off value is recorded in Raw, so that it enters the -V=full hash.
func (s *Scope) SetDeps(v string) error {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "1", "on":
		s.Deps = true
	case "0", "off":
		s.Deps = false
		s.Raw += ";" + DepsEnv + "=off"
	default:
		return fmt.Errorf("%s: bad value %q (want 1 or on (the default), 0 or off)", DepsEnv, v)
	}
	return nil
}

// Mode is how a package is instrumented.
type Mode int

// The modes of a package.
const (
	// Skip leaves the package unchanged.
	Skip Mode = iota
	// Full rewrites its memory accesses and concurrency operations.
	Full
	// Concurrency rewrites its concurrency operations only: a dependency.
	Concurrency
)

// Mode says how the package with the given import path, whose sources
// live in dir, is instrumented: Full in scope, Concurrency for any other
// package unless Deps is off or an excluding pattern names it. The caller
// has already ruled out the standard library and vtbound's own packages.
func (s *Scope) Mode(path, dir string, loc Locations) Mode {
	switch {
	case s.Contains(path, dir, loc):
		return Full
	case !s.Deps || s.excluded(path):
		return Skip
	}
	return Concurrency
}

// compilePattern turns an import path pattern into an anchored regexp, with
// the go command's meaning of "...".
func compilePattern(pat string) *regexp.Regexp {
	re := regexp.QuoteMeta(pat)
	re = strings.ReplaceAll(re, `\.\.\.`, `.*`)
	if strings.HasSuffix(re, `/.*`) {
		re = strings.TrimSuffix(re, `/.*`) + `(/.*)?`
	}
	return regexp.MustCompile("^" + re + "$")
}

// MatchPattern reports whether the import path matches the pattern.
func MatchPattern(pattern, path string) bool {
	return compilePattern(pattern).MatchString(path)
}

// Contains reports whether the package with the given import path, whose
// sources live in dir, is in scope.
func (s *Scope) Contains(path, dir string, loc Locations) bool {
	if s.excluded(path) {
		return false
	}
	for _, re := range s.Include {
		if re.MatchString(path) {
			return true
		}
	}
	return s.Default && loc.IsLocal(dir)
}

// excluded reports whether an excluding pattern matches path.
func (s *Scope) excluded(path string) bool {
	for _, re := range s.Exclude {
		if re.MatchString(path) {
			return true
		}
	}
	return false
}

// Locations are the directories that decide the default scope.
type Locations struct {
	GOROOT     string
	GOMODCACHE string
}

// IsLocal reports whether dir holds a package of the default scope: not
// under GOROOT, not in the module cache, not in a vendor directory.
func (l Locations) IsLocal(dir string) bool {
	if dir == "" {
		return false
	}
	if within(dir, l.GOROOT) || within(dir, l.GOMODCACHE) {
		return false
	}
	for _, elem := range strings.Split(filepath.ToSlash(dir), "/") {
		if elem == "vendor" {
			return false
		}
	}
	return true
}

// within reports whether path is root or inside it.
func within(path, root string) bool {
	if root == "" {
		return false
	}
	rel, err := filepath.Rel(filepath.Clean(root), filepath.Clean(path))
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
