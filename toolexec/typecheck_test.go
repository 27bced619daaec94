package toolexec

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/toolexec/cmdline"
	"github.com/vtbound/vtbound/toolexec/importcfg"
)

func TestLoadTypeChecks(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"go.mod": "module example.com/tc\n\ngo 1.21\n",
		"a.go":   "package tc\n\nimport \"sync\"\n\nvar mu sync.Mutex\n\nfunc F() { for i := range 3 { _ = i }; mu.Lock() }\n",
		"bad.go": "package tc\n\nvar bad int = \"x\"\n",
	})
	cfg := exportCfg(t, dir, "sync")
	cmd := &cmdline.Command{Tool: "compile", Args: []cmdline.Arg{{Name: "p", Value: "example.com/tc", Form: cmdline.FormSplit}, {Name: "lang", Value: "go1.21", Form: cmdline.FormEquals}}, Files: []string{filepath.Join(dir, "a.go")}}
	l, err := load(&compilePlan{cmd: cmd, pkgPath: "example.com/tc"}, cfg, "amd64")
	if err == nil || !strings.Contains(err.Error(), "go1.22") {
		// range over int needs go1.22: -lang must reach go/types.
		t.Fatalf("load with -lang=go1.21: err = %v; want a version error", err)
	}
	cmd.SetFlag("lang", "go1.22")
	if l, err = load(&compilePlan{cmd: cmd, pkgPath: "example.com/tc"}, cfg, "amd64"); err != nil {
		t.Fatal(err)
	}
	if l.pkg.Path() != "example.com/tc" || l.pkg.Scope().Lookup("mu") == nil || len(l.info.Uses) == 0 {
		t.Errorf("package %v not type-checked", l.pkg)
	}
	cmd.Files = append(cmd.Files, filepath.Join(dir, "bad.go"))
	_, err = load(&compilePlan{cmd: cmd, pkgPath: "example.com/tc"}, cfg, "amd64")
	var te *errTypes
	if !errors.As(err, &te) {
		t.Errorf("type error: err = %v; want *errTypes", err)
	}
}

// exportCfg builds an importcfg for the given packages and their deps with
// `go list -export`.
func exportCfg(t *testing.T, dir string, pkgs ...string) *importcfg.Config {
	t.Helper()
	cmd := exec.Command("go", append([]string{"list", "-export", "-deps", "-f", "{{if .Export}}packagefile {{.ImportPath}}={{.Export}}{{end}}"}, pkgs...)...)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	return importcfg.Parse(string(out))
}

// writeTree writes files (slash-separated names relative to dir) under dir.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
}
