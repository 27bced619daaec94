// Empty: lets overhead_test.go declare nanotime without a body (go:linkname).
