package checkact_test

import (
	"testing"

	"github.com/vtbound/vtbound/analyzers/checkact"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestCheckAct runs the analyzer on check-then-act sequences split across
// critical sections (reported) and their correct forms (not reported).
func TestCheckAct(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), checkact.Analyzer, "checkact")
}
