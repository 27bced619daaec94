package explore

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// maxSnapshotFiles bounds the walk of the package directory: a snapshot
// of a larger tree records nothing about files.
const maxSnapshotFiles = 5000

// processState is what a test can leave behind in its process that
// vtbound can see: files under the package directory (where go test runs
// the test), the working directory and the environment. Package-level
// variables and sync.Once state cannot be told apart from the test's own.
type processState struct {
	files map[string]bool // nil when the tree was too large
	cwd   string
	env   map[string]string
}

// snapshotProcess records the state of the process now.
func snapshotProcess() *processState {
	p := &processState{env: map[string]string{}}
	p.cwd, _ = os.Getwd()
	for _, kv := range os.Environ() {
		k, v, _ := strings.Cut(kv, "=")
		p.env[k] = v
	}
	p.files = map[string]bool{}
	err := filepath.WalkDir(".", func(path string, _ fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if len(p.files) >= maxSnapshotFiles {
			return fs.SkipAll
		}
		p.files[path] = true
		return nil
	})
	if err != nil || len(p.files) >= maxSnapshotFiles {
		p.files = nil
	}
	return p
}

// leftBehind describes how the process now differs from p: files created
// or removed (those under skipDir, vtbound's schedules, excepted), a
// changed working directory, changed environment variables.
func (p *processState) leftBehind(skipDir string) []string {
	if p == nil {
		return nil
	}
	now := snapshotProcess()
	var out []string
	if now.cwd != p.cwd {
		out = append(out, fmt.Sprintf("working directory changed from %s to %s", p.cwd, now.cwd))
	} else if p.files != nil && now.files != nil {
		out = append(out, fileChanges(p.files, now.files, filepath.Clean(skipDir))...)
	}
	out = append(out, envChanges(p.env, now.env)...)
	return out
}

// fileChanges lists paths present in only one of before and after.
func fileChanges(before, after map[string]bool, skipDir string) []string {
	var out []string
	for path := range after {
		if !before[path] && !under(path, skipDir) && !under(skipDir, path) {
			out = append(out, "file created: "+path)
		}
	}
	for path := range before {
		if !after[path] && !under(path, skipDir) {
			out = append(out, "file removed: "+path)
		}
	}
	sort.Strings(out)
	return out
}

// under reports whether path is dir or inside it.
func under(path, dir string) bool {
	return path == dir || strings.HasPrefix(path, dir+string(filepath.Separator))
}

// envChanges lists environment variables set, changed or unset.
func envChanges(before, after map[string]string) []string {
	var out []string
	for k, v := range after {
		if old, ok := before[k]; !ok {
			out = append(out, "environment variable set: "+k)
		} else if old != v {
			out = append(out, "environment variable changed: "+k)
		}
	}
	for k := range before {
		if _, ok := after[k]; !ok {
			out = append(out, "environment variable unset: "+k)
		}
	}
	sort.Strings(out)
	return out
}
