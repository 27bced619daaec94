// Package lsp implements `vtbound lsp`: a language server over standard
// input and output that publishes the vet suite's diagnostics (sharedvar,
// checkact) for the packages of the files an editor opens, refreshed on
// save, with their related positions, and offers on each diagnostic a code
// action giving the `go test -toolexec=vtbound` command that explores the
// tests reaching it.
//
// The JSON-RPC 2.0 connection is github.com/sourcegraph/jsonrpc2 (small,
// maintained, the transport of several Go language servers); the
// protocol's few types the server needs are declared here. The server
// analyses a package when one of its files is opened or saved (not on
// every keystroke: the analysis loads the package from disk), one package
// at a time, in the background, so requests are answered meanwhile.
package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"

	"github.com/sourcegraph/jsonrpc2"
)

// exploreCommand is the command of the code action.
const exploreCommand = "vtbound.explore"

// Serve runs the language server on rwc until the client sends exit or
// closes the connection, logging to logw. It returns the process exit
// status the protocol asks for: 0 after shutdown and exit, 1 otherwise.
func Serve(ctx context.Context, rwc io.ReadWriteCloser, logw io.Writer, version string) int {
	s := newServer(version)
	s.logger = log.New(logw, "vtbound lsp: ", 0)
	h := jsonrpc2.HandlerWithError(s.handle)
	conn := jsonrpc2.NewConn(ctx, newStream(rwc), h, jsonrpc2.SetLogger(s.logger))
	s.conn = conn
	go s.analyseLoop(ctx)
	select {
	case code := <-s.exit:
		conn.Close()
		return code
	case <-conn.DisconnectNotify():
		return 1
	}
}

// handle answers one request or notification.
func (s *server) handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
	switch req.Method {
	case "initialize":
		return s.initialize(), nil
	case "initialized", "textDocument/didClose", "textDocument/didChange", "$/cancelRequest", "workspace/didChangeConfiguration":
		return nil, nil
	case "textDocument/didOpen", "textDocument/didSave":
		var p DocumentParams
		if err := params(req, &p); err != nil {
			return nil, err
		}
		return nil, s.schedule(p.TextDocument.URI)
	case "textDocument/codeAction":
		var p CodeActionParams
		if err := params(req, &p); err != nil {
			return nil, err
		}
		return s.codeActions(p), nil
	case "workspace/executeCommand":
		var p ExecuteCommandParams
		if err := params(req, &p); err != nil {
			return nil, err
		}
		return nil, s.execute(ctx, p)
	case "shutdown":
		s.setShutdown()
		return nil, nil
	case "exit":
		s.exitNow()
		return nil, nil
	}
	return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: fmt.Sprintf("method not supported: %s", req.Method)}
}

// params decodes a request's parameters into v.
func params(req *jsonrpc2.Request, v any) error {
	if req.Params == nil {
		return &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: req.Method + ": missing params"}
	}
	if err := json.Unmarshal(*req.Params, v); err != nil {
		return &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: fmt.Sprintf("%s: invalid params: %v", req.Method, err)}
	}
	return nil
}

// initialize announces what the server does.
func (s *server) initialize() initializeResult {
	return initializeResult{
		Capabilities: capabilities{
			TextDocumentSync:       textDocumentSync{OpenClose: true, Save: saveOptions{}},
			CodeActionProvider:     true,
			ExecuteCommandProvider: executeCommandProvider{Commands: []string{exploreCommand}},
		},
		ServerInfo: serverInfo{Name: "vtbound", Version: s.version},
	}
}

// execute runs the explore command: it shows the command line to run (the
// server does not start test runs in the editor's place).
func (s *server) execute(ctx context.Context, p ExecuteCommandParams) error {
	if p.Command != exploreCommand || len(p.Arguments) != 1 {
		return &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: fmt.Sprintf("unknown command %q or wrong arguments", p.Command)}
	}
	return s.conn.Notify(ctx, "window/showMessage", ShowMessageParams{Type: severityInformation, Message: fmt.Sprintf("Run in the module's directory: %v", p.Arguments[0])})
}
