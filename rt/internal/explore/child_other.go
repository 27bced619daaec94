//go:build !linux

package explore

import "os/exec"

// dieWithParent does nothing where the kernel cannot tie a child's life
// to its parent's (child_linux.go).
func dieWithParent(*exec.Cmd) {}
