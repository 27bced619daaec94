// Package rtbuild compiles package rt for a build: the copy embedded in the
// vtbound binary, or the build's own copy when its main module requires
// vtbound. A build compiles rt at most once (the first tool invocation that
// needs it builds under a lock in the build's work directory; the others
// read its record), with a nested go command that sees the build's
// relevant flags and neither -toolexec nor the network.
package rtbuild

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/vtbound/vtbound/toolexec/scope"

	"github.com/vtbound/vtbound/internal/filelock"
)

// RT is rt compiled for the current build: the export data (archive) of rt
// and of every package it depends on.
type RT struct {
	// Paths lists rt and its dependencies, dependencies first.
	Paths []string
	// Files maps each import path to its archive file.
	Files map[string]string
	// Source says where rt came from: "embedded" or "module".
	Source string
}

// NestedEnv is set in the environment of the go command that builds rt, so
// that vtbound invoked by it as -toolexec (GOFLAGS from the user's
// environment) passes every tool invocation through unchanged.
const NestedEnv = "VTBOUND_NESTED"

// Config is what building rt needs to know about the build.
type Config struct {
	// Go is the go command matching the build's GOROOT.
	Go string
	// Source is the embedded rt tree: a file system whose "rt" directory
	// holds package rt and the packages it imports.
	Source fs.FS
	// Dir is the directory whose module context decides which rt the
	// build links (the go command's working directory).
	Dir string
	// Flags are the build's flags that change how rt compiles
	// (cmdline.RelevantFlags).
	Flags []string
	// Progress, when not nil, is told "rt" when this build starts
	// compiling rt and "rt-done" when that ends (not when rt is read
	// from an earlier tool invocation's record).
	Progress func(event string)
}

// Ensure returns rt compiled for the current build, whose work directory
// is work, building it at most once per build: the first caller builds
// under a lock in the work directory and records the result there; later
// callers read it.
func Ensure(c Config, work string) (rt *RT, err error) {
	dir := filepath.Join(work, "vtbound")
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, fmt.Errorf("rt: %w", err)
	}
	unlock, err := filelock.Lock(filepath.Join(dir, "rt.lock"))
	if err != nil {
		return nil, fmt.Errorf("rt: lock: %w", err)
	}
	defer func() { err = errors.Join(err, unlock()) }()
	result := filepath.Join(dir, "rt.json")
	if data, err := os.ReadFile(result); err == nil {
		return decodeRTResult(data)
	}
	c.progress("rt")
	rt, err = buildRT(c, dir)
	c.progress("rt-done")
	data, _ := json.Marshal(rtResult{RT: rt, Err: errString(err)})
	if werr := os.WriteFile(result, data, 0o666); werr != nil {
		return nil, errors.Join(err, fmt.Errorf("rt: %w", werr))
	}
	return rt, err
}

// progress tells c.Progress about event, if it listens.
func (c Config) progress(event string) {
	if c.Progress != nil {
		c.Progress(event)
	}
}

// rtResult is the record of one build's rt, shared by its tool invocations.
type rtResult struct {
	RT  *RT    `json:",omitempty"`
	Err string `json:",omitempty"`
}

func decodeRTResult(data []byte) (*RT, error) {
	var r rtResult
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("rt: read result: %w", err)
	}
	if r.Err != "" {
		return nil, errors.New(r.Err)
	}
	return r.RT, nil
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// buildRT compiles rt with the go command: the user's own copy when the
// build's main module requires vtbound (resolved from buildDir, so that
// every build of a module links the same rt whichever package compiles
// first), the embedded copy otherwise. scratch is a per-build directory
// used when the user cache directory is not writable.
func buildRT(c Config, scratch string) (*RT, error) {
	if rt, err := listExport(c.Go, c.Dir, c.Flags, false); err == nil {
		rt.Source = "module"
		return rt, nil
	}
	src, err := writeRTSource(c.Source, rtSourceRoots(scratch))
	if err != nil {
		return nil, err
	}
	rt, err := listExport(c.Go, src, c.Flags, true)
	if err != nil {
		return nil, err
	}
	rt.Source = "embedded"
	return rt, nil
}

// listPackage is the part of `go list -json` output buildRT reads.
type listPackage struct {
	ImportPath string
	Export     string
	Error      *struct{ Err string }
}

// listExport runs `go list -export -deps` for rt in dir and collects the
// archive of every package. isolated runs it outside any user module
// or workspace configuration.
func listExport(goCmd, dir string, flags []string, isolated bool) (*RT, error) {
	args := append([]string{"list", "-export", "-deps", "-json=ImportPath,Export,Error"}, flags...)
	cmd := exec.Command(goCmd, append(args, scope.RTPath)...)
	cmd.Dir = dir
	cmd.Env = nestedEnviron(os.Environ(), isolated)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("rt: go list: %v: %s", err, strings.TrimSpace(stderr.String()))
	}
	return decodeList(&stdout)
}

// decodeList reads the JSON stream of `go list -json`.
func decodeList(r io.Reader) (*RT, error) {
	rt := &RT{Files: map[string]string{}}
	dec := json.NewDecoder(r)
	for {
		var p listPackage
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("rt: decode go list: %w", err)
		}
		if p.Error != nil {
			return nil, fmt.Errorf("rt: %s: %s", p.ImportPath, p.Error.Err)
		}
		if p.ImportPath == "unsafe" || p.Export == "" {
			continue
		}
		rt.Paths = append(rt.Paths, p.ImportPath)
		rt.Files[p.ImportPath] = p.Export
	}
	if _, ok := rt.Files[scope.RTPath]; !ok {
		return nil, fmt.Errorf("rt: go list gave no export data for %s", scope.RTPath)
	}
	return rt, nil
}

// nestedEnviron returns the environment of the nested go command: no
// -toolexec (GOFLAGS keeps only the relevant flags, which come back on the
// command line), the nesting marker, no network.
func nestedEnviron(environ []string, isolated bool) []string {
	var out []string
	for _, kv := range environ {
		k, _, _ := strings.Cut(kv, "=")
		switch k {
		case "GOFLAGS", "TOOLEXEC_IMPORTPATH", "GOPROXY", NestedEnv:
			continue
		case "GOWORK", "GOENV":
			if isolated {
				continue
			}
		}
		out = append(out, kv)
	}
	out = append(out, NestedEnv+"=1", "GOPROXY=off", "GOFLAGS=-buildvcs=false")
	if isolated {
		out = append(out, "GOWORK=off", "GOENV=off", "GO111MODULE=on")
	}
	return out
}

// rtSourceRoots returns where the rt source may be written, best first: the
// user cache directory (stable, so repeated builds hit the go build cache),
// then the build's scratch directory.
func rtSourceRoots(scratch string) []string {
	var roots []string
	if base, err := os.UserCacheDir(); err == nil {
		roots = append(roots, filepath.Join(base, "vtbound"))
	}
	return append(roots, scratch)
}

// writeRTSource writes the rt source tree, without tests and testdata, into
// a directory named by its content hash under the first usable root. It
// returns the module directory.
func writeRTSource(src fs.FS, roots []string) (string, error) {
	if src == nil {
		return "", errors.New("rt: no embedded source")
	}
	files, sum, err := rtFiles(src)
	if err != nil {
		return "", err
	}
	var errs []error
	for _, root := range roots {
		dir := filepath.Join(root, "rt-"+sum[:16])
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		err := materialize(src, files, dir)
		if err == nil {
			return dir, nil
		}
		errs = append(errs, err)
	}
	return "", errors.Join(errs...)
}

// rtFiles lists the files of the rt tree to write and hashes their content.
func rtFiles(src fs.FS) ([]string, string, error) {
	var files []string
	h := sha256.New()
	err := fs.WalkDir(src, "rt", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == "testdata" {
				return fs.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(p, "_test.go") {
			return nil
		}
		data, err := fs.ReadFile(src, p)
		if err != nil {
			return err
		}
		fmt.Fprintf(h, "%s %d\n", p, len(data))
		h.Write(data)
		files = append(files, p)
		return nil
	})
	if err != nil {
		return nil, "", fmt.Errorf("rt: read embedded source: %w", err)
	}
	return files, hex.EncodeToString(h.Sum(nil)), nil
}

// rtGoMod is the go.mod of the materialised rt module.
const rtGoMod = "module " + scope.ModulePath + "\n\ngo 1.26\n"

// materialize writes files and a go.mod into a fresh temporary directory
// and renames it to dir; a concurrent writer of the same content may win.
func materialize(src fs.FS, files []string, dir string) error {
	if err := os.MkdirAll(filepath.Dir(dir), 0o777); err != nil {
		return fmt.Errorf("rt: %w", err)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(dir), "tmp-rt-")
	if err != nil {
		return fmt.Errorf("rt: %w", err)
	}
	for _, f := range files {
		data, err := fs.ReadFile(src, f)
		if err != nil {
			return fmt.Errorf("rt: %w", err)
		}
		dst := filepath.Join(tmp, filepath.FromSlash(f))
		if err := os.MkdirAll(filepath.Dir(dst), 0o777); err != nil {
			return fmt.Errorf("rt: %w", err)
		}
		if err := os.WriteFile(dst, data, 0o444); err != nil {
			return fmt.Errorf("rt: %w", err)
		}
	}
	if err := os.WriteFile(filepath.Join(tmp, "go.mod"), []byte(rtGoMod), 0o444); err != nil {
		return fmt.Errorf("rt: %w", err)
	}
	if err := os.Rename(tmp, dir); err != nil {
		os.RemoveAll(tmp)
		if _, serr := os.Stat(filepath.Join(dir, "go.mod")); serr == nil {
			return nil
		}
		return fmt.Errorf("rt: %w", err)
	}
	return nil
}

// Identity names the user's own rt that a build resolved from dir links
// (see Ensure), asking goCmd where it is: its directory and a hash of its
// sources. It is "" when the build links the embedded rt, which the
// vtbound binary's hash already names. Only when a go.mod or go.work
// governing dir mentions vtbound's module is the go command asked.
func Identity(goCmd, dir string) string {
	if !mentionsVtbound(dir) {
		return ""
	}
	cmd := exec.Command(goCmd, "list", "-find", "-f", "{{.Dir}}", scope.RTPath)
	cmd.Dir = dir
	cmd.Env = nestedEnviron(os.Environ(), false)
	out, err := cmd.Output()
	if err != nil {
		return ""
	}
	rtDir := strings.TrimSpace(string(out))
	if filepath.Base(rtDir) != "rt" {
		return ""
	}
	_, sum, err := rtFiles(os.DirFS(filepath.Dir(rtDir)))
	if err != nil {
		return ""
	}
	return rtDir + "@" + sum
}

// mentionsVtbound reports whether the go.mod governing dir, or a go.work
// above it (or named by GOWORK), names vtbound's module.
func mentionsVtbound(dir string) bool {
	files := []string{}
	if w := os.Getenv("GOWORK"); w != "" && w != "off" {
		files = append(files, w)
	}
	sawMod := false
	for d := dir; ; d = filepath.Dir(d) {
		if !sawMod {
			if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
				files, sawMod = append(files, filepath.Join(d, "go.mod")), true
			}
		}
		if os.Getenv("GOWORK") == "" {
			files = append(files, filepath.Join(d, "go.work"))
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	for _, f := range files {
		if data, err := os.ReadFile(f); err == nil && bytes.Contains(data, []byte(scope.ModulePath)) {
			return true
		}
	}
	return false
}
