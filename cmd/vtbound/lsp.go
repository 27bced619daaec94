package main

import (
	"context"
	"fmt"
	"os"

	"github.com/vtbound/vtbound/internal/lsp"
)

// lspCmd runs the language server on standard input and output (see
// internal/lsp and docs/editors.md).
func lspCmd(args []string) int {
	if len(args) > 0 && args[0] != "-stdio" && args[0] != "--stdio" {
		fmt.Fprintf(os.Stderr, "vtbound lsp: unexpected argument %q (the server speaks over standard input and output)\n", args[0])
		return 2
	}
	return lsp.Serve(context.Background(), stdio{}, os.Stderr, moduleVersion())
}

// stdio is the process's standard input and output as one connection.
type stdio struct{}

func (stdio) Read(p []byte) (int, error)  { return os.Stdin.Read(p) }
func (stdio) Write(p []byte) (int, error) { return os.Stdout.Write(p) }
func (stdio) Close() error                { return os.Stdin.Close() }
