//go:build !integration

package rewrite

// gorootDefaultSample is the number of programs TestGorootRun runs by
// default in the e2e tier (go test -tags e2e).
const gorootDefaultSample = 40
