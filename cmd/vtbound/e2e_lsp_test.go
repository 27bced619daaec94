//go:build e2e

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/internal/testbin"
)

// TestLSPNeovim opens the bundled example in a real, headless Neovim with
// the documented configuration and checks that the check-then-act
// diagnostic appears on the write (the map itself is not reported: every
// access holds the lock).
func TestLSPNeovim(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Skip("nvim is not installed (Debian: apt-get install neovim); the configuration's command line is checked by TestLSPEditorConfigs")
	}
	testbin.KeepGoCache(t) // HOME moves below
	dir := t.TempDir()
	if err := os.CopyFS(filepath.Join(dir, "ex"), os.DirFS(filepath.Join("..", "..", "testdata", "example"))); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "bin")
	os.Mkdir(bin, 0o755)
	if err := os.Symlink(vtbin(t), filepath.Join(bin, "vtbound")); err != nil {
		t.Fatal(err)
	}
	config, _ := filepath.Abs(filepath.Join(editorsDir, "vtbound.lua"))
	outFile := filepath.Join(dir, "diagnostics.txt")
	wait := fmt.Sprintf(`lua vim.wait(120000, function() return #vim.diagnostic.get(0) >= 1 end, 200); local out = {}; for _, d in ipairs(vim.diagnostic.get(0)) do table.insert(out, string.format("%%d:%%d %%s", d.lnum, d.col, d.message)) end; vim.fn.writefile(out, %q)`, outFile)
	cmd := exec.Command(nvim, "--headless", "-u", config, "inventory.go", "-c", wait, "-c", "qa!")
	cmd.Dir = filepath.Join(dir, "ex")
	cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "HOME="+dir)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nvim: %v\n%s", err, out)
	}
	b, err := os.ReadFile(outFile)
	if err != nil {
		t.Fatal(err)
	}
	got := string(b)
	for _, want := range []string{"33:10 check-then-act on elem:Inventory.stock"} {
		if !strings.Contains(got, want) {
			t.Errorf("Neovim's diagnostics lack %q:\n%s", want, got)
		}
	}
}
