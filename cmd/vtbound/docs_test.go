//go:build unix

package main

// Runnable documentation: every fenced block of README.md and docs/*.md
// says what it is in the first word of its info string, so that the
// commands the documents show are run and cannot rot:
//
//	sh       commands a reader runs from the repository root, as written
//	console  the same as a session: "$ " before each command, its output after
//	text     output, reports, messages, file formats, usage synopses
//	go, yaml, lua, toml, json, cron, ...   listings of other languages
//
// TestDocsCommands runs each sh and console block with bash (set -e,
// pipefail) at the root of a copy of the repository, with the vtbound under
// test on PATH, and checks its exit status. Words after the class tune the
// run: exit=N (the status the block ends with, default 0), expect="TEXT"
// (a text its output must contain; repeatable), runby=TestName (the block
// is run verbatim by that test instead, e.g. the README's set-up commands
// by TestReadmeCommands), slow (the block takes minutes, e.g. it reproduces
// a measurement: it is run only when VTBOUND_DOCS_SLOW=1, so that the
// suite stays fast). A sh or console block that is not run says why on its
// first line, where the reader sees it:
//
//	# not run: it builds golangci-lint (several minutes)
//
// TestDocsMarkers, which runs even with -short, fails on a block without a
// known class, on an unknown attribute, and on a runnable block that is
// neither run nor says why it is not.

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// docBlock is one fenced code block of a Markdown file.
type docBlock struct {
	file  string // relative to the repository root
	line  int    // line of the opening fence
	class string // first word of the info string
	attrs map[string][]string
	body  []string
}

func (b docBlock) String() string { return fmt.Sprintf("%s:%d", b.file, b.line) }

// runnable reports whether the block holds commands.
func (b docBlock) runnable() bool { return b.class == "sh" || b.class == "console" }

// notRunPrefix starts the first line of a runnable block that is not run.
const notRunPrefix = "# not run: "

// notRun returns the reason a runnable block gives for not being run, if
// any.
func (b docBlock) notRun() (string, bool) {
	if !b.runnable() || len(b.body) == 0 || !strings.HasPrefix(b.body[0], notRunPrefix) {
		return "", false
	}
	return strings.TrimSpace(strings.TrimPrefix(b.body[0], notRunPrefix)), true
}

// docClasses are the known first words of info strings; true marks the
// runnable ones.
var docClasses = map[string]bool{
	"sh": true, "console": true,
	"text": false, "go": false, "yaml": false, "lua": false, "toml": false,
	"json": false, "cron": false, "html": false,
}

// docAttrs are the attributes an info string may carry after its class;
// true marks the flags, which take no value.
var docAttrs = map[string]bool{"exit": false, "expect": false, "runby": false, "slow": true}

// docFiles returns README.md and docs/*.md, relative to root.
func docFiles(t *testing.T, root string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	rels := []string{"README.md"}
	for _, f := range files {
		rel, _ := filepath.Rel(root, f)
		rels = append(rels, filepath.ToSlash(rel))
	}
	sort.Strings(rels[1:])
	return rels
}

// fence matches an opening or closing code fence, possibly indented (in a
// list item): the indentation, the fence and the info string.
var fence = regexp.MustCompile("^( *)(```+|~~~+)\\s*(.*)$")

// parseBlocks returns the fenced blocks of a Markdown text.
func parseBlocks(file string, data []byte) ([]docBlock, error) {
	var blocks []docBlock
	var cur *docBlock
	var open, indent string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		m := fence.FindStringSubmatch(line)
		switch {
		case cur == nil && m != nil:
			class, attrs, err := parseInfo(m[3])
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", file, n, err)
			}
			cur = &docBlock{file: file, line: n, class: class, attrs: attrs}
			indent, open = m[1], m[2]
		case cur != nil && m != nil && m[3] == "" && m[2][0] == open[0] && len(m[2]) >= len(open):
			blocks = append(blocks, *cur)
			cur = nil
		case cur != nil:
			cur.body = append(cur.body, strings.TrimPrefix(line, indent))
		}
	}
	if cur != nil {
		return nil, fmt.Errorf("%s:%d: the block is never closed", file, cur.line)
	}
	return blocks, sc.Err()
}

// infoWord matches one word of an info string: key="quoted value",
// key=value, or a bare word.
var infoWord = regexp.MustCompile(`^(?:([a-z]+)=("(?:[^"\\]|\\.)*"|\S*)|(\S+))\s*`)

// parseInfo splits an info string into its class and attributes.
func parseInfo(info string) (string, map[string][]string, error) {
	attrs := map[string][]string{}
	class := ""
	for rest := strings.TrimSpace(info); rest != ""; {
		m := infoWord.FindStringSubmatch(rest)
		if m == nil {
			return "", nil, fmt.Errorf("cannot parse the info string %q", info)
		}
		rest = rest[len(m[0]):]
		if m[3] != "" && class == "" {
			class = m[3]
			continue
		}
		if m[3] != "" && docAttrs[m[3]] {
			attrs[m[3]] = append(attrs[m[3]], "")
			continue
		}
		if m[1] == "" || class == "" {
			return "", nil, fmt.Errorf("info string %q: want a class, then key=value attributes", info)
		}
		v := m[2]
		if strings.HasPrefix(v, `"`) {
			u, err := strconv.Unquote(v)
			if err != nil {
				return "", nil, fmt.Errorf("info string %q: %v", info, err)
			}
			v = u
		}
		attrs[m[1]] = append(attrs[m[1]], v)
	}
	return class, attrs, nil
}

// allDocBlocks parses every documentation file under root.
func allDocBlocks(t *testing.T, root string) []docBlock {
	t.Helper()
	var all []docBlock
	for _, f := range docFiles(t, root) {
		data, err := os.ReadFile(filepath.Join(root, f))
		if err != nil {
			t.Fatal(err)
		}
		blocks, err := parseBlocks(f, data)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, blocks...)
	}
	return all
}

// checkBlock returns what is wrong with a block's markers, or "".
func checkBlock(b docBlock, tests map[string]bool) string {
	run, known := docClasses[b.class]
	switch {
	case b.class == "":
		return "no class: open it with ```sh, ```console, ```text or the listing's language"
	case !known:
		return fmt.Sprintf("unknown class %q", b.class)
	case !run && len(b.attrs) > 0:
		return fmt.Sprintf("a %s block takes no attributes", b.class)
	}
	for k, v := range b.attrs {
		if flag, ok := docAttrs[k]; !ok || flag != (v[0] == "") {
			return fmt.Sprintf("unknown attribute %q, or a value missing or given to a flag", k)
		}
	}
	if reason, ok := b.notRun(); ok && (reason == "" || len(b.attrs) > 0) {
		return "a block that is not run needs a reason and no attributes"
	}
	if by := b.attrs["runby"]; len(by) > 0 && !tests[by[0]] {
		return fmt.Sprintf("runby=%s: no such test", by[0])
	}
	if e := b.attrs["exit"]; len(e) > 0 {
		if _, err := strconv.Atoi(e[0]); err != nil {
			return fmt.Sprintf("exit=%s: not a number", e[0])
		}
	}
	return checkCommands(b)
}

// checkCommands checks that a console block has commands and a sh block
// has no prompts.
func checkCommands(b docBlock) string {
	prompts := 0
	for _, l := range b.body {
		if strings.HasPrefix(l, "$ ") {
			prompts++
		}
	}
	switch {
	case b.class == "console" && prompts == 0:
		return "a console block without a \"$ \" command"
	case b.class == "sh" && prompts > 0:
		return "a sh block with \"$ \" prompts: make it a console block"
	}
	return ""
}

// testNames returns the names of the Test functions of the repository's
// own packages (testdata excluded).
func testNames(t *testing.T, root string) map[string]bool {
	t.Helper()
	names := map[string]bool{}
	decl := regexp.MustCompile(`(?m)^func (Test\w+)\(t \*testing\.T\)`)
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || d.Name() == ".git") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, "_test.go") {
			return nil
		}
		data, err := os.ReadFile(p)
		for _, m := range decl.FindAllSubmatch(data, -1) {
			names[string(m[1])] = true
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// TestDocsMarkers requires every fenced block of the documentation to be
// marked (see the comment at the top of this file) and logs how many
// blocks are run, run by other tests, not run (with the reasons) and
// listings.
func TestDocsMarkers(t *testing.T) {
	root := filepath.Join("..", "..")
	tests := testNames(t, root)
	count := map[string]int{}
	for _, b := range allDocBlocks(t, root) {
		if msg := checkBlock(b, tests); msg != "" {
			t.Errorf("%s: %s", b, msg)
		}
		if fate := blockFate(b); fate == "suite" {
			cmds, _ := goTestBlock(b)
			if msg := checkSuiteBlock(root, cmds); msg != "" {
				t.Errorf("%s: %s", b, msg)
			}
		}
		count[blockFate(b)]++
		if reason, ok := b.notRun(); ok {
			t.Logf("%s: not run: %s", b, reason)
		}
	}
	t.Logf("documentation blocks: %d run by TestDocsCommands, %d more with %s=1, %d run by other tests, %d of the suite's tests checked here, %d not run, %d output or listings",
		count["run"], count["slow"], docsSlowEnv, count["runby"], count["suite"], count["not run"], count["listing"])
}

// blockFate classifies a block for the counts.
func blockFate(b docBlock) string {
	_, notRun := b.notRun()
	switch {
	case !b.runnable():
		return "listing"
	case notRun:
		return "not run"
	case len(b.attrs["runby"]) > 0:
		return "runby"
	case len(b.attrs["slow"]) > 0:
		return "slow"
	}
	if cmds, ok := goTestBlock(b); ok && suiteOnly(cmds) && len(b.attrs) == 0 {
		return "suite" // docs_suite_test.go
	}
	return "run"
}

// script returns the shell script of a runnable block: a sh block as it
// is, a console block's commands without their prompts (a command ending
// in a backslash continues on the next line).
func (b docBlock) script() string {
	if b.class == "sh" {
		return strings.Join(b.body, "\n") + "\n"
	}
	var s strings.Builder
	cont := false
	for _, l := range b.body {
		if strings.HasPrefix(l, "$ ") || cont {
			l = strings.TrimPrefix(l, "$ ")
			s.WriteString(l + "\n")
			cont = strings.HasSuffix(l, `\`)
		}
	}
	return s.String()
}

// TestDocsMarkersReject checks that the marker check fails where it must:
// an unmarked block, an unknown class or attribute, a runnable block with
// an empty reason, a flag given a value, prompts in a sh block, a console
// block without one, and a runby naming no test.
func TestDocsMarkersReject(t *testing.T) {
	tests := map[string]bool{"TestReadmeCommands": true}
	for _, tc := range []struct{ md, want string }{
		{"```\ngo test ./...\n```\n", "no class"},
		{"```bash\nls\n```\n", "unknown class"},
		{"```sh\n# not run: \nls\n```\n", "needs a reason"},
		{"```sh slow=yes\nls\n```\n", "unknown attribute"},
		{"```sh timeout=5\nls\n```\n", "unknown attribute"},
		{"```sh\n$ ls\n```\n", "make it a console block"},
		{"```console\nls\n```\n", "without a"},
		{"```sh runby=TestNothing\nls\n```\n", "no such test"},
		{"```text exit=1\nout\n```\n", "takes no attributes"},
	} {
		blocks, err := parseBlocks("x.md", []byte(tc.md))
		if err != nil || len(blocks) != 1 {
			t.Fatalf("%q: %v, %d blocks", tc.md, err, len(blocks))
		}
		if got := checkBlock(blocks[0], tests); !strings.Contains(got, tc.want) {
			t.Errorf("%q: check says %q, want %q", tc.md, got, tc.want)
		}
	}
	good := "- item:\n\n  ```console exit=2 expect=\"a \\\"b\\\"\" slow\n  $ vtbound bogus \\\n  x\n  out\n  ```\n"
	blocks, err := parseBlocks("x.md", []byte(good))
	if err != nil || len(blocks) != 1 || checkBlock(blocks[0], tests) != "" {
		t.Fatalf("a well-marked indented block: %v, %+v", err, blocks)
	}
	b := blocks[0]
	if b.attrs["expect"][0] != `a "b"` || b.attrs["exit"][0] != "2" || blockFate(b) != "slow" || b.script() != "vtbound bogus \\\nx\n" {
		t.Errorf("parsed %+v, script %q", b, b.script())
	}
	if _, err := parseBlocks("x.md", []byte("```sh\nls\n")); err == nil {
		t.Error("an unclosed block is not an error")
	}
}

// docsSlowEnv set to 1 makes TestDocsCommands run the slow blocks too.
const docsSlowEnv = "VTBOUND_DOCS_SLOW"
