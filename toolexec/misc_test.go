package toolexec

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/toolexec/cmdline"
	"github.com/vtbound/vtbound/toolexec/importcfg"
	"github.com/vtbound/vtbound/toolexec/internal/captures"
	"github.com/vtbound/vtbound/toolexec/scope"
)

func TestVersionAnswer(t *testing.T) {
	rel := VersionAnswer("compile version go1.26.8\n", "H")
	if rel != "compile version go1.26.8 vtbound=H\n" {
		t.Errorf("release: %q", rel)
	}
	dev := VersionAnswer("compile version devel go1.27-abc buildID=aaa/bbb\n", "H")
	f := strings.Fields(dev)
	// cmd/go keeps the content ID: the part of the last field after "/".
	last := f[len(f)-1]
	if !strings.HasPrefix(last, "buildID=") || last[strings.LastIndex(last, "/")+1:] != "bbb+vtboundH" {
		t.Errorf("devel: %q", dev)
	}
	if f[0] != "compile" || f[1] != "version" {
		t.Errorf("devel: tool name and version word must stay first: %q", dev)
	}
}

func TestBuildHash(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	if err := os.WriteFile(bin, []byte("binary v1"), 0o666); err != nil {
		t.Fatal(err)
	}
	h1, _ := BuildHash(bin, BuildSettings{})
	h2, _ := BuildHash(bin, BuildSettings{Scope: "example.com/..."})
	h3, _ := BuildHash(bin, BuildSettings{Debug: true})
	os.WriteFile(bin, []byte("binary v2"), 0o666)
	h4, _ := BuildHash(bin, BuildSettings{})
	if h1 == "" || h1 == h2 || h1 == h3 || h1 == h4 || strings.ContainsAny(h1, " /\n") {
		t.Errorf("hashes not distinct or not one token: %q %q %q %q", h1, h2, h3, h4)
	}
	if again, _ := BuildHash(bin, BuildSettings{}); again != h4 {
		t.Error("hash not deterministic")
	}
	if _, err := BuildHash(filepath.Join(dir, "missing"), BuildSettings{}); err == nil {
		t.Error("missing binary: no error")
	}
}

func TestBuildFlags(t *testing.T) {
	cmd, err := cmdline.ParseCompile(captures.Read(t, "compile_test_internal_race").Argv)
	if err != nil {
		t.Fatal(err)
	}
	env := &Env{GOFLAGS: "-mod=vendor -tags=integration -toolexec=vtbound"}
	env.ParentArgs = func() ([]string, bool) { return nil, false }
	if got := buildFlags(env, cmd); !slices.Equal(got, []string{"-tags=integration", "-race"}) {
		t.Errorf("without the parent: %q; want GOFLAGS' tags and -race from the compile line", got)
	}
	env.ParentArgs = func() ([]string, bool) { return []string{"-gcflags", "all=-N", "-run", "X", "./..."}, true }
	if got := buildFlags(env, cmd); !slices.Equal(got, []string{"-tags=integration", "-gcflags=all=-N"}) {
		t.Errorf("with the parent: %q", got)
	}
}

func TestRefersToRT(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a.a": "!<arch>\nstd stuff", "b.a": "!<arch>\nimports " + scope.RTPath + " here", "c.a": "!<arch>\nuser"})
	cfg := importcfg.Parse("packagefile fmt=" + filepath.Join(dir, "a.a") + "\npackagefile m/x=" + filepath.Join(dir, "c.a") + "\n")
	if refersToRT(cfg) {
		t.Error("no archive mentions rt, but refersToRT is true")
	}
	// A module path without a dot is still read (second pass).
	cfg.AddMissing([]string{"m/y"}, map[string]string{"m/y": filepath.Join(dir, "b.a")})
	if !refersToRT(cfg) {
		t.Error("missed the archive that imports rt")
	}
	gone := importcfg.Parse("packagefile fmt=" + filepath.Join(dir, "a.a") + "\npackagefile example.com/gone=" + filepath.Join(dir, "missing.a") + "\n")
	if !refersToRT(gone) {
		t.Error("an unreadable archive must count as referring to rt")
	}
}
