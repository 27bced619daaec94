package lsp

import (
	"context"
	"fmt"
	"log"
	"net/url"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/sourcegraph/jsonrpc2"
	"github.com/vtbound/vtbound/analyzers/report"
)

// server is the state of one session.
type server struct {
	version string
	conn    *jsonrpc2.Conn
	logger  *log.Logger
	analyse func(dir string) ([]report.Diagnostic, error)

	mu       sync.Mutex
	pending  []string                // package directories waiting for analysis, in order
	wake     chan struct{}           // signals pending work
	byURI    map[string][]Diagnostic // what was last published, per document
	packages map[string]string       // document URI → the import path of its package
	shutdown bool
	exit     chan int
	exited   bool
}

func newServer(version string) *server {
	return &server{
		version:  version,
		analyse:  func(dir string) ([]report.Diagnostic, error) { return report.Analyze(dir, true, []string{"."}) },
		wake:     make(chan struct{}, 1),
		byURI:    map[string][]Diagnostic{},
		packages: map[string]string{},
		exit:     make(chan int, 1),
	}
}

// schedule queues the analysis of the package of the document at uri.
func (s *server) schedule(uri string) error {
	path, err := uriPath(uri)
	if err != nil {
		return &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: err.Error()}
	}
	dir := filepath.Dir(path)
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, d := range s.pending {
		if d == dir {
			return nil
		}
	}
	s.pending = append(s.pending, dir)
	select {
	case s.wake <- struct{}{}:
	default:
	}
	return nil
}

// analyseLoop analyses queued packages one at a time until ctx ends or
// the session exits.
func (s *server) analyseLoop(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.conn.DisconnectNotify():
			return
		case <-s.wake:
		}
		for dir, ok := s.next(); ok; dir, ok = s.next() {
			s.publishPackage(ctx, dir)
		}
	}
}

// next takes the first queued directory.
func (s *server) next() (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.pending) == 0 {
		return "", false
	}
	dir := s.pending[0]
	s.pending = s.pending[1:]
	return dir, true
}

// publishPackage analyses the package in dir and publishes the
// diagnostics of each of its files, clearing those that have none now.
func (s *server) publishPackage(ctx context.Context, dir string) {
	ds, err := s.analyse(dir)
	if err != nil {
		s.logger.Printf("analysing %s: %v", dir, err)
		if len(ds) == 0 {
			return // keep what is shown until the package loads again
		}
	}
	fresh, pkgs := byDocument(dir, ds)
	for _, uri := range s.swap(dir, fresh, pkgs) {
		ds := fresh[uri]
		if ds == nil {
			ds = []Diagnostic{}
		}
		if err := s.conn.Notify(ctx, "textDocument/publishDiagnostics", PublishDiagnosticsParams{URI: uri, Diagnostics: ds}); err != nil {
			s.logger.Printf("publishing %s: %v", uri, err)
		}
	}
}

// byDocument converts the diagnostics of files in dir and groups them by
// document. A package and its test variant report on the same files; the
// test variant's diagnostic wins (it knows the tests among the entry
// points).
func byDocument(dir string, ds []report.Diagnostic) (map[string][]Diagnostic, map[string]string) {
	fresh := map[string][]Diagnostic{}
	pkgs := map[string]string{}
	seen := map[string]bool{}
	for _, testVariant := range []bool{true, false} {
		for _, d := range ds {
			if filepath.Dir(d.Posn.Filename) != dir || strings.Contains(d.PkgID, " [") != testVariant {
				continue
			}
			uri := pathURI(d.Posn.Filename)
			ld := toLSP(d)
			key := fmt.Sprintf("%s|%d|%d|%s", uri, ld.Range.Start.Line, ld.Range.Start.Character, ld.Code)
			if seen[key] {
				continue
			}
			seen[key] = true
			fresh[uri] = append(fresh[uri], ld)
			pkgs[uri] = importPath(d.Pkg)
		}
	}
	return fresh, pkgs
}

// swap records the package's new diagnostics and returns the documents to
// publish: those with diagnostics now or before, sorted.
func (s *server) swap(dir string, fresh map[string][]Diagnostic, pkgs map[string]string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	touched := map[string]bool{}
	for uri := range s.byURI {
		if p, err := uriPath(uri); err == nil && filepath.Dir(p) == dir {
			touched[uri] = true
			delete(s.byURI, uri)
		}
	}
	for uri, ds := range fresh {
		s.byURI[uri] = ds
		s.packages[uri] = pkgs[uri]
		touched[uri] = true
	}
	out := make([]string, 0, len(touched))
	for uri := range touched {
		out = append(out, uri)
	}
	sort.Strings(out)
	return out
}

func (s *server) setShutdown() {
	s.mu.Lock()
	s.shutdown = true
	s.mu.Unlock()
}

// exitNow ends the session with the status the protocol asks for.
func (s *server) exitNow() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.exited {
		return
	}
	s.exited = true
	code := 1
	if s.shutdown {
		code = 0
	}
	s.exit <- code
}

// uriPath returns the file path of a file: URI.
func uriPath(uri string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return "", fmt.Errorf("not a file URI: %q", uri)
	}
	return filepath.FromSlash(u.Path), nil
}

// pathURI returns the file: URI of an absolute path.
func pathURI(path string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}
