package testbin

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestSourceKey: the key is the same for the same sources and ignores the
// test files of cmd/vtbound, which are not built into the binary.
func TestSourceKey(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "cmd", "vtbound")); err != nil {
		t.Fatalf("module root %s has no cmd/vtbound: %v", root, err)
	}
	k1, err := sourceKey(root)
	if err != nil {
		t.Fatal(err)
	}
	k2, err := sourceKey(root)
	if err != nil {
		t.Fatal(err)
	}
	if k1 != k2 || len(k1) != 24 {
		t.Errorf("keys %q and %q; want two equal 24-digit keys", k1, k2)
	}
}

// TestPrune: entries and lock files unused for a day go, the entry being
// built and recent ones stay, and an old lock file whose entry is in use
// stays with it.
func TestPrune(t *testing.T) {
	base := t.TempDir()
	old := time.Now().Add(-2 * maxAge)
	for _, name := range []string{"keep", "keep.lock", "old", "old.lock", "new", "new.lock", "orphan.lock", "used.lock", "used"} {
		p := filepath.Join(base, name)
		var err error
		if filepath.Ext(name) == ".lock" {
			err = os.WriteFile(p, nil, 0o644)
		} else {
			err = os.Mkdir(p, 0o755)
		}
		if err != nil {
			t.Fatal(err)
		}
		if name != "new" && name != "new.lock" && name != "used" {
			if err := os.Chtimes(p, old, old); err != nil {
				t.Fatal(err)
			}
		}
	}
	prune(base, "keep")
	for name, want := range map[string]bool{"keep": true, "keep.lock": true, "old": false, "old.lock": false,
		"new": true, "new.lock": true, "orphan.lock": false, "used": true, "used.lock": true} {
		_, err := os.Stat(filepath.Join(base, name))
		if got := err == nil; got != want {
			t.Errorf("%s: present %v after prune, want %v", name, got, want)
		}
	}
}

// TestKeepGoCache: after KeepGoCache, moving XDG_CACHE_HOME and HOME does
// not move the go command's build cache.
func TestKeepGoCache(t *testing.T) {
	goCache := func() string {
		t.Helper()
		out, err := exec.Command("go", "env", "GOCACHE").Output()
		if err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(string(out))
	}
	before := goCache()
	KeepGoCache(t)
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	t.Setenv("HOME", t.TempDir())
	if after := goCache(); after != before {
		t.Errorf("GOCACHE moved from %s to %s", before, after)
	}
}

// TestFixedDir: the same name gives the same, emptied directory; another
// name another one.
func TestFixedDir(t *testing.T) {
	var first string
	t.Run("first", func(t *testing.T) {
		first = FixedDir(t, "testbin-test")
		if err := os.WriteFile(filepath.Join(first, "left"), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	})
	second := FixedDir(t, "testbin-test")
	if second != first {
		t.Errorf("FixedDir gave %s, then %s", first, second)
	}
	if entries, err := os.ReadDir(second); err != nil || len(entries) != 0 {
		t.Errorf("FixedDir left %v (%v); want an empty directory", entries, err)
	}
	if other := FixedDir(t, "testbin-other"); other == second {
		t.Errorf("two names share %s", other)
	}
}
