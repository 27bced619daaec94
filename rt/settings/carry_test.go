package settings

import "testing"

// TestCarryFile: names keep safe bytes and escape the others.
func TestCarryFile(t *testing.T) {
	for test, want := range map[string]string{
		"TestA/sub x": "TestA%2Fsub%20x.cov",
		"TestB_1.x-y": "TestB_1.x-y.cov",
		"TestÜ":       "Test%C3%9C.cov",
	} {
		if got := CarryFile(test, ".cov"); got != want {
			t.Errorf("CarryFile(%q) = %q, want %q", test, got, want)
		}
	}
}
