// Package suite lists the analyzers vtbound runs in vet mode:
//
//	go vet -vettool=$(which vtbound) ./...
//
// cmd/vtbound passes Analyzers to unitchecker.Main.
package suite

import (
	"github.com/vtbound/vtbound/analyzers/checkact"
	"github.com/vtbound/vtbound/analyzers/sharedvar"
	"github.com/vtbound/vtbound/analyzers/vargroups"
	"golang.org/x/tools/go/analysis"
)

// Analyzers is the vet suite: the shared-variable report, check-then-act
// across critical sections, and the variable groups they are computed
// from.
var Analyzers = []*analysis.Analyzer{
	sharedvar.Analyzer,
	checkact.Analyzer,
	vargroups.Analyzer,
}
