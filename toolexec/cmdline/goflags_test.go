package cmdline

import (
	"slices"
	"strings"
	"testing"
)

func TestRelevantFlags(t *testing.T) {
	args := []string{"-v", "-race", "-tags", "a,b", "-count=1", "-gcflags=all=-N -l", "-run", "TestX", "./...", "-trimpath", "-toolexec=/bin/vtbound", "-mod=vendor", "-args", "-race"}
	want := []string{"-race", "-tags=a,b", "-gcflags=all=-N -l", "-trimpath"}
	if got := RelevantFlags(args); !slices.Equal(got, want) {
		t.Errorf("RelevantFlags = %q; want %q", got, want)
	}
	if got := RelevantFlags(strings.Fields("-buildvcs=false -toolexec=x -asan")); !slices.Equal(got, []string{"-asan"}) {
		t.Errorf("GOFLAGS: %q", got)
	}
}

func TestGoBuildArgs(t *testing.T) {
	tests := []struct {
		argv []string
		want []string
		ok   bool
	}{
		{[]string{"/usr/local/go/bin/go", "test", "-race", "./..."}, []string{"-race", "./..."}, true},
		{[]string{"go", "-C", "dir", "build"}, nil, false}, // -C takes a value: not recognised, safe fallback
		{[]string{"go", "build"}, []string{}, true},
		{[]string{"go", "env", "GOROOT"}, nil, false},
		{[]string{"bash", "test"}, nil, false},
		{[]string{"go"}, nil, false},
	}
	for _, tt := range tests {
		got, ok := goBuildArgs(tt.argv)
		if ok != tt.ok || !slices.Equal(got, tt.want) {
			t.Errorf("goBuildArgs(%q) = %q, %v; want %q, %v", tt.argv, got, ok, tt.want, tt.ok)
		}
	}
}
