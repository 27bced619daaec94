package main

import (
	"strings"
	"testing"
)

// TestParseBackends: each -engine value selects its backends, in order.
func TestParseBackends(t *testing.T) {
	for engine, want := range map[string]string{"sim": "sim", "real": "real", "both": "sim,real"} {
		bs, err := parse(engine, 1, 1)
		if err != nil {
			t.Fatalf("-engine=%s: %v", engine, err)
		}
		var names []string
		for _, b := range bs {
			names = append(names, b.Name)
		}
		if got := strings.Join(names, ","); got != want {
			t.Errorf("-engine=%s: backends %s, want %s", engine, got, want)
		}
	}
}

// TestParseRejects: a bad flag value is an error that names the flag and
// the value.
func TestParseRejects(t *testing.T) {
	for _, c := range []struct {
		engine       string
		seeds, limit int
		want         string
	}{
		{"gpu", 1, 1, `-engine="gpu"`},
		{"", 1, 1, `-engine=""`},
		{"both", 0, 1, "-seeds=0"},
		{"both", 1, -5, "-cap=-5"},
	} {
		_, err := parse(c.engine, c.seeds, c.limit)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("parse(%q, %d, %d) = %v, want an error naming %s", c.engine, c.seeds, c.limit, err, c.want)
		}
	}
}
