package toolexec

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/toolexec/rewrite"
)

// compileFixture is a real compile command for a one-file package, with an
// importcfg from `go list -export`, in a fake build work directory.
func compileFixture(t *testing.T, src string) (argv []string, env *Env, out string) {
	t.Helper()
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"go.mod": "module example.com/fx\n\ngo 1.22\n", "fx.go": src})
	cfg := exportCfg(t, dir, "sync")
	work := t.TempDir()
	obj := filepath.Join(work, "b001")
	if err := os.MkdirAll(obj, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := cfg.Write(filepath.Join(obj, "importcfg")); err != nil {
		t.Fatal(err)
	}
	tool, err := exec.Command("go", "env", "GOTOOLDIR").Output()
	if err != nil {
		t.Fatal(err)
	}
	out = filepath.Join(obj, "_pkg_.a")
	argv = []string{filepath.Join(strings.TrimSpace(string(tool)), "compile"), "-o", out, "-p", "example.com/fx", "-lang=go1.22", "-complete", "-importcfg", filepath.Join(obj, "importcfg"), "-pack", filepath.Join(dir, "fx.go")}
	env = testEnv(t, dir, fakeRT)
	env.ImportPath = "example.com/fx"
	env.Stdin = strings.NewReader("")
	return argv, env, out
}

// streams captures an Env's output.
func streams(env *Env) (stdout, stderr *bytes.Buffer) {
	stdout, stderr = &bytes.Buffer{}, &bytes.Buffer{}
	env.Stdout, env.Stderr = stdout, stderr
	return stdout, stderr
}

const fixtureSrc = "package fx\n\nimport \"sync\"\n\nvar mu sync.Mutex\n\n// N is shared.\nvar N int\n\nfunc Inc() { mu.Lock(); N++; mu.Unlock() }\n"

func TestCompileRewrites(t *testing.T) {
	argv, env, out := compileFixture(t, fixtureSrc)
	var seen *rewrite.Input
	env.Rewrite = func(in *rewrite.Input) (*rewrite.Output, error) {
		seen = in
		src := "package fx\n\nimport \"sync\"\n\nvar mu sync.Mutex\n\n// N is shared.\nvar N int\n\n// Rewritten marks the rewritten file.\nfunc Rewritten() {}\n\nfunc Inc() { mu.Lock(); N++; mu.Unlock() }\n"
		return &rewrite.Output{Files: map[string][]byte{in.Filenames[0]: []byte(src)}}, nil
	}
	_, stderr := streams(env)
	if code := Main(argv, env); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if seen == nil || seen.ImportPath != "example.com/fx" || seen.GoVersion != "go1.22" || seen.IsTest || seen.Info == nil || seen.Pkg.Scope().Lookup("N") == nil {
		t.Fatalf("rewriter input: %+v", seen)
	}
	data, err := os.ReadFile(out)
	if err != nil || !bytes.Contains(data, []byte("Rewritten")) {
		t.Errorf("archive does not hold the rewritten package (err %v)", err)
	}
}

func TestCompileFallbacks(t *testing.T) {
	tests := []struct {
		name    string
		rewrite func(*rewrite.Input) (*rewrite.Output, error)
		warn    string
	}{
		{"rewriter error", func(*rewrite.Input) (*rewrite.Output, error) {
			return nil, errors.New("unsupported construct at fx.go:9")
		}, "rewrite: unsupported construct at fx.go:9; compiled unchanged"},
		{"bad output", func(in *rewrite.Input) (*rewrite.Output, error) {
			return &rewrite.Output{Files: map[string][]byte{in.Filenames[0]: []byte("package fx\n\nfunc broken( {\n")}}, nil
		}, "rewritten package does not compile"},
		{"nothing to do", func(*rewrite.Input) (*rewrite.Output, error) { return &rewrite.Output{}, nil }, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			argv, env, out := compileFixture(t, fixtureSrc)
			env.Rewrite = tt.rewrite
			stdout, stderr := streams(env)
			if code := Main(argv, env); code != 0 {
				t.Fatalf("exit %d: %s%s", code, stdout, stderr)
			}
			if _, err := os.Stat(out); err != nil {
				t.Fatalf("no archive: %v", err)
			}
			lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
			if tt.warn == "" {
				if stderr.Len() != 0 {
					t.Errorf("unexpected output: %q", stderr)
				}
				return
			}
			if len(lines) != 1 || !strings.HasPrefix(lines[0], "vtbound: warning: example.com/fx: ") || !strings.Contains(lines[0], tt.warn) || !strings.HasSuffix(lines[0], "; compiled unchanged") {
				t.Errorf("stderr %q; want one warning line with %q", stderr, tt.warn)
			}
		})
	}
}

// TestCompileTypeError checks that a type error reaches the user as the
// compiler reports it, with its exit code and no vtbound output.
func TestCompileTypeError(t *testing.T) {
	argv, env, _ := compileFixture(t, "package fx\n\nvar x int = \"s\"\n")
	called := false
	env.Rewrite = func(*rewrite.Input) (*rewrite.Output, error) { called = true; return &rewrite.Output{}, nil }
	stdout, stderr := streams(env)
	code := Main(argv, env)

	plainOut, plainErr := &bytes.Buffer{}, &bytes.Buffer{}
	c := exec.Command(argv[0], argv[1:]...)
	c.Stdout, c.Stderr = plainOut, plainErr
	perr := c.Run()
	var ee *exec.ExitError
	if !errors.As(perr, &ee) || code != ee.ExitCode() || called {
		t.Fatalf("exit %d (plain %v), rewriter called %v", code, perr, called)
	}
	if stdout.String() != plainOut.String() || stderr.String() != plainErr.String() || strings.Contains(stdout.String()+stderr.String(), "vtbound") {
		t.Errorf("output differs from the compiler's:\n%s%s\nplain:\n%s%s", stdout, stderr, plainOut, plainErr)
	}
}
