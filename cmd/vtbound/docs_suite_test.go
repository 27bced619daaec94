//go:build unix

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// Blocks that run the suite's own tests.
//
// A block whose every command is `go test` of this module's packages with
// a -run pattern and no -bench (docs/reports.md: "go test ./rt/internal/explore
// -run 'TestKernelStories|...'") re-runs tests the suite runs anyway. It is
// checked statically instead (TestDocsMarkers): each package exists and
// each alternative of the pattern names a Test function of its packages.
// A block of such commands with -bench runs benchmarks the suite does not
// run: TestDocsCommands runs it at the root of the repository itself, not
// of its copy, so that the go command finds the test packages the suite
// compiled in its build cache (go test writes nothing in the tree).

// goTestCmd is one `go test` command of a block.
type goTestCmd struct {
	pkgs       []string // package patterns, relative to the repository root
	run, bench string   // the -run and -bench patterns
}

// shellWords splits a command line into words as a shell does for simple
// quoting ('...' and "..."); it reports false for anything it does not
// handle (substitutions, pipes, redirections, several commands).
func shellWords(line string) ([]string, bool) {
	var words []string
	var cur strings.Builder
	inWord := false
	var quote rune
	for _, r := range line {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words, inWord = append(words, cur.String()), false
				cur.Reset()
			}
		case strings.ContainsRune("$`|;&<>()\\", r):
			return nil, false
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, false
	}
	if inWord {
		words = append(words, cur.String())
	}
	return words, true
}

// envAssign matches a leading VAR=value word.
var envAssign = regexp.MustCompile(`^[A-Z_][A-Z0-9_]*=`)

// parseGoTest parses a `go test` command of this module's packages.
func parseGoTest(line string) (goTestCmd, bool) {
	words, ok := shellWords(line)
	for ok && len(words) > 0 && envAssign.MatchString(words[0]) {
		words = words[1:]
	}
	if !ok || len(words) < 3 || words[0] != "go" || words[1] != "test" {
		return goTestCmd{}, false
	}
	var c goTestCmd
	for i := 2; i < len(words); i++ {
		w := words[i]
		name, val, hasVal := strings.Cut(strings.TrimLeft(w, "-"), "=")
		switch {
		case strings.HasPrefix(w, "./"):
			c.pkgs = append(c.pkgs, w)
		case !strings.HasPrefix(w, "-"):
			return goTestCmd{}, false
		case name == "run" || name == "bench":
			if !hasVal {
				if i+1 == len(words) {
					return goTestCmd{}, false
				}
				i++
				val = words[i]
			}
			if name == "run" {
				c.run = val
			} else {
				c.bench = val
			}
		case !hasVal && (name == "benchtime" || name == "count" || name == "timeout" || name == "tags"):
			i++ // a flag whose value is the next word
		}
	}
	return c, len(c.pkgs) > 0
}

// goTestBlock returns the commands of a block made only of `go test`
// commands of this module's packages (comments and blank lines aside).
func goTestBlock(b docBlock) ([]goTestCmd, bool) {
	if b.class != "sh" {
		return nil, false
	}
	var cmds []goTestCmd
	for _, l := range b.body {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		c, ok := parseGoTest(l)
		if !ok {
			return nil, false
		}
		cmds = append(cmds, c)
	}
	return cmds, len(cmds) > 0
}

// suiteOnly reports whether every command of a go test block runs tests
// only (a -run pattern, no -bench) of packages it names one by one.
func suiteOnly(cmds []goTestCmd) bool {
	for _, c := range cmds {
		if c.bench != "" || c.run == "" || c.run == "^$" || strings.Contains(strings.Join(c.pkgs, " "), "...") {
			return false
		}
	}
	return true
}

// checkSuiteBlock checks a block of suite tests statically: every package
// exists, and every alternative of every -run pattern matches a Test
// function of the command's packages. It returns what is wrong, or "".
func checkSuiteBlock(root string, cmds []goTestCmd) string {
	for _, c := range cmds {
		names, err := packageTests(root, c.pkgs)
		if err != "" {
			return err
		}
		for _, alt := range strings.Split(c.run, "|") {
			if !matchesAny(alt, names) {
				return fmt.Sprintf("-run %q: %q names no Test function of %s", c.run, alt, strings.Join(c.pkgs, " "))
			}
		}
	}
	return ""
}

// testFunc matches a Test function's declaration.
var testFunc = regexp.MustCompile(`(?m)^func (Test\w*)\(`)

// packageTests returns the Test functions of the packages, each a
// directory relative to root.
func packageTests(root string, pkgs []string) ([]string, string) {
	var names []string
	for _, p := range pkgs {
		files, _ := filepath.Glob(filepath.Join(root, p, "*_test.go"))
		if len(files) == 0 {
			return nil, fmt.Sprintf("package %s: no test files", p)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				return nil, err.Error()
			}
			for _, m := range testFunc.FindAllSubmatch(data, -1) {
				names = append(names, string(m[1]))
			}
		}
	}
	return names, ""
}

// matchesAny reports whether the regular expression alt matches one of
// names (a pattern go test would not compile matches nothing).
func matchesAny(alt string, names []string) bool {
	re, err := regexp.Compile(alt)
	if err != nil {
		return false
	}
	for _, n := range names {
		if re.MatchString(n) {
			return true
		}
	}
	return false
}
