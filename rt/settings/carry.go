package settings

import (
	"fmt"
	"strings"
)

// CarryFile is the file name of a test's carried state inside a
// VTBOUND_COVERAGE_FROM or VTBOUND_DPOR_STATE directory: the test's name
// with every byte outside [A-Za-z0-9._-] written as %XX, then ext (".cov",
// ".dpor"). The test binaries read these files and vtbound sweep writes
// them, so both take the name from here.
func CarryFile(test, ext string) string {
	var b strings.Builder
	for i := 0; i < len(test); i++ {
		c := test[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '_' || c == '-' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String() + ext
}
