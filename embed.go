// Package vtbound carries the source of package rt inside the vtbound
// binary, so that `go test -toolexec=vtbound` can compile rt for any build
// without a change to the user's go.mod.
package vtbound

import (
	"embed"
	"io/fs"
)

// rtTree is the source of package rt and of the packages it imports,
// rooted at "rt". The directories are listed one by one (every Go and
// assembly file of each) so that what only vtbound's own tests use (the
// hand-written kernels, the experiments harness and the simulator of
// package strategy, schedule tools) stays out of users' builds;
// TestRTSourceClosed checks that the list is closed under rt's imports.
//
//go:embed rt/*.go
//go:embed rt/settings/*.go
//go:embed rt/internal/config/*.go
//go:embed rt/internal/coverage/*.go
//go:embed rt/internal/ctrigger/*.go
//go:embed rt/internal/engine/*.go rt/internal/engine/*.s
//go:embed rt/internal/explore/*.go
//go:embed rt/internal/gid/*.go rt/internal/gid/*.s
//go:embed rt/internal/report/*.go
//go:embed rt/internal/sched/*.go
//go:embed rt/internal/schedfile/*.go
//go:embed rt/internal/strategy/*.go
var rtTree embed.FS

// RTSource returns the rt source tree as a file system whose "rt" directory
// holds package rt and the packages it imports. It includes their test
// files; toolexec drops them when it writes the tree out.
func RTSource() fs.FS {
	return rtTree
}
