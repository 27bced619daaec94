package toolexec

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestImportCfg(t *testing.T) {
	text := "# import config\npackagefile fmt=/c/fmt.a\nimportmap example.com/d=example.com/m/vendor/example.com/d\npackagefile sync=/c/sync.a\nmodinfo \"x\"\n"
	cfg := ParseImportCfg(text)
	if cfg.Files["fmt"] != "/c/fmt.a" || cfg.Resolve("example.com/d") != "example.com/m/vendor/example.com/d" || cfg.Resolve("fmt") != "fmt" {
		t.Fatalf("parsed %+v", cfg)
	}
	n := cfg.AddMissing([]string{"sync", "testing", RTPath, "absent"}, map[string]string{"sync": "/other/sync.a", "testing": "/r/testing.a", RTPath: "/r/rt.a"})
	if n != 2 || cfg.Files["sync"] != "/c/sync.a" {
		t.Errorf("AddMissing added %d, sync=%q; want 2 and the build's own sync kept", n, cfg.Files["sync"])
	}
	out := cfg.String()
	if !strings.HasPrefix(out, strings.TrimSuffix(text, "\n")) || !strings.HasSuffix(out, "packagefile testing=/r/testing.a\npackagefile "+RTPath+"=/r/rt.a\n") {
		t.Errorf("rendered:\n%s", out)
	}
	path := filepath.Join(t.TempDir(), "importcfg")
	if err := cfg.Write(path); err != nil {
		t.Fatal(err)
	}
	back, err := ReadImportCfg(path)
	if err != nil || len(back.Files) != 4 {
		t.Errorf("re-read: %v, %d files", err, len(back.Files))
	}
}

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

func TestBuildFlags(t *testing.T) {
	cmd, err := ParseCompile(readCapture(t, "compile_test_internal_race").argv)
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

func TestRefersToRT(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a.a": "!<arch>\nstd stuff", "b.a": "!<arch>\nimports " + RTPath + " here", "c.a": "!<arch>\nuser"})
	cfg := ParseImportCfg("packagefile fmt=" + filepath.Join(dir, "a.a") + "\npackagefile m/x=" + filepath.Join(dir, "c.a") + "\n")
	if refersToRT(cfg) {
		t.Error("no archive mentions rt, but refersToRT is true")
	}
	// A module path without a dot is still read (second pass).
	cfg.AddMissing([]string{"m/y"}, map[string]string{"m/y": filepath.Join(dir, "b.a")})
	if !refersToRT(cfg) {
		t.Error("missed the archive that imports rt")
	}
	gone := ParseImportCfg("packagefile fmt=" + filepath.Join(dir, "a.a") + "\npackagefile example.com/gone=" + filepath.Join(dir, "missing.a") + "\n")
	if !refersToRT(gone) {
		t.Error("an unreadable archive must count as referring to rt")
	}
}
