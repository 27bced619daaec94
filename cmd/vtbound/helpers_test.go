package main

// The tests of this package are in three tiers, chosen by build tag as
// the README says: the untagged files hold the unit tests and TestKernels,
// the default tier's one end-to-end smoke test of go test
// -toolexec=vtbound; e2e_*_test.go, readme_test.go and
// report_golden_test.go carry //go:build e2e; integration_*_test.go carry
// //go:build integration. Helpers that tests of more than one tier use
// live in untagged files: this one and main_test.go.

import (
	"os"
	"path/filepath"
	"testing"
)

// vtSweep runs `vtbound sweep` (the vtbound under test, vtbin) in dir.
func vtSweep(t *testing.T, dir string, args ...string) result {
	t.Helper()
	return command(t, dir, nil, "", vtbin(t), append([]string{"sweep"}, args...)...)
}

// savedSchedules returns the contents of the schedule files saved for one
// input of a fuzz target.
func savedSchedules(t *testing.T, dir, target, input string) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "testdata", "vtbound", target, input, "*"))
	var out []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(data))
	}
	return out
}
