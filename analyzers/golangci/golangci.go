// Package golangci registers vtbound's analyzers as a golangci-lint module
// plugin named "vtbound" (https://golangci-lint.run/plugins/module-plugins/):
// sharedvar and checkact, with the variable-group analysis they need.
//
// Build a golangci-lint that includes it with `golangci-lint custom` and
// this .custom-gcl.yml:
//
//	version: v2.15.0
//	plugins:
//	  - module: github.com/vtbound/vtbound
//	    import: github.com/vtbound/vtbound/analyzers/golangci
//	    version: latest
//
// and enable it in .golangci.yml:
//
//	version: "2"
//	linters:
//	  enable:
//	    - vtbound
//	  settings:
//	    custom:
//	      vtbound:
//	        type: module
//	        description: shared variables and check-then-act across critical sections
//	        settings:
//	          analyzers: [sharedvar, checkact]
//	          min-entries: 2
//	issues:
//	  uniq-by-line: false
//
// uniq-by-line must be off: golangci-lint turns each diagnostic's related
// information into issues of its own and by default keeps one issue per
// line, so sharedvar's list of access sites would hide the check-then-act
// reported on the same line.
package golangci

import (
	"fmt"
	"strconv"

	"github.com/golangci/plugin-module-register/register"
	"github.com/vtbound/vtbound/analyzers/checkact"
	"github.com/vtbound/vtbound/analyzers/sharedvar"
	"golang.org/x/tools/go/analysis"
)

func init() {
	register.Plugin("vtbound", New)
}

// Settings are the plugin's settings in .golangci.yml.
type Settings struct {
	// Analyzers lists the analyzers to run (default: all).
	Analyzers []string `json:"analyzers"`
	// MinEntries is sharedvar's -min-entries (default 2).
	MinEntries int `json:"min-entries"`
}

// analyzers are the plugin's analyzers by name.
var analyzers = map[string]*analysis.Analyzer{
	sharedvar.Analyzer.Name: sharedvar.Analyzer,
	checkact.Analyzer.Name:  checkact.Analyzer,
}

// New returns the plugin for settings, rejecting unknown analyzers and
// settings with an error naming them.
func New(settings any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](settings)
	if err != nil {
		return nil, fmt.Errorf("vtbound plugin settings: %w", err)
	}
	p := &plugin{}
	names := s.Analyzers
	if len(names) == 0 {
		names = []string{sharedvar.Analyzer.Name, checkact.Analyzer.Name}
	}
	for _, n := range names {
		a, ok := analyzers[n]
		if !ok {
			return nil, fmt.Errorf("vtbound plugin settings: unknown analyzer %q (want sharedvar or checkact)", n)
		}
		p.analyzers = append(p.analyzers, a)
	}
	if s.MinEntries > 0 {
		if err := sharedvar.Analyzer.Flags.Set("min-entries", strconv.Itoa(s.MinEntries)); err != nil {
			return nil, fmt.Errorf("vtbound plugin settings: min-entries: %w", err)
		}
	}
	return p, nil
}

// plugin is the registered linter.
type plugin struct {
	analyzers []*analysis.Analyzer
}

// BuildAnalyzers returns the selected analyzers (their required
// variable-group analysis runs with them).
func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return p.analyzers, nil
}

// GetLoadMode asks for type information: the analyzers build SSA.
func (p *plugin) GetLoadMode() string {
	return register.LoadModeTypesInfo
}
