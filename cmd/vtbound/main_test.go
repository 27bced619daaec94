package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// asToolEnv makes the test binary act as the vtbound command: the end-to-end
// tests pass the test binary itself as -toolexec and -vettool (as
// unitchecker's tests do), so it carries exactly this package's code and
// the embedded rt.
const asToolEnv = "VTBOUND_E2E_AS_TOOL"

// vtbin is the path of the vtbound command under test.
var vtbin string

func TestMain(m *testing.M) {
	if os.Getenv(asToolEnv) == "1" {
		os.Exit(dispatch(os.Args[1:]))
	}
	exe, err := os.Executable()
	if err != nil {
		panic(err)
	}
	vtbin = exe
	os.Exit(m.Run())
}

// result is the outcome of one command.
type result struct {
	stdout, stderr string
	code           int
}

func (r result) output() string { return r.stdout + r.stderr }

// command runs name with args in dir; env entries are added to the test's
// environment together with the marker that turns the test binary into
// vtbound.
func command(t testing.TB, dir string, env []string, stdin string, name string, args ...string) result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), asToolEnv+"=1"), env...)
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	r := result{stdout: stdout.String(), stderr: stderr.String()}
	if ee, ok := err.(*exec.ExitError); ok {
		r.code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("%s %v: %v", name, args, err)
	}
	return r
}

// goCmd runs the go command in dir.
func goCmd(t testing.TB, dir string, env []string, args ...string) result {
	t.Helper()
	return command(t, dir, env, "", "go", args...)
}

// module copies testdata/e2e/<name> into a fresh directory and returns it.
func module(t *testing.T, name string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), name)
	if err := os.CopyFS(dst, os.DirFS(filepath.Join("..", "..", "testdata", "e2e", name))); err != nil {
		t.Fatal(err)
	}
	return dst
}

// toolexecFlag is the -toolexec flag that runs the vtbound under test.
func toolexecFlag() string { return "-toolexec=" + vtbin }

func TestModeOf(t *testing.T) {
	tests := []struct {
		args []string
		want Mode
	}{
		{nil, ModeHelp},
		{[]string{"version"}, ModeSubcommand},
		{[]string{"help"}, ModeSubcommand},
		{[]string{"-V=full"}, ModeVettool},
		{[]string{"-flags"}, ModeVettool},
		{[]string{"/tmp/go-build1/b001/vet.cfg"}, ModeVettool},
		{[]string{"/usr/local/go/pkg/tool/linux_amd64/compile", "-V=full"}, ModeToolexec},
		{[]string{"/usr/local/go/pkg/tool/linux_amd64/link", "-o", "x"}, ModeToolexec},
		{[]string{"gcc", "-###", "-x", "c", "-c", "-"}, ModeToolexec},
	}
	for _, tt := range tests {
		if got := modeOf(tt.args); got != tt.want {
			t.Errorf("modeOf(%q) = %v; want %v", tt.args, got, tt.want)
		}
	}
}

func TestVersionAndHelp(t *testing.T) {
	r := command(t, ".", nil, "", vtbin, "version")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "vtbound ") || !strings.Contains(r.stdout, "buildhash=") {
		t.Errorf("version: %+v", r)
	}
	r2 := command(t, ".", []string{"VTBOUND_SCOPE=example.com/..."}, "", vtbin, "version")
	if r2.stdout == r.stdout {
		t.Error("VTBOUND_SCOPE does not change the build hash")
	}
	if h := command(t, ".", nil, "", vtbin, "help"); h.code != 0 || !strings.Contains(h.stdout, "-toolexec=vtbound") {
		t.Errorf("help: %+v", h)
	}
	if n := command(t, ".", nil, "", vtbin); n.code != 2 || n.stderr == "" {
		t.Errorf("no arguments: %+v; want usage and exit 2", n)
	}
	if bad := command(t, ".", []string{"VTBOUND_SCOPE=-"}, "", vtbin, "/bin/true"); bad.code == 0 || !strings.Contains(bad.stderr, "VTBOUND_SCOPE") {
		t.Errorf("bad VTBOUND_SCOPE: %+v; want an error naming the variable", bad)
	}
}

// TestPassThrough checks that a tool vtbound does not rewrite keeps its
// arguments, streams and exit code.
func TestPassThrough(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	r := command(t, ".", nil, "in put", vtbin, sh, "-c", `printf '%s|' "$@"; cat; echo err >&2; exit 3`, "sh", "a b", "-c", "@x")
	want := result{stdout: "a b|-c|@x|in put", stderr: "err\n", code: 3}
	if r != want {
		t.Errorf("pass-through: got %+v; want %+v", r, want)
	}
}

// TestVersionFull checks the -V=full answer: the real tool's line, plus a
// hash that changes with the build-relevant settings.
func TestVersionFull(t *testing.T) {
	compile := goTool(t, "compile")
	real := command(t, ".", nil, "", compile, "-V=full")
	ours := command(t, ".", nil, "", vtbin, compile, "-V=full")
	scoped := command(t, ".", []string{"VTBOUND_SCOPE=example.com/..."}, "", vtbin, compile, "-V=full")
	if ours.code != 0 || !strings.HasPrefix(ours.stdout, strings.TrimSpace(real.stdout)) || ours.stdout == real.stdout {
		t.Errorf("-V=full: real %q, vtbound %q", real.stdout, ours.stdout)
	}
	if scoped.stdout == ours.stdout {
		t.Error("VTBOUND_SCOPE does not enter the -V=full answer")
	}
	nested := command(t, ".", []string{"VTBOUND_NESTED=1"}, "", vtbin, compile, "-V=full")
	if nested.stdout != real.stdout {
		t.Errorf("nested build: %q; want the real answer %q", nested.stdout, real.stdout)
	}
}

// goTool returns the path of a tool of the go toolchain.
func goTool(t *testing.T, name string) string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOTOOLDIR").Output()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(strings.TrimSpace(string(out)), name)
}

// TestTypeError checks that a package that does not type-check fails
// exactly as without vtbound: same exit code, the compiler's own errors.
func TestTypeError(t *testing.T) {
	dir := module(t, "typeerr")
	plain := goCmd(t, dir, nil, "build", "./...")
	inst := goCmd(t, dir, nil, "build", toolexecFlag(), "./...")
	if plain.code == 0 || inst.code != plain.code || inst.output() != plain.output() {
		t.Errorf("plain: %+v\nvtbound: %+v", plain, inst)
	}
	if !strings.Contains(inst.stderr, "cannot use \"not an int\"") {
		t.Errorf("compiler error missing: %q", inst.stderr)
	}
}

// TestVettool runs vtbound under go vet's unitchecker protocol.
func TestVettool(t *testing.T) {
	dir := module(t, "basic")
	r := goCmd(t, dir, nil, "vet", "-vettool="+vtbin, "./...")
	// The suite reports the shared variables of the package: exit 1 with
	// diagnostics at file:line:col, or 0 when it finds none.
	ok := r.code == 0 || r.code == 1 && strings.Contains(r.stderr, "counter.go:")
	if !ok || strings.Contains(r.stderr, "flag provided but not defined") {
		t.Errorf("go vet -vettool: %+v", r)
	}
	bad := goCmd(t, module(t, "typeerr"), nil, "vet", "-vettool="+vtbin, "./...")
	if bad.code == 0 || !strings.Contains(bad.stderr, "not an int") {
		t.Errorf("go vet -vettool on a type error: %+v", bad)
	}
}
