package main

import (
	"bytes"
	"flag"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/vtbound/vtbound/internal/testbin"
	"github.com/vtbound/vtbound/rt/settings"
)

// vtbin returns the path of the vtbound command under test: the binary
// internal/testbin builds once from this checkout's sources for every test
// package of the run, so that their instrumented builds share one
// instrumented standard library in the build cache.
func vtbin(tb testing.TB) string {
	tb.Helper()
	return testbin.Vtbound(tb)
}

// result is the outcome of one command.
type result struct {
	stdout, stderr string
	code           int
}

func (r result) output() string { return r.stdout + r.stderr }

// command runs name with args in dir; env entries are added to the test's
// environment.
func command(t testing.TB, dir string, env []string, stdin string, name string, args ...string) result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
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
func toolexecFlag(tb testing.TB) string { return "-toolexec=" + vtbin(tb) }

func TestModeOf(t *testing.T) {
	tests := []struct {
		args []string
		want Mode
	}{
		{nil, ModeHelp},
		{[]string{"-h"}, ModeHelp},
		{[]string{"--help"}, ModeHelp},
		{[]string{"version"}, ModeSubcommand},
		{[]string{"help"}, ModeSubcommand},
		{[]string{"-V=full"}, ModeVettool},
		{[]string{"-flags"}, ModeVettool},
		{[]string{"/tmp/go-build1/b001/vet.cfg"}, ModeVettool},
		{[]string{"/usr/local/go/pkg/tool/linux_amd64/compile", "-V=full"}, ModeToolexec},
		{[]string{"/usr/local/go/pkg/tool/linux_amd64/link", "-o", "x"}, ModeToolexec},
		{[]string{"gcc", "-###", "-x", "c", "-c", "-"}, ModeToolexec},
		{[]string{"bogus"}, ModeUnknown},
		{[]string{"reprot", "./..."}, ModeUnknown},
	}
	isTool := func(name string) bool { return name == "gcc" }
	for _, tt := range tests {
		if got := modeOf(tt.args, isTool); got != tt.want {
			t.Errorf("modeOf(%q) = %v; want %v", tt.args, got, tt.want)
		}
	}
}

// versionLine is the format of `vtbound version`: module version (a
// semantic or pseudo-version, or (devel)), Go version, platform, hash.
var versionLine = regexp.MustCompile(`^vtbound (v\d+\.\d+\.\d+\S*|\(devel\)) go1\.\d+\S* \w+/\w+ buildhash=[\w-]+\n$`)

func TestVersionAndHelp(t *testing.T) {
	r := command(t, ".", nil, "", vtbin(t), "version")
	if r.code != 0 || !versionLine.MatchString(r.stdout) || !strings.Contains(r.stdout, " "+runtime.Version()+" ") {
		t.Errorf("version: %+v; want a line matching %s with %s", r, versionLine, runtime.Version())
	}
	r2 := command(t, ".", []string{"VTBOUND_SCOPE=example.com/..."}, "", vtbin(t), "version")
	if r2.stdout == r.stdout {
		t.Error("VTBOUND_SCOPE does not change the build hash")
	}
	if r3 := command(t, ".", []string{"VTBOUND_ALIAS=off"}, "", vtbin(t), "version"); r3.stdout == r.stdout {
		t.Error("VTBOUND_ALIAS does not change the build hash")
	}
	if h := command(t, ".", nil, "", vtbin(t), "help"); h.code != 0 || !strings.Contains(h.stdout, "-toolexec=vtbound") {
		t.Errorf("help: %+v", h)
	}
	if n := command(t, ".", nil, "", vtbin(t)); n.code != 2 || n.stderr == "" {
		t.Errorf("no arguments: %+v; want usage and exit 2", n)
	}
	if bad := command(t, ".", []string{"VTBOUND_SCOPE=-"}, "", vtbin(t), "/bin/true"); bad.code == 0 || !strings.Contains(bad.stderr, "VTBOUND_SCOPE") {
		t.Errorf("bad VTBOUND_SCOPE: %+v; want an error naming the variable", bad)
	}
}

// TestHelpListsEverySetting requires that `vtbound help`, `-h` and
// `--help` print the same text on standard output, listing every command
// and every row of the settings table (the table the test binaries'
// parser takes its accepted values from) in its phase's group, with its
// default, and nothing of the vet framework's help.
func TestHelpListsEverySetting(t *testing.T) {
	h := command(t, ".", nil, "", vtbin(t), "help")
	if h.code != 0 || h.stderr != "" {
		t.Fatalf("vtbound help: %+v", h)
	}
	for _, flag := range []string{"-h", "--help", "-help"} {
		if r := command(t, ".", nil, "", vtbin(t), flag); r != h {
			t.Errorf("vtbound %s: %+v; want the output of vtbound help", flag, r)
		}
	}
	if strings.Contains(h.stdout, "unit.cfg") || strings.Contains(h.stdout, "static analysis") {
		t.Errorf("help shows the vet framework's text:\n%s", h.stdout)
	}
	for _, c := range commandNames() {
		if !regexp.MustCompile(`(?m)^\s+vtbound ` + c + `\b`).MatchString(h.stdout) {
			t.Errorf("help does not list the command %s", c)
		}
	}
	build, run, ok := strings.Cut(h.stdout, "Run-time settings")
	if !ok || !strings.Contains(build, "Build-time settings") {
		t.Fatalf("help has no build-time and run-time groups:\n%s", h.stdout)
	}
	group := map[settings.Phase]string{settings.Build: build, settings.Run: run}
	for _, s := range settings.All() {
		line := regexp.MustCompile(`(?m)^\s+` + s.Name + `\s+.*\(default: ` + regexp.QuoteMeta(shownDefault(s)) + `\)$`)
		if !line.MatchString(group[s.Phase]) {
			t.Errorf("help does not list %s with its default %q among the %s settings", s.Name, shownDefault(s), s.Phase)
		}
	}
}

// TestHelpSetting checks `vtbound help SETTING` for a setting of each
// phase, one read in both, a short name, and an unknown one.
func TestHelpSetting(t *testing.T) {
	r := command(t, ".", nil, "", vtbin(t), "help", "VTBOUND_BUDGET")
	row := settings.Lookup("VTBOUND_BUDGET")[0]
	if r.code != 0 || !strings.Contains(r.stdout, "VTBOUND_BUDGET (run-time)") || !strings.Contains(r.stdout, "accepts: "+row.Accepts) || !strings.Contains(r.stdout, "default: 10000,2s") {
		t.Errorf("help VTBOUND_BUDGET: %+v", r)
	}
	if r := command(t, ".", nil, "", vtbin(t), "help", "scope"); r.code != 0 || !strings.HasPrefix(r.stdout, "VTBOUND_SCOPE (build-time)") {
		t.Errorf("help scope: %+v", r)
	}
	r = command(t, ".", nil, "", vtbin(t), "help", "VTBOUND_VERBOSE")
	if r.code != 0 || strings.Contains(r.stdout, "(build-time)") || !strings.HasPrefix(r.stdout, "VTBOUND_VERBOSE (run-time)") {
		t.Errorf("help VTBOUND_VERBOSE: %+v; want the run-time setting only", r)
	}
	r = command(t, ".", nil, "", vtbin(t), "help", "build_verbose")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "VTBOUND_BUILD_VERBOSE (build-time)") {
		t.Errorf("help build_verbose: %+v; want the build-time setting", r)
	}
	bad := command(t, ".", nil, "", vtbin(t), "help", "VTBOUND_BUDGT")
	if bad.code != 2 || !strings.Contains(bad.stderr, `"VTBOUND_BUDGT"`) || bad.stdout != "" {
		t.Errorf("help VTBOUND_BUDGT: %+v; want exit 2 and an error naming it", bad)
	}
}

// TestUnknownCommand checks that a word that is neither a command nor an
// executable is an error naming it and the commands, with exit status 2,
// and runs nothing.
func TestUnknownCommand(t *testing.T) {
	r := command(t, ".", nil, "", vtbin(t), "bogus", "./...")
	if r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, `unknown command "bogus"`) {
		t.Fatalf("vtbound bogus: %+v; want exit 2 naming the command", r)
	}
	for _, c := range commandNames() {
		if !strings.Contains(r.stderr, c) {
			t.Errorf("the error does not name the command %s: %q", c, r.stderr)
		}
	}
}

// TestPassThrough checks that a tool vtbound does not rewrite keeps its
// arguments, streams and exit code.
func TestPassThrough(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh")
	}
	r := command(t, ".", nil, "in put", vtbin(t), sh, "-c", `printf '%s|' "$@"; cat; echo err >&2; exit 3`, "sh", "a b", "-c", "@x")
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
	ours := command(t, ".", nil, "", vtbin(t), compile, "-V=full")
	scoped := command(t, ".", []string{"VTBOUND_SCOPE=example.com/..."}, "", vtbin(t), compile, "-V=full")
	if ours.code != 0 || !strings.HasPrefix(ours.stdout, strings.TrimSpace(real.stdout)) || ours.stdout == real.stdout {
		t.Errorf("-V=full: real %q, vtbound %q", real.stdout, ours.stdout)
	}
	if scoped.stdout == ours.stdout {
		t.Error("VTBOUND_SCOPE does not enter the -V=full answer")
	}
	nested := command(t, ".", []string{"VTBOUND_NESTED=1"}, "", vtbin(t), compile, "-V=full")
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

var update = flag.Bool("update", false, "rewrite docs/configuration.md's generated settings tables")

// Markers around the generated part of docs/configuration.md.
const (
	docTableStart = "<!-- settings tables: generated from package rt/settings; go test ./cmd/vtbound -run TestConfigurationDoc -update -->\n"
	docTableEnd   = "<!-- end of settings tables -->\n"
)

// TestConfigurationDoc requires that docs/configuration.md shows the
// settings table as it is (run with -update after changing the table).
func TestConfigurationDoc(t *testing.T) {
	checkGenerated(t, filepath.Join("..", "..", "docs", "configuration.md"), docTableStart, docTableEnd, settingsMarkdown(), "TestConfigurationDoc")
}

// The markers around the generated commands table in docs/cli.md.
const (
	cliTableStart = "<!-- commands table: generated from the dispatch table (commands in main.go); go test ./cmd/vtbound -run TestCLIDoc -update -->\n"
	cliTableEnd   = "<!-- end of commands table -->\n"
)

// TestCLIDoc checks that docs/cli.md lists every command of the dispatch
// table, with its usage, summary and flags.
func TestCLIDoc(t *testing.T) {
	checkGenerated(t, filepath.Join("..", "..", "docs", "cli.md"), cliTableStart, cliTableEnd, commandsMarkdown(), "TestCLIDoc")
}

// checkGenerated checks that the text between the start and end markers
// of file is content; with -update it rewrites it.
func checkGenerated(t *testing.T, file, start, end, content, test string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	before, rest, ok1 := strings.Cut(string(data), start)
	_, after, ok2 := strings.Cut(rest, end)
	if !ok1 || !ok2 {
		t.Fatalf("%s lacks the generated-table markers", file)
	}
	want := before + start + "\n" + content + end + after
	if want == string(data) {
		return
	}
	if *update {
		if err := os.WriteFile(file, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("%s is stale: run go test ./cmd/vtbound -run %s -update", file, test)
}

// internalEnv are VTBOUND_* variables vtbound sets for itself, not
// settings: the nested build of rt.
var internalEnv = map[string]bool{"VTBOUND_NESTED": true}

// TestBuildSettingsInTable requires that the VTBOUND_* variables the
// compile wrapper's source names are exactly the build-time rows of the
// settings table, so `vtbound help` lists every build-time setting.
func TestBuildSettingsInTable(t *testing.T) {
	used := envNames(t, filepath.Join("..", "..", "toolexec"))
	rows := map[string]bool{}
	for _, s := range settings.All() {
		if s.Phase == settings.Build {
			rows[s.Name] = true
		}
	}
	for name := range used {
		if !rows[name] && !internalEnv[name] {
			t.Errorf("toolexec reads %s, which has no build-time row in package rt/settings", name)
		}
	}
	for name := range rows {
		if !used[name] {
			t.Errorf("rt/settings has a build-time row for %s, which toolexec does not name", name)
		}
	}
}

// envNames returns the VTBOUND_* string constants of the non-test Go
// files in dir and the directories below it (testdata aside).
func envNames(t *testing.T, dir string) map[string]bool {
	t.Helper()
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && d.Name() == "testdata":
			return filepath.SkipDir
		case !d.IsDir() && strings.HasSuffix(path, ".go"):
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	fset := token.NewFileSet()
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil && envName.MatchString(s) {
					names[s] = true
				}
			}
			return true
		})
	}
	if len(names) == 0 {
		t.Fatalf("no VTBOUND_* names in %s", dir)
	}
	return names
}

var envName = regexp.MustCompile(`^VTBOUND_[A-Z_]+$`)

// TestHelpFitsWidth checks that every line of the help, of each command's
// help and of each setting's explanation fits in helpWidth columns.
func TestHelpFitsWidth(t *testing.T) {
	var b bytes.Buffer
	usage(&b)
	for _, c := range commands() {
		explain(&b, io.Discard, c.name)
	}
	for _, s := range settings.All() {
		explain(&b, io.Discard, s.Name)
	}
	for i, l := range strings.Split(b.String(), "\n") {
		if n := utf8.RuneCountInString(strings.ReplaceAll(l, "\t", "        ")); n > helpWidth {
			t.Errorf("help line %d is %d columns wide (max %d): %q", i+1, n, helpWidth, l)
		}
	}
}

// TestHelpCommandFlags checks that `vtbound help CMD` prints the usage
// line and every flag of CMD's own flag set with its usage text.
func TestHelpCommandFlags(t *testing.T) {
	withFlags := 0
	for _, c := range commands() {
		var b bytes.Buffer
		if code := explain(&b, io.Discard, c.name); code != 0 || !strings.HasPrefix(b.String(), "usage: vtbound "+c.name) {
			t.Errorf("help %s: exit %d\n%s", c.name, code, b.String())
		}
		if c.flags == nil {
			continue
		}
		withFlags++
		c.flags().VisitAll(func(f *flag.Flag) {
			_, usage := flag.UnquoteUsage(f)
			if !regexp.MustCompile(`(?m)^\s+-`+f.Name+`\b`).MatchString(b.String()) || !strings.Contains(strings.Join(strings.Fields(b.String()), " "), usage) {
				t.Errorf("help %s does not list -%s with %q:\n%s", c.name, f.Name, usage, b.String())
			}
		})
	}
	if withFlags < 5 {
		t.Errorf("%d commands list flags; want report, show, sweep, prune and debug", withFlags)
	}
}
