package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"go/token"
	"io"
	"net"
	"net/textproto"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	"github.com/vtbound/vtbound/analyzers/report"
)

// client is the editor's side of a session with an in-process server.
type client struct {
	t     *testing.T
	conn  *jsonrpc2.Conn
	diags chan PublishDiagnosticsParams
	shown chan ShowMessageParams
	done  chan int
}

func startSession(t *testing.T) *client {
	t.Helper()
	srvEnd, cliEnd := net.Pipe()
	c := &client{t: t, diags: make(chan PublishDiagnosticsParams, 16), shown: make(chan ShowMessageParams, 4), done: make(chan int, 1)}
	go func() { c.done <- Serve(context.Background(), srvEnd, io.Discard, "test") }()
	h := jsonrpc2.HandlerWithError(func(_ context.Context, _ *jsonrpc2.Conn, req *jsonrpc2.Request) (any, error) {
		switch req.Method {
		case "textDocument/publishDiagnostics":
			var p PublishDiagnosticsParams
			json.Unmarshal(*req.Params, &p)
			c.diags <- p
		case "window/showMessage":
			var p ShowMessageParams
			json.Unmarshal(*req.Params, &p)
			c.shown <- p
		}
		return nil, nil
	})
	c.conn = jsonrpc2.NewConn(context.Background(), jsonrpc2.NewBufferedStream(cliEnd, jsonrpc2.VSCodeObjectCodec{}), h)
	t.Cleanup(func() { c.conn.Close() })
	return c
}

func (c *client) call(method string, params, result any) error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	return c.conn.Call(ctx, method, params, result)
}

func (c *client) notify(method string, params any) {
	if err := c.conn.Notify(context.Background(), method, params); err != nil {
		c.t.Fatalf("%s: %v", method, err)
	}
}

// diagnosticsFor waits for the next publication for uri.
func (c *client) diagnosticsFor(uri string) []Diagnostic {
	c.t.Helper()
	timeout := time.After(2 * time.Minute)
	for {
		select {
		case p := <-c.diags:
			if p.URI == uri {
				return p.Diagnostics
			}
		case <-timeout:
			c.t.Fatalf("no diagnostics published for %s", uri)
		}
	}
}

// copyExample copies the bundled example module into a temporary
// directory and returns the path of its inventory.go.
func copyExample(t *testing.T) string {
	t.Helper()
	src := filepath.Join("..", "..", "testdata", "example")
	dst := t.TempDir()
	for _, name := range []string{"go.mod", "inventory.go", "inventory_test.go"} {
		b, err := os.ReadFile(filepath.Join(src, name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dst, "inventory.go")
}

// TestSession drives a whole session over the protocol: initialize,
// didOpen (diagnostics with ranges and related information), codeAction
// and executeCommand (the explore command), didSave after a fix (the
// check-then-act diagnostic goes away), an unknown method and bad
// parameters (JSON-RPC errors), shutdown and exit (status 0).
func TestSession(t *testing.T) {
	c := startSession(t)
	var init initializeResult
	if err := c.call("initialize", map[string]any{"processId": nil, "rootUri": nil, "capabilities": map[string]any{}}, &init); err != nil {
		t.Fatal(err)
	}
	if !init.Capabilities.TextDocumentSync.OpenClose || !init.Capabilities.CodeActionProvider || init.ServerInfo.Name != "vtbound" {
		t.Fatalf("capabilities: %+v", init)
	}
	c.notify("initialized", map[string]any{})

	file := copyExample(t)
	uri := pathURI(file)
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "go", "version": 1, "text": ""}})
	ds := c.diagnosticsFor(uri)
	act := find(t, ds, "checkact")
	// inventory.go:34:11 is `inv.stock[item] -= n`: the write.
	if act.Range.Start != (Position{Line: 33, Character: 10}) || act.Range.End.Character <= act.Range.Start.Character {
		t.Errorf("checkact range = %+v, want to start at 33:10", act.Range)
	}
	if len(act.RelatedInformation) != 2 || act.RelatedInformation[0].Location.Range.Start.Line != 21 || !strings.Contains(act.RelatedInformation[0].Message, "the check") {
		t.Errorf("checkact related = %+v, want the check at line 22 first", act.RelatedInformation)
	}
	for _, d := range ds {
		if d.Code == "sharedvar" {
			t.Errorf("sharedvar reports %q on the example, whose every access holds the lock", d.Message)
		}
	}

	var actions []CodeAction
	if err := c.call("textDocument/codeAction", CodeActionParams{TextDocument: TextDocumentIdentifier{URI: uri}, Range: act.Range}, &actions); err != nil {
		t.Fatal(err)
	}
	if len(actions) != 1 || actions[0].Command == nil {
		t.Fatalf("code actions at the checkact diagnostic: %+v", actions)
	}
	// The check-then-act's related positions name no test: the command
	// explores the package's tests.
	want := "go test -toolexec=vtbound example.com/inventory"
	if got := actions[0].Command.Arguments[0]; got != want {
		t.Errorf("explore command = %q, want %q", got, want)
	}
	if err := c.call("workspace/executeCommand", ExecuteCommandParams{Command: exploreCommand, Arguments: actions[0].Command.Arguments}, nil); err != nil {
		t.Fatal(err)
	}
	if m := <-c.shown; !strings.Contains(m.Message, want) {
		t.Errorf("shown message %q does not give the command", m.Message)
	}

	fixReserve(t, file)
	c.notify("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": uri}})
	for _, d := range c.diagnosticsFor(uri) {
		if d.Code == "checkact" {
			t.Errorf("after the fix, checkact still reports %q", d.Message)
		}
	}

	var rpcErr *jsonrpc2.Error
	if err := c.call("textDocument/hover", map[string]any{}, nil); !asRPC(err, &rpcErr) || rpcErr.Code != jsonrpc2.CodeMethodNotFound {
		t.Errorf("unknown method: got %v, want a method-not-found error", err)
	}
	if err := c.call("textDocument/codeAction", "not an object", nil); !asRPC(err, &rpcErr) || rpcErr.Code != jsonrpc2.CodeInvalidParams {
		t.Errorf("bad params: got %v, want an invalid-params error", err)
	}
	if err := c.call("shutdown", nil, nil); err != nil {
		t.Fatal(err)
	}
	c.notify("exit", nil)
	if code := <-c.done; code != 0 {
		t.Errorf("exit status after shutdown = %d, want 0", code)
	}
}

func asRPC(err error, target **jsonrpc2.Error) bool {
	e, ok := err.(*jsonrpc2.Error)
	*target = e
	return ok
}

func find(t *testing.T, ds []Diagnostic, code string) Diagnostic {
	t.Helper()
	for _, d := range ds {
		if d.Code == code {
			return d
		}
	}
	t.Fatalf("no %s diagnostic in %+v", code, ds)
	return Diagnostic{}
}

// fixReserve rewrites Reserve to check and act in one critical section.
func fixReserve(t *testing.T, file string) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	i := strings.Index(src, "func (inv *Inventory) Reserve")
	if i < 0 {
		t.Fatal("no Reserve in the example")
	}
	fixed := src[:i] + `func (inv *Inventory) Reserve(item string, n int) bool {
	inv.mu.Lock()
	defer inv.mu.Unlock()
	if inv.stock[item] < n {
		return false
	}
	inv.stock[item] -= n
	return true
}
`
	if err := os.WriteFile(file, []byte(fixed), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestMalformed sends frames whose bodies are not JSON, or JSON but no
// request, and checks each gets a JSON-RPC error with a null id while the
// session goes on.
func TestMalformed(t *testing.T) {
	srvEnd, cliEnd := net.Pipe()
	done := make(chan int, 1)
	go func() { done <- Serve(context.Background(), srvEnd, io.Discard, "test") }()
	r := textproto.NewReader(bufio.NewReader(cliEnd))
	for _, tc := range []struct {
		body string
		code int64
	}{
		{`{"jsonrpc": "2.0", "method": `, jsonrpc2.CodeParseError},
		{`[1, 2, 3]`, jsonrpc2.CodeInvalidRequest},
	} {
		send(t, cliEnd, tc.body)
		var resp struct {
			ID    any            `json:"id"`
			Error jsonrpc2.Error `json:"error"`
		}
		readFrame(t, r, &resp)
		if resp.ID != nil || resp.Error.Code != tc.code {
			t.Errorf("%s: got id %v error %+v, want id null and code %d", tc.body, resp.ID, resp.Error, tc.code)
		}
	}
	send(t, cliEnd, `{"jsonrpc":"2.0","id":7,"method":"shutdown"}`)
	var resp struct {
		ID int `json:"id"`
	}
	readFrame(t, r, &resp)
	if resp.ID != 7 {
		t.Errorf("after malformed messages, shutdown answered with id %d, want 7", resp.ID)
	}
	send(t, cliEnd, `{"jsonrpc":"2.0","method":"exit"}`)
	if code := <-done; code != 0 {
		t.Errorf("exit status %d, want 0", code)
	}
}

func send(t *testing.T, w io.Writer, body string) {
	t.Helper()
	if _, err := io.WriteString(w, "Content-Length: "+strconv.Itoa(len(body))+"\r\n\r\n"+body); err != nil {
		t.Fatal(err)
	}
}

func readFrame(t *testing.T, r *textproto.Reader, v any) {
	t.Helper()
	h, err := r.ReadMIMEHeader()
	if err != nil {
		t.Fatal(err)
	}
	n, _ := strconv.Atoi(h.Get("Content-Length"))
	b := make([]byte, n)
	if _, err := io.ReadFull(r.R, b); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
}

// TestSeverity: findings are warnings, inventory entries information.
func TestSeverity(t *testing.T) {
	for cat, want := range map[string]int{"race": severityWarning, "checkact": severityWarning, "shared": severityInformation} {
		d := toLSP(report.Diagnostic{Analyzer: "sharedvar", Category: cat, Posn: token.Position{Filename: "x.go", Line: 1, Column: 1}})
		if d.Severity != want {
			t.Errorf("category %s: severity %d, want %d", cat, d.Severity, want)
		}
	}
}
