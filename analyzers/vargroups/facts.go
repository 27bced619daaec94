package vargroups

import (
	"fmt"
	"strings"
)

// PackageGroups is a package fact: the groups of the package that may be
// shared between goroutines, sorted.
type PackageGroups struct {
	Shared []string
}

// AFact marks PackageGroups as an analysis fact.
func (*PackageGroups) AFact() {}

// String renders the fact for tests: "shared groups: a, b".
func (f *PackageGroups) String() string {
	return "shared groups: " + strings.Join(f.Shared, ", ")
}

// VarGroup is an object fact on a package-level variable: its group name,
// which dependent packages use for their accesses to it. Package-level
// variables are always shared.
type VarGroup struct {
	Group  string
	Shared bool
}

// AFact marks VarGroup as an analysis fact.
func (*VarGroup) AFact() {}

// String renders the fact for tests: "group pkg.v shared".
func (f *VarGroup) String() string {
	if f.Shared {
		return fmt.Sprintf("group %s shared", f.Group)
	}
	return fmt.Sprintf("group %s", f.Group)
}
