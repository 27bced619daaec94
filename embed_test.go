package vtbound

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// modulePath is the import path of this module.
const modulePath = "github.com/vtbound/vtbound"

// embeddedDirs lists the directories of the embedded tree that hold files.
func embeddedDirs(t *testing.T) map[string]bool {
	t.Helper()
	dirs := map[string]bool{}
	err := fs.WalkDir(RTSource(), "rt", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			dirs[path.Dir(p)] = true
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return dirs
}

// TestRTSourceComplete checks that every file the compiler needs (Go and
// assembly sources) of each embedded directory is embedded, as it is on
// disk.
func TestRTSourceComplete(t *testing.T) {
	src := RTSource()
	n := 0
	for dir := range embeddedDirs(t) {
		entries, err := os.ReadDir(filepath.FromSlash(dir))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			name := e.Name()
			if e.IsDir() || name[0] == '_' || name[0] == '.' {
				continue // ignored by the go command too
			}
			switch filepath.Ext(name) {
			case ".go", ".s", ".h":
			default:
				continue
			}
			p := dir + "/" + name
			want, err := os.ReadFile(filepath.FromSlash(p))
			if err != nil {
				t.Fatal(err)
			}
			got, err := fs.ReadFile(src, p)
			if err != nil {
				t.Errorf("%s not embedded: %v", p, err)
			} else if string(got) != string(want) {
				t.Errorf("%s: embedded copy differs", p)
			}
			n++
		}
	}
	if _, err := fs.Stat(src, "rt/rt.go"); err != nil || n == 0 {
		t.Errorf("rt/rt.go: %v (%d files checked)", err, n)
	}
}

// TestRTSourceClosed checks that the embedded tree is closed under the
// imports of its non-test files (under any build constraint), and holds no
// directory rt does not need: users' builds get rt and what it imports,
// not vtbound's research code.
func TestRTSourceClosed(t *testing.T) {
	dirs := embeddedDirs(t)
	needed := map[string]bool{"rt": true}
	queue := []string{"rt"}
	for len(queue) > 0 {
		dir := queue[0]
		queue = queue[1:]
		if !dirs[dir] {
			t.Errorf("%s is imported by rt's packages but not embedded (add it to embed.go)", dir)
			continue
		}
		for _, imp := range moduleImports(t, dir) {
			if !needed[imp] {
				needed[imp] = true
				queue = append(queue, imp)
			}
		}
	}
	for dir := range dirs {
		if !needed[dir] {
			t.Errorf("%s is embedded but rt does not import it (remove it from embed.go)", dir)
		}
	}
	for _, research := range []string{"rt/internal/kernels", "rt/internal/strategy/internal/experiments", "rt/internal/strategy/internal/testsim"} {
		if dirs[research] {
			t.Errorf("%s is embedded into users' builds", research)
		}
	}
}

// moduleImports returns the directories (relative to the module root) of
// the packages of this module that the non-test files of the embedded
// directory dir import.
func moduleImports(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := fs.ReadDir(RTSource(), dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() || !strings.HasSuffix(name, ".go") || strings.HasSuffix(name, "_test.go") {
			continue
		}
		data, err := fs.ReadFile(RTSource(), dir+"/"+name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, data, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			if rel, ok := strings.CutPrefix(p, modulePath+"/"); ok {
				out = append(out, rel)
			}
		}
	}
	return out
}
