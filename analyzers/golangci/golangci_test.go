package golangci_test

import (
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	_ "github.com/vtbound/vtbound/analyzers/golangci"
	"golang.org/x/tools/go/analysis/analysistest"
)

// TestPlugin builds the registered plugin as golangci-lint does (by name,
// from decoded YAML settings) and runs its analyzers on the bundled
// example's code.
func TestPlugin(t *testing.T) {
	newPlugin, err := register.GetPlugin("vtbound")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(map[string]any{"analyzers": []any{"sharedvar", "checkact"}, "min-entries": 2})
	if err != nil {
		t.Fatal(err)
	}
	if p.GetLoadMode() != register.LoadModeTypesInfo {
		t.Errorf("load mode %q, want %q", p.GetLoadMode(), register.LoadModeTypesInfo)
	}
	as, err := p.BuildAnalyzers()
	if err != nil || len(as) != 2 {
		t.Fatalf("BuildAnalyzers = %v, %v", as, err)
	}
	analysistest.Run(t, analysistest.TestData(), as[0], "shared")
	analysistest.Run(t, analysistest.TestData(), as[1], "check")
}

// TestPluginBadSettings checks that unknown settings and analyzers are
// errors naming them.
func TestPluginBadSettings(t *testing.T) {
	newPlugin, _ := register.GetPlugin("vtbound")
	for _, tc := range []struct {
		settings map[string]any
		want     string
	}{
		{map[string]any{"analyzers": []any{"racer"}}, `unknown analyzer "racer"`},
		{map[string]any{"min-entrys": 3}, `unknown field "min-entrys"`},
	} {
		if _, err := newPlugin(tc.settings); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("settings %v: error %v, want it to mention %s", tc.settings, err, tc.want)
		}
	}
}
