// Package analysisdoc extracts an analyzer's Doc string from the comment
// of its package's doc.go file.
package analysisdoc

import (
	"fmt"
	"strings"
)

// Extract returns the section of the doc.go source that follows the
// "# Analyzer name" heading, without comment markers, up to the next
// heading or the package clause. It panics if the heading is missing: a
// programmer error caught by any test of the analyzer.
func Extract(src, name string) string {
	var b strings.Builder
	in := false
	for _, line := range strings.Split(src, "\n") {
		if strings.HasPrefix(line, "package ") {
			break
		}
		text := strings.TrimPrefix(strings.TrimPrefix(line, "//"), " ")
		if strings.HasPrefix(text, "# ") {
			if in {
				break
			}
			in = strings.TrimSpace(text) == "# Analyzer "+name
			continue
		}
		if in {
			b.WriteString(text + "\n")
		}
	}
	if !in && b.Len() == 0 {
		panic(fmt.Sprintf("analysisdoc: no \"# Analyzer %s\" heading", name))
	}
	return strings.TrimSpace(b.String())
}
