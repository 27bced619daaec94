//go:build vtbtag

package features

// Tagged reports whether the vtbtag build tag is set.
const Tagged = true
