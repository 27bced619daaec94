package main

import (
	"bufio"
	"encoding/json"
	"io"
	"net/textproto"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// editorsDir holds the documented editor configurations.
var editorsDir = filepath.Join("..", "..", "docs", "editors")

// TestLSPEditorConfigs checks that every documented editor configuration
// starts the server with the command line `vtbound lsp`, and that this
// command line, run as a process, serves a session over its standard input
// and output: initialize, shutdown, exit with status 0.
func TestLSPEditorConfigs(t *testing.T) {
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(editorsDir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	configs := map[string][]string{
		"Neovim (vtbound.lua)":          quoted(regexp.MustCompile(`cmd = \{([^}]*)\}`).FindStringSubmatch(read("vtbound.lua"))),
		"Helix (languages.toml)":        append(quoted(regexp.MustCompile(`command = ("[^"]*")`).FindStringSubmatch(read("languages.toml"))), quoted(regexp.MustCompile(`args = \[([^\]]*)\]`).FindStringSubmatch(read("languages.toml")))...),
		"VS Code (vscode/extension.js)": append(vscodeCommand(t, read("vscode/package.json")), quoted(regexp.MustCompile(`args: \[([^\]]*)\]`).FindStringSubmatch(read("vscode/extension.js")))...),
	}
	for name, argv := range configs {
		if strings.Join(argv, " ") != "vtbound lsp" {
			t.Errorf("%s starts %q, want vtbound lsp", name, argv)
		}
	}
	cmd := exec.Command(vtbin(t), "lsp")
	in, _ := cmd.StdinPipe()
	outPipe, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	out := textproto.NewReader(bufio.NewReader(outPipe))
	frame(t, in, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`)
	if resp := readResponse(t, out); !strings.Contains(resp, `"codeActionProvider":true`) {
		t.Errorf("initialize answered %s", resp)
	}
	frame(t, in, `{"jsonrpc":"2.0","id":2,"method":"shutdown"}`)
	readResponse(t, out)
	frame(t, in, `{"jsonrpc":"2.0","method":"exit"}`)
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("vtbound lsp after shutdown and exit: %v, want exit status 0", err)
		}
	case <-time.After(time.Minute):
		cmd.Process.Kill()
		t.Fatal("vtbound lsp did not exit after the exit notification")
	}
}

// quoted returns the double-quoted strings of a regexp match's first group.
func quoted(m []string) []string {
	if len(m) < 2 {
		return nil
	}
	var out []string
	for _, q := range regexp.MustCompile(`"[^"]*"`).FindAllString(m[1], -1) {
		s, _ := strconv.Unquote(q)
		out = append(out, s)
	}
	return out
}

// vscodeCommand returns the default of the extension's vtbound.path
// setting.
func vscodeCommand(t *testing.T, pkgJSON string) []string {
	var p struct {
		Contributes struct {
			Configuration struct {
				Properties map[string]struct {
					Default string `json:"default"`
				} `json:"properties"`
			} `json:"configuration"`
		} `json:"contributes"`
	}
	if err := json.Unmarshal([]byte(pkgJSON), &p); err != nil {
		t.Fatalf("docs/editors/vscode/package.json: %v", err)
	}
	return []string{p.Contributes.Configuration.Properties["vtbound.path"].Default}
}

func frame(t *testing.T, w io.Writer, body string) {
	t.Helper()
	if _, err := io.WriteString(w, "Content-Length: "+strconv.Itoa(len(body))+"\r\n\r\n"+body); err != nil {
		t.Fatal(err)
	}
}

func readResponse(t *testing.T, r *textproto.Reader) string {
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
	return string(b)
}
