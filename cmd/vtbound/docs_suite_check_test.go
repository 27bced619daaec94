//go:build unix

package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestSuiteBlocks: a block that only runs the suite's own tests is
// checked statically, and the check fails on a package or a test that is
// gone; a block with a benchmark, a pipe or another command is run.
func TestSuiteBlocks(t *testing.T) {
	root := filepath.Join("..", "..")
	for _, tc := range []struct {
		body, fate, wrong string
	}{
		{"go test ./rt/internal/explore -run 'TestKernelStories|TestViewRoundTrip' -count=1", "suite", ""},
		{"VTBOUND_X=1 go test ./cmd/vtbound -run TestDocsMarkers -v", "suite", ""},
		{"go test ./rt/internal/explore -run 'TestKernelStories|TestGone' -count=1", "suite", `"TestGone" names no Test function`},
		{"go test ./rt/internal/nosuch -run TestX", "suite", "no test files"},
		{"go test ./rt/internal/strategy -run '^$' -bench CTriggerProfileShare -benchtime 1x", "run", ""},
		{"go test ./rt/... -run TestX", "run", ""},
		{"go test ./cmd/vtbound -run TestX | tee out.txt", "run", ""},
		{"vtbound help", "run", ""},
	} {
		b := docBlock{file: "x.md", class: "sh", attrs: map[string][]string{}, body: []string{tc.body}}
		if fate := blockFate(b); fate != tc.fate {
			t.Errorf("%s: fate %q, want %q", tc.body, fate, tc.fate)
			continue
		}
		if tc.fate != "suite" {
			continue
		}
		cmds, _ := goTestBlock(b)
		got := checkSuiteBlock(root, cmds)
		if (tc.wrong == "") != (got == "") || !strings.Contains(got, tc.wrong) {
			t.Errorf("%s: check %q, want %q", tc.body, got, tc.wrong)
		}
	}
}
