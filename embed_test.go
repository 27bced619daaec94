package vtbound

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TestRTSourceComplete checks that every file of the rt tree on disk that
// the compiler needs (Go and assembly sources) is embedded.
func TestRTSourceComplete(t *testing.T) {
	src := RTSource()
	n := 0
	err := filepath.WalkDir("rt", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if name := d.Name(); name[0] == '_' || name[0] == '.' {
			return nil // ignored by the go command too
		}
		switch filepath.Ext(path) {
		case ".go", ".s", ".h":
		default:
			return nil
		}
		want, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		got, err := fs.ReadFile(src, filepath.ToSlash(path))
		if err != nil {
			t.Errorf("%s not embedded: %v", path, err)
		} else if string(got) != string(want) {
			t.Errorf("%s: embedded copy differs", path)
		}
		n++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fs.Stat(src, "rt/rt.go"); err != nil || n == 0 {
		t.Errorf("rt/rt.go: %v (%d files checked)", err, n)
	}
}
