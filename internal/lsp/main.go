package lsp

import (
	"context"
	"fmt"
	"os"
)

// Main implements `vtbound lsp`: it runs the language server on standard
// input and output (see docs/editors.md), announcing version, and returns
// the exit status.
func Main(args []string, version string) int {
	if len(args) > 0 && args[0] != "-stdio" && args[0] != "--stdio" {
		fmt.Fprintf(os.Stderr, "vtbound lsp: unexpected argument %q (the server speaks over standard input and output)\n", args[0])
		return 2
	}
	return Serve(context.Background(), stdio{}, os.Stderr, version)
}

// stdio is the process's standard input and output as one connection.
type stdio struct{}

func (stdio) Read(p []byte) (int, error)  { return os.Stdin.Read(p) }
func (stdio) Write(p []byte) (int, error) { return os.Stdout.Write(p) }
func (stdio) Close() error                { return os.Stdin.Close() }
