package rewrite

import "go/ast"

// usesSynctest reports whether a test body calls testing/synctest.Test
// itself (not in a function literal it defines), and warns so. Such a test
// runs natively, unwrapped: its bubble has the Go runtime's own fake clock
// and durable-blocking detection, which an exploration's controlled
// goroutines would defeat (the bubble's goroutines are started by the
// runtime, not by rt), and synctest.Test must not run once per explored
// schedule. The code the bubble runs is still rewritten; its hooks find no
// controlled goroutine and perform the real operations.
func (fr *fileRewriter) usesSynctest(fd *ast.FuncDecl) bool {
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if f, _ := fr.callee(x.Fun); f != nil && f.Pkg() != nil && f.Pkg().Path() == "testing/synctest" && f.Name() == "Test" {
				found = true
			}
		}
		return !found
	})
	if found {
		fr.p.warn(fd.Pos(), "%s runs natively, not explored: it uses testing/synctest, whose bubble has the Go runtime's own fake clock and scheduler", fd.Name.Name)
	}
	return found
}
