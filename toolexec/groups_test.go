package toolexec

import "testing"

func TestQualifyGroup(t *testing.T) {
	for in, want := range map[string]string{
		"":                      "",
		"example.com/m.counter": "example.com/m.counter",
		"example.com/m.T.f":     "example.com/m.T.f",
		"a.go:3:2":              "example.com/m/a.go:3:2",
		"alloc:a.go:9:7":        "alloc:example.com/m/a.go:9:7",
		"elem:alloc:a.go:9:7":   "elem:alloc:example.com/m/a.go:9:7",
		"elem:example.com/m.xs": "elem:example.com/m.xs",
		"type:example.com/m.T":  "type:example.com/m.T",
	} {
		if got := qualifyGroup("example.com/m", in); got != want {
			t.Errorf("qualifyGroup(%q) = %q, want %q", in, got, want)
		}
	}
}
