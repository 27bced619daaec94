package statedir

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCreateWritesGitignoreOnce checks that a created state directory
// ignores everything in it, and that an existing directory (the user's
// own, or one whose .gitignore the user edited) is left alone.
func TestCreateWritesGitignoreOnce(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "mod", ".vtbound")
	if err := Create(dir); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(dir, ".gitignore"))
	if err != nil || !strings.HasSuffix(string(data), "\n*\n") {
		t.Fatalf(".gitignore of a new state directory: %q, %v; want a line '*'", data, err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".gitignore"), []byte("edited\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Create(dir); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, ".gitignore")); string(data) != "edited\n" {
		t.Errorf("Create rewrote an existing directory's .gitignore: %q", data)
	}
	existing := t.TempDir()
	if err := Create(existing); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(existing, ".gitignore")); err == nil {
		t.Error("Create wrote a .gitignore into a directory it did not create")
	}
}

// TestCacheDirOutsideTheModule checks that build products go to the user
// cache directory, one directory per state directory, and that the
// directory of a state directory that was deleted is removed.
func TestCacheDirOutsideTheModule(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", t.TempDir())
	kept := filepath.Join(t.TempDir(), "a", ".vtbound")
	if err := Create(kept); err != nil {
		t.Fatal(err)
	}
	a, err := CacheDir(kept, "sweep")
	if err != nil {
		t.Fatal(err)
	}
	gone := filepath.Join(t.TempDir(), "b", ".vtbound")
	if err := Create(gone); err != nil {
		t.Fatal(err)
	}
	b, _ := CacheDir(gone, "sweep")
	if !strings.HasPrefix(a, cache) || a == b {
		t.Errorf("cache dirs %s, %s; want two distinct directories under %s", a, b, cache)
	}
	os.RemoveAll(filepath.Dir(gone))
	if _, err := CacheDir(filepath.Join(t.TempDir(), "c", ".vtbound"), "sweep"); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(b); err == nil {
		t.Errorf("the cache of a deleted state directory is kept: %s", b)
	}
	if _, err := os.Stat(a); err != nil {
		t.Errorf("the cache of an existing state directory is removed: %v", err)
	}
}
