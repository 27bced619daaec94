package cmdline

import (
	"path/filepath"
	"regexp"
)

// WorkDir returns the build's work directory ($WORK) from an output path
// of the form $WORK/bNNN/file, or the output's directory otherwise.
func WorkDir(out string) string {
	if out == "" {
		return ""
	}
	dir := filepath.Dir(out)
	base := filepath.Base(dir)
	if base == "exe" { // link output: $WORK/bNNN/exe/a.out
		dir = filepath.Dir(dir)
		base = filepath.Base(dir)
	}
	if actionDirRe.MatchString(base) {
		return filepath.Dir(dir)
	}
	return dir
}

var actionDirRe = regexp.MustCompile(`^b[0-9]+$`)
