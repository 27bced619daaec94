package handoff

import (
	"errors"
	"io"
	"net"
	"net/http"
	"testing"
)

// TestHTTPServe starts an HTTP server on a goroutine of its own and
// connects to it: the test body blocks in the client's network I/O while
// the server goroutine blocks in Accept.
func TestHTTPServe(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: &Greeter{}}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(l) }()
	resp, err := http.Get("http://" + l.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil || string(body) != "hello 1" {
		t.Errorf("got %q, %v; want hello 1", body, err)
	}
	srv.Close()
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		t.Errorf("Serve: %v", err)
	}
}

// TestTCPEcho: an echo server goroutine and a client in the test body.
func TestTCPEcho(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	done := make(chan error, 1)
	go func() { done <- Echo(l) }()
	c, err := net.Dial("tcp", l.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Write([]byte("ping")); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 4)
	if _, err := io.ReadFull(c, buf); err != nil || string(buf) != "ping" {
		t.Errorf("read %q, %v; want ping", buf, err)
	}
	c.Close()
	if err := <-done; err != nil {
		t.Errorf("Echo: %v", err)
	}
}
