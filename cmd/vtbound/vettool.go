package main

import (
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/vtbound/vtbound/analyzers/suite"
)

// vettool runs the analyzer suite under the unitchecker protocol of
// `go vet -vettool`. unitchecker.Main reads os.Args itself and exits.
func vettool() int {
	unitchecker.Main(suite.Analyzers...)
	return 0
}
