package rtbuild

import (
	"strings"
	"testing"
)

func TestNestedEnviron(t *testing.T) {
	in := []string{"GOFLAGS=-toolexec=/bin/vtbound -race", "GOWORK=/w/go.work", "HOME=/root", "TOOLEXEC_IMPORTPATH=x", "GOPROXY=https://proxy"}
	iso := strings.Join(nestedEnviron(in, true), "\n")
	for _, bad := range []string{"toolexec", "/w/go.work", "TOOLEXEC_IMPORTPATH", "https://proxy"} {
		if strings.Contains(iso, bad) {
			t.Errorf("nested env keeps %q:\n%s", bad, iso)
		}
	}
	for _, want := range []string{"HOME=/root", NestedEnv + "=1", "GOWORK=off", "GOPROXY=off"} {
		if !strings.Contains(iso, want) {
			t.Errorf("nested env lacks %q", want)
		}
	}
	if mod := strings.Join(nestedEnviron(in, false), "\n"); !strings.Contains(mod, "GOWORK=/w/go.work") {
		t.Error("non-isolated nested env must keep the user's workspace")
	}
}
