// Package captures gives toolexec's tests the argument vectors of real
// compile and link invocations captured from `go build -x` and `go test
// -x` on this machine (testdata/argv/*.txt: a "# importpath:" line, then
// one argument per line).
package captures

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// Capture is one captured tool invocation.
type Capture struct {
	// ImportPath is the TOOLEXEC_IMPORTPATH the go command gave it.
	ImportPath string
	// Argv is the tool and its arguments.
	Argv []string
}

// dir returns the directory of the captures.
func dir(t testing.TB) string {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		t.Fatal("captures: no source position")
	}
	return filepath.Join(filepath.Dir(file), "testdata", "argv")
}

// Read returns the capture called name.
func Read(t testing.TB, name string) Capture {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir(t), name+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	ip, ok := strings.CutPrefix(lines[0], "# importpath: ")
	if !ok {
		t.Fatalf("%s: missing importpath header", name)
	}
	return Capture{ImportPath: ip, Argv: lines[1:]}
}

// All returns the names of the captures whose names start with prefix.
func All(t testing.TB, prefix string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir(t), prefix+"*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no captures %s*: %v", prefix, err)
	}
	var names []string
	for _, f := range files {
		names = append(names, strings.TrimSuffix(filepath.Base(f), ".txt"))
	}
	return names
}
