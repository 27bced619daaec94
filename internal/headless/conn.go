package headless

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// conn is a DevTools protocol connection to a browser over its pipe.
type conn struct {
	cmd    *exec.Cmd
	dir    string // the browser's profile directory
	stderr bytes.Buffer
	w      io.WriteCloser

	mu      sync.Mutex
	nextID  int
	pending map[int]chan message
	waiters map[string][]chan struct{} // session + "\x00" + event method
	errs    []string
	done    chan struct{} // closed when the browser's pipe closes
}

// message is one protocol message: a reply (ID set) or an event.
type message struct {
	ID        int             `json:"id,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
	Method    string          `json:"method,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

// start runs the browser headless with the protocol on fds 3 (commands)
// and 4 (replies and events).
func start(ctx context.Context, browser string) (*conn, error) {
	dir, err := os.MkdirTemp("", "vtbound-headless-*")
	if err != nil {
		return nil, err
	}
	cmdR, cmdW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	evR, evW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	c := &conn{dir: dir, w: cmdW, pending: map[int]chan message{}, waiters: map[string][]chan struct{}{}, done: make(chan struct{})}
	c.cmd = exec.CommandContext(ctx, browser, "--headless", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
		"--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
		"--disable-dev-shm-usage", "--hide-scrollbars", "--user-data-dir="+dir, "about:blank")
	c.cmd.ExtraFiles = []*os.File{cmdR, evW}
	c.cmd.Stderr = &c.stderr
	c.cmd.WaitDelay = 5 * time.Second
	if err := c.cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("start %s: %w", browser, err)
	}
	cmdR.Close()
	evW.Close()
	go c.read(evR)
	return c, nil
}

// read dispatches the browser's messages until its pipe closes.
func (c *conn) read(r io.ReadCloser) {
	defer close(c.done)
	defer r.Close()
	br := bufio.NewReader(r)
	for {
		data, err := br.ReadBytes(0)
		if err != nil {
			return
		}
		var m message
		if json.Unmarshal(data[:len(data)-1], &m) != nil {
			continue
		}
		c.dispatch(m)
	}
}

// dispatch hands a reply to its caller, or records an event.
func (c *conn) dispatch(m message) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if m.ID != 0 {
		if ch, ok := c.pending[m.ID]; ok {
			delete(c.pending, m.ID)
			ch <- m
		}
		return
	}
	if e := errorOf(m); e != "" {
		c.errs = append(c.errs, e)
	}
	key := m.SessionID + "\x00" + m.Method
	for _, ch := range c.waiters[key] {
		close(ch)
	}
	delete(c.waiters, key)
}

// waitFor returns a channel closed when the session's next event of
// the given method arrives.
func (c *conn) waitFor(session, method string) <-chan struct{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	ch := make(chan struct{})
	key := session + "\x00" + method
	c.waiters[key] = append(c.waiters[key], ch)
	return ch
}

// call sends a command and decodes its result into out (when not nil).
func (c *conn) call(ctx context.Context, session, method string, params, out any) error {
	c.mu.Lock()
	c.nextID++
	id := c.nextID
	reply := make(chan message, 1)
	c.pending[id] = reply
	c.mu.Unlock()
	msg := map[string]any{"id": id, "method": method}
	if params != nil {
		msg["params"] = params
	}
	if session != "" {
		msg["sessionId"] = session
	}
	data, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	if _, err := c.w.Write(append(data, 0)); err != nil {
		return fmt.Errorf("%s: %w (browser stderr: %s)", method, err, c.stderrTail())
	}
	select {
	case m := <-reply:
		if m.Error != nil {
			return fmt.Errorf("%s: %s", method, m.Error.Message)
		}
		if out != nil {
			return json.Unmarshal(m.Result, out)
		}
		return nil
	case <-c.done:
		return fmt.Errorf("%s: the browser exited (stderr: %s)", method, c.stderrTail())
	case <-ctx.Done():
		return fmt.Errorf("%s: %w", method, ctx.Err())
	}
}

// errors returns the error events seen so far.
func (c *conn) errors() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.errs...)
}

// close asks the browser to exit, then kills it if it does not.
func (c *conn) close() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c.call(ctx, "", "Browser.close", nil, nil)
	c.w.Close()
	select {
	case <-c.done:
	case <-ctx.Done():
	}
	c.cmd.Process.Kill()
	c.cmd.Wait()
	os.RemoveAll(c.dir)
}

func (c *conn) stderrTail() string {
	s := strings.TrimSpace(c.stderr.String())
	if len(s) > 500 {
		s = "…" + s[len(s)-500:]
	}
	return s
}
