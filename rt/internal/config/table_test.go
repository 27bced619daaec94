package config

import (
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/rt/settings"
)

// readByParse returns the variables Parse reads, in sorted order.
func readByParse(t *testing.T) []string {
	t.Helper()
	seen := map[string]bool{}
	if _, err := Parse(func(k string) string { seen[k] = true; return "" }); err != nil {
		t.Fatal(err)
	}
	var names []string
	for k := range seen {
		names = append(names, k)
	}
	sort.Strings(names)
	return names
}

// TestTableMatchesParse requires that the run-time rows of the settings
// table read by rt (no other Reader) are exactly the variables Parse
// reads, so `vtbound help` lists every accepted setting and nothing else.
func TestTableMatchesParse(t *testing.T) {
	read := readByParse(t)
	rows := map[string]bool{}
	for _, s := range settings.All() {
		if s.Phase == settings.Run && s.Reader == "" {
			rows[s.Name] = true
		}
	}
	for _, name := range read {
		if !rows[name] {
			t.Errorf("Parse reads %s, which has no run-time row in package rt/settings", name)
		}
		delete(rows, name)
	}
	for name := range rows {
		t.Errorf("rt/settings has a run-time row for %s, which Parse does not read", name)
	}
	if len(read) < 10 {
		t.Errorf("Parse reads only %v", read)
	}
}

// TestTableDefaults requires that the defaults the table shows as values
// are the ones Parse applies: setting a variable to its shown default
// changes nothing.
func TestTableDefaults(t *testing.T) {
	def, err := Parse(env(map[string]string{"VTBOUND_SEED": "1"}))
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, s := range settings.All() {
		if s.Phase != settings.Run || strings.HasPrefix(s.Default, "(") {
			continue // a description, not a value
		}
		got, err := Parse(env(map[string]string{"VTBOUND_SEED": "1", s.Name: s.Default}))
		if err != nil {
			t.Errorf("%s=%s (the table's default): %v", s.Name, s.Default, err)
			continue
		}
		if s.Name == "VTBOUND_MAXSTEPS" { // 0 leaves it to the engine
			got.MaxSteps = def.MaxSteps
		}
		if !reflect.DeepEqual(got, def) {
			t.Errorf("%s=%s (the table's default) gives %+v; unset gives %+v", s.Name, s.Default, got, def)
		}
		checked++
	}
	if checked < 5 {
		t.Errorf("only %d defaults checked", checked)
	}
}

// TestErrorsUseTableAccepts requires that a bad value's error states the
// accepted values exactly as the table (and `vtbound help`) does.
func TestErrorsUseTableAccepts(t *testing.T) {
	bad := map[string]string{
		"VTBOUND_BUDGET": "lots", "VTBOUND_SEED": "x", "VTBOUND_DEPTH": "0", "VTBOUND_V": "-2",
		"VTBOUND_C": "x", "VTBOUND_T": "1", "VTBOUND_L": "0", "VTBOUND_VERBOSE": "-1",
		"VTBOUND_MAXSTEPS": "0", "VTBOUND_RACES": "maybe", "VTBOUND_TIME": "race:0s", "VTBOUND_TRACK": "a,,b",
	}
	for name, val := range bad {
		rows := settings.Lookup(name)
		if len(rows) == 0 {
			t.Errorf("%s: no row", name)
			continue
		}
		_, err := Parse(env(map[string]string{name: val}))
		want := settings.Accepts(name, settings.Run, "")
		if err == nil || want == "" || !strings.Contains(err.Error(), "want "+want) {
			t.Errorf("%s=%s: error %v; want one ending in %q", name, val, err, "want "+want)
		}
	}
}
