// Package vtbound carries the source of package rt inside the vtbound
// binary, so that `go test -toolexec=vtbound` can compile rt for any build
// without a change to the user's go.mod.
package vtbound

import (
	"embed"
	"io/fs"
)

// rtTree is the rt source tree, rooted at "rt".
//
//go:embed rt
var rtTree embed.FS

// RTSource returns the rt source tree as a file system whose "rt" directory
// holds package rt and its internal packages. It includes test files and
// testdata; toolexec drops them when it writes the tree out.
func RTSource() fs.FS {
	return rtTree
}
