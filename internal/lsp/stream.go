package lsp

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/textproto"
	"strconv"
	"sync"

	"github.com/sourcegraph/jsonrpc2"
)

// maxMessage bounds the body of one message (64 MiB).
const maxMessage = 64 << 20

// stream frames JSON-RPC messages with LSP's Content-Length headers. It
// writes with the library's VSCodeObjectCodec and reads frames itself so
// that a body that is not JSON gets a parse error (code -32700, id null)
// and one that is JSON but no JSON-RPC message an invalid-request error
// (-32600), as the JSON-RPC 2.0 specification asks, instead of ending the
// session: the library closes the connection on any read error.
type stream struct {
	r     *textproto.Reader
	w     io.Writer
	c     io.Closer
	codec jsonrpc2.VSCodeObjectCodec
	mu    sync.Mutex // serialises writes
}

func newStream(rwc io.ReadWriteCloser) *stream {
	return &stream{r: textproto.NewReader(bufio.NewReader(rwc)), w: rwc, c: rwc}
}

// WriteObject writes one framed message.
func (s *stream) WriteObject(obj any) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.codec.WriteObject(s.w, obj)
}

// ReadObject reads the next well-formed message into v, answering the
// malformed ones. It fails only when the input ends or its framing is
// broken (nothing can be read after that).
func (s *stream) ReadObject(v any) error {
	for {
		body, err := s.frame()
		if err != nil {
			return err
		}
		if !json.Valid(body) {
			err = s.reject(jsonrpc2.CodeParseError, "parse error: the message is not JSON")
		} else if uerr := json.Unmarshal(body, v); uerr != nil {
			err = s.reject(jsonrpc2.CodeInvalidRequest, fmt.Sprintf("invalid request: %v", uerr))
		} else {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// frame reads one message's headers and body.
func (s *stream) frame() ([]byte, error) {
	h, err := s.r.ReadMIMEHeader()
	if err != nil {
		return nil, err
	}
	n, err := strconv.Atoi(h.Get("Content-Length"))
	if err != nil || n <= 0 || n > maxMessage {
		return nil, fmt.Errorf("bad Content-Length header %q", h.Get("Content-Length"))
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(s.r.R, body); err != nil {
		return nil, err
	}
	return body, nil
}

// reject answers a malformed message.
func (s *stream) reject(code int64, msg string) error {
	return s.WriteObject(map[string]any{
		"jsonrpc": "2.0",
		"id":      nil,
		"error":   map[string]any{"code": code, "message": msg},
	})
}

// Close closes the underlying connection.
func (s *stream) Close() error { return s.c.Close() }
