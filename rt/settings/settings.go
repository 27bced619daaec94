// Package settings is the table of vtbound's VTBOUND_* environment
// variables: the one place where each setting's name, phase, default,
// accepted values and documentation are written.
//
// The compile wrapper (package toolexec) reads the build-time settings, the
// test binaries (rt/internal/config) read the run-time ones; both take the
// text of their error messages from this table, and `vtbound help` prints
// it. Tests in rt/internal/config and cmd/vtbound fail when a variable is
// read without a row here, so the help cannot drift from what is accepted.
//
// The package is outside rt/internal because the vtbound command, which is
// not under rt, prints the table; it imports the standard library and rt's
// own packages only.
package settings

import (
	"fmt"
	"strings"

	"github.com/vtbound/vtbound/rt/internal/strategy"
)

// Phase says which process reads a setting.
type Phase int

// The phases of a setting.
const (
	// Build settings are read by the compile wrapper during
	// `go test -toolexec=vtbound`; they enter the build cache key, so a new
	// value rebuilds the instrumented packages.
	Build Phase = iota + 1
	// Run settings are read by each instrumented test binary when a test
	// starts; go test's result cache tracks them as usual.
	Run
)

// String returns "build-time" or "run-time".
func (p Phase) String() string {
	switch p {
	case Build:
		return "build-time"
	case Run:
		return "run-time"
	}
	return fmt.Sprintf("Phase(%d)", int(p))
}

// Setting describes one VTBOUND_* environment variable in one phase.
type Setting struct {
	Name    string // the variable, e.g. "VTBOUND_BUDGET"
	Phase   Phase  // who reads it
	Default string // the behaviour when unset, as shown to users
	Accepts string // the accepted values, as error messages say "want ..."
	Summary string // one line for the list in `vtbound help`
	Doc     string // one paragraph for `vtbound help NAME`
	// Reader names the package that reads a run-time setting when it is
	// not rt's own configuration ("lincheck"); "" for rt's.
	Reader string
}

// All returns every setting, build-time ones first, each group in the
// order `vtbound help` lists them. No variable is read in both phases.
func All() []Setting {
	return append(buildSettings(), runSettings()...)
}

// Lookup returns the rows of the variable called name (one per phase that
// reads it); the name is matched without regard to case, and the
// VTBOUND_ prefix may be left out.
func Lookup(name string) []Setting {
	name = strings.ToUpper(name)
	if !strings.HasPrefix(name, "VTBOUND_") {
		name = "VTBOUND_" + name
	}
	var rows []Setting
	for _, s := range All() {
		if s.Name == name {
			rows = append(rows, s)
		}
	}
	return rows
}

// Accepts returns the accepted values of the variable read in phase, or
// fallback when the table has no such row.
func Accepts(name string, phase Phase, fallback string) string {
	for _, s := range Lookup(name) {
		if s.Phase == phase && s.Accepts != "" {
			return s.Accepts
		}
	}
	return fallback
}

// strategyNames lists the accepted values of VTBOUND_STRATEGY.
func strategyNames() string {
	return strings.Join(strategy.Names(), ", ")
}
