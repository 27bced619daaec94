package debugger

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/rt/schedule"
)

// TestDebugScriptIsSilent checks that the Delve script reaches the user's
// frame through API calls that print nothing: no dlv_command before the
// final list, which shows the user's line.
func TestDebugScriptIsSilent(t *testing.T) {
	s, err := schedule.ReadFile(filepath.Join("..", "show", "testdata", "example.sched"))
	if err != nil {
		t.Fatal(err)
	}
	n, err := breakStep(s, 0)
	if err != nil {
		t.Fatal(err)
	}
	init, err := writeDebugScript(s, n)
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(filepath.Dir(init))
	data, err := os.ReadFile(filepath.Join(filepath.Dir(init), "break.star"))
	if err != nil {
		t.Fatal(err)
	}
	script := string(data)
	before, _, ok := strings.Cut(script, `dlv_command("list")`)
	if !ok || strings.Contains(before, "dlv_command(") {
		t.Errorf("the script prints before it stops at the user's frame:\n%s", script)
	}
	for _, want := range []string{`raw_command("continue")`, `raw_command("stepOut")`, "clear_breakpoint(", "stopped before step"} {
		if !strings.Contains(script, want) {
			t.Errorf("the script lacks %s:\n%s", want, script)
		}
	}
}
