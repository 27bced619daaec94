package toolexec

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/vtbound/vtbound/toolexec/scope"
)

// BuildSettings are the build-time settings that enter the -V=full hash:
// the normalised VTBOUND_SCOPE, VTBOUND_ALIAS, and VTBOUND_DEBUG and
// VTBOUND_BUILD_VERBOSE (their output is compiler output, which the build cache
// replays). Runtime settings do not
// enter it: the go command's test cache tracks the variables the test
// binary reads.
type BuildSettings struct {
	Scope   string
	Debug   bool
	Verbose bool
	NoAlias bool
}

// BuildHash returns a short hash of the vtbound binary at self and of the
// build-relevant settings.
func BuildHash(self string, s BuildSettings) (string, error) {
	h := sha256.New()
	f, err := os.Open(self)
	if err != nil {
		return "", fmt.Errorf("hash vtbound binary: %w", err)
	}
	defer f.Close()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("hash vtbound binary: %w", err)
	}
	fmt.Fprintf(h, "\n%s=%s\n%s=%v\n%s=%v\n%s=%v\n", scope.Env, s.Scope, DebugEnv, s.Debug, VerboseEnv, s.Verbose, AliasEnv, s.NoAlias)
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil)[:15]), nil
}

// VersionAnswer turns a tool's real `-V=full` output into vtbound's: the
// same line with the hash added, in a form the go command still parses.
// For a release toolchain ("compile version go1.26.8 ...") the go command
// uses the whole line as the tool ID, so the hash is appended. For a
// development toolchain it uses the content part of the trailing
// buildID=..., so the hash is appended to that field.
func VersionAnswer(real, hash string) string {
	line := strings.TrimRight(real, "\r\n")
	fields := strings.Fields(line)
	if n := len(fields); n > 0 && strings.HasPrefix(fields[n-1], "buildID=") {
		return line + "+vtbound" + hash + "\n"
	}
	return line + " vtbound=" + hash + "\n"
}
