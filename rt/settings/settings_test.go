package settings

import "testing"

// TestSettingPhasesDisjoint checks that no variable is both a build-time
// and a run-time setting: a build-time one enters the build hash, so a
// shared name would rebuild every package when the run-time one is set.
func TestSettingPhasesDisjoint(t *testing.T) {
	phase := map[string]Phase{}
	for _, s := range All() {
		if p, ok := phase[s.Name]; ok && p != s.Phase {
			t.Errorf("%s is read at build time and at run time; give the build-time setting its own name", s.Name)
		}
		phase[s.Name] = s.Phase
	}
}
