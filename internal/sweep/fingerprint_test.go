package sweep

import (
	"context"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// fpModule is a module where b imports a, and c stands alone; c's tests
// share nothing but cHelper's type T (TestC1) and helper (TestC2).
var fpModule = map[string]string{
	"go.mod":      "module example.com/fp\n\ngo 1.22\n",
	"a/a.go":      "package a\n\nfunc A() int { return 1 }\n",
	"b/b.go":      "package b\n\nimport \"example.com/fp/a\"\n\nfunc B() int { return a.A() + 1 }\n",
	"b/b_test.go": "package b\n\nimport \"testing\"\n\nfunc TestB1(t *testing.T) { B() }\n\nfunc TestB2(t *testing.T) {}\n",
	"c/c.go":      "package c\n\nfunc C() int { return 3 }\n",
	"c/c_test.go": `package c

import "testing"

type T struct{ n int }

func (x *T) inc() { x.n++ }

func helper() int { return C() }

func TestC1(t *testing.T) { var x T; x.inc() }

func TestC2(t *testing.T) { helper() }
`,
}

// fingerprints lists the module's packages and returns every test's
// fingerprint and every package's build key.
func fingerprints(t *testing.T, dir string) (tests, builds map[string]string) {
	t.Helper()
	cfg := &Config{Dir: dir, Tool: filepath.Join(dir, "go.mod"), Packages: []string{"./..."}}
	pkgs, err := listPackages(context.Background(), cfg, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	tests, builds = map[string]string{}, map[string]string{}
	for _, p := range pkgs {
		if !p.HasTests {
			continue
		}
		builds[p.Path] = p.Fingerprint
		p.Tests = map[string][]string{"example.com/fp/b": {"TestB1", "TestB2"}, "example.com/fp/c": {"TestC1", "TestC2"}}[p.Path]
		p.testFingerprints()
		maps.Copy(tests, p.testFP)
	}
	return tests, builds
}

// changed lists the keys whose values differ.
func changed(a, b map[string]string) []string {
	var out []string
	for k := range a {
		if a[k] != b[k] {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// TestFingerprints: editing a package changes the fingerprints of the
// tests whose binaries link it and no other; editing a test, or a helper
// or method only it reaches, changes that test's alone; comments and
// moved lines change nothing.
func TestFingerprints(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) {
		t.Helper()
		os.MkdirAll(filepath.Dir(filepath.Join(dir, name)), 0o755)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, content := range fpModule {
		write(name, content)
	}
	tests, builds := fingerprints(t, dir)
	if len(tests) != 4 || len(builds) != 2 {
		t.Fatalf("tests %v, builds %v", tests, builds)
	}
	steps := []struct {
		what, file, old, new string
		tests, builds        []string
	}{
		{"nothing", "a/a.go", "", "", nil, nil},
		{"a dependency of b", "a/a.go", "return 1", "return 2", []string{"TestB1", "TestB2"}, []string{"example.com/fp/b"}},
		{"comments and moved lines", "c/c_test.go", "func TestC2", "// TestC2 calls a helper.\n\n\nfunc TestC2", nil, []string{"example.com/fp/c"}},
		{"TestC1's method", "c/c_test.go", "x.n++", "x.n += 2", []string{"TestC1"}, []string{"example.com/fp/c"}},
		{"TestC2's helper", "c/c_test.go", "return C()", "return C() + 1", []string{"TestC2"}, []string{"example.com/fp/c"}},
		{"package c", "c/c.go", "return 3", "return 4", []string{"TestC1", "TestC2"}, []string{"example.com/fp/c"}},
	}
	for _, st := range steps {
		data, _ := os.ReadFile(filepath.Join(dir, st.file))
		write(st.file, strings.Replace(string(data), st.old, st.new, 1))
		tests2, builds2 := fingerprints(t, dir)
		if got := changed(tests, tests2); !slices.Equal(got, st.tests) {
			t.Errorf("after editing %s: fingerprints of %v changed, want %v", st.what, got, st.tests)
		}
		if got := changed(builds, builds2); !slices.Equal(got, st.builds) {
			t.Errorf("after editing %s: build keys of %v changed, want %v", st.what, got, st.builds)
		}
		tests, builds = tests2, builds2
	}
}
