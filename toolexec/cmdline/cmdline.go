// Package cmdline models the command lines vtbound meets as a -toolexec
// wrapper: a Go tool invocation (compile or link: parse, edit, render, with
// the tools' flag tables), the flags of the parent go command that change
// how rt must be compiled, and the build's work directory. It is pure: it
// runs nothing.
package cmdline

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Command is the parsed command line of one Go tool invocation (compile or
// link): the tool path, its flags in their original order and spelling, and
// the positional arguments (source files for compile, the main archive for
// link). Parse, edit with Flag/SetFlag, and Render again.
//
// Invariant: Render(Parse(argv)) == argv after @file expansion, as long as
// no flag was edited.
type Command struct {
	// Tool is the path of the real tool binary (argv[0] of the tool).
	Tool string
	// Args are the flags, in order.
	Args []Arg
	// Files are the positional arguments after the last flag.
	Files []string
}

// Arg is one flag of a Command.
type Arg struct {
	// Name is the flag name without leading dashes ("importcfg").
	Name string
	// Value is the flag's value; empty for a bare boolean flag.
	Value string
	// Form records how the flag was spelled, so Render can reproduce it.
	Form ArgForm
}

// ArgForm is the spelling of a flag on the command line.
type ArgForm uint8

// The spellings of a flag.
const (
	FormBare   ArgForm = iota // -race
	FormEquals                // -lang=go1.22
	FormSplit                 // -p example.com/m
)

// compileValueFlags are the cmd/compile flags that take a value, so a value
// given as the next argument belongs to them.
var compileValueFlags = setOf("o", "p", "trimpath", "buildid", "goversion",
	"importcfg", "embedcfg", "asmhdr", "symabis", "D", "I", "installsuffix",
	"lang", "coveragecfg", "pgoprofile", "c", "d", "json", "spectre",
	"linkobj", "cpuprofile", "memprofile", "memprofilerate", "traceprofile",
	"blockprofile", "mutexprofile", "bench", "env", "importmap", "gendwarfinl",
	"buildmode", "arch")

// linkValueFlags are the cmd/link flags that take a value.
var linkValueFlags = setOf("o", "importcfg", "installsuffix", "X", "buildmode",
	"buildid", "extld", "extldflags", "extar", "linkmode", "L", "r", "H", "T",
	"R", "E", "B", "k", "tmpdir", "libgcc", "pluginpath", "fipso",
	"cpuprofile", "memprofile", "memprofilerate", "benchprofile", "bench",
	"capturehostobjs", "I", "checklinkname")

func setOf(names ...string) map[string]bool {
	m := make(map[string]bool, len(names))
	for _, n := range names {
		m[n] = true
	}
	return m
}

// ParseCompile parses a compile command line: argv[0] is the compiler, the
// rest its arguments. Arguments of the form @file are expanded first, as the
// compiler itself does.
func ParseCompile(argv []string) (*Command, error) {
	return parse(argv, compileValueFlags)
}

// ParseLink parses a link command line like ParseCompile.
func ParseLink(argv []string) (*Command, error) {
	return parse(argv, linkValueFlags)
}

func parse(argv []string, valueFlags map[string]bool) (*Command, error) {
	if len(argv) == 0 {
		return nil, fmt.Errorf("parse command line: empty")
	}
	args, err := ExpandArgs(argv[1:])
	if err != nil {
		return nil, err
	}
	c := &Command{Tool: argv[0]}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			c.Files = append(c.Files, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			c.Files = append(c.Files, args[i:]...)
			break
		}
		name := strings.TrimLeft(a, "-")
		if k := strings.IndexByte(name, '='); k >= 0 {
			c.Args = append(c.Args, Arg{Name: name[:k], Value: name[k+1:], Form: FormEquals})
			continue
		}
		if valueFlags[name] {
			if i+1 >= len(args) {
				return nil, fmt.Errorf("parse command line: flag -%s needs a value", name)
			}
			c.Args = append(c.Args, Arg{Name: name, Value: args[i+1], Form: FormSplit})
			i++
			continue
		}
		c.Args = append(c.Args, Arg{Name: name, Form: FormBare})
	}
	return c, nil
}

// Render returns the full command line: tool, flags, files.
func (c *Command) Render() []string {
	out := []string{c.Tool}
	for _, a := range c.Args {
		switch a.Form {
		case FormBare:
			out = append(out, "-"+a.Name)
		case FormEquals:
			out = append(out, "-"+a.Name+"="+a.Value)
		default:
			out = append(out, "-"+a.Name, a.Value)
		}
	}
	return append(out, c.Files...)
}

// Flag returns the value of the last occurrence of the named flag and
// whether it is present. A bare boolean flag has the value "true".
func (c *Command) Flag(name string) (string, bool) {
	for i := len(c.Args) - 1; i >= 0; i-- {
		if a := c.Args[i]; a.Name == name {
			if a.Form == FormBare {
				return "true", true
			}
			return a.Value, true
		}
	}
	return "", false
}

// Bool reports whether the named boolean flag is set (present and not
// given as false).
func (c *Command) Bool(name string) bool {
	v, ok := c.Flag(name)
	return ok && v != "false" && v != "0"
}

// SetFlag replaces the value of every occurrence of the named flag, keeping
// its spelling, or appends it in split form when absent.
func (c *Command) SetFlag(name, value string) {
	found := false
	for i := range c.Args {
		if c.Args[i].Name == name {
			c.Args[i].Value = value
			if c.Args[i].Form == FormBare {
				c.Args[i].Form = FormEquals
			}
			found = true
		}
	}
	if !found {
		c.Args = append(c.Args, Arg{Name: name, Value: value, Form: FormSplit})
	}
}

// ToolName returns the base name of the tool without extension ("compile").
func ToolName(tool string) string {
	base := filepath.Base(tool)
	return strings.TrimSuffix(base, filepath.Ext(base))
}

// ExpandArgs replaces every @file argument with the arguments listed in the
// file, one per line, decoded as cmd/internal/objabi does (\\ and \n
// escapes). Expansion is recursive.
func ExpandArgs(in []string) ([]string, error) {
	var out []string
	for _, a := range in {
		if !strings.HasPrefix(a, "@") {
			out = append(out, a)
			continue
		}
		data, err := os.ReadFile(a[1:])
		if err != nil {
			return nil, fmt.Errorf("expand response file: %w", err)
		}
		text := strings.TrimSpace(strings.ReplaceAll(string(data), "\r", ""))
		var lines []string
		if text != "" {
			lines = strings.Split(text, "\n")
		}
		for i, l := range lines {
			lines[i] = decodeArg(l)
		}
		sub, err := ExpandArgs(lines)
		if err != nil {
			return nil, err
		}
		out = append(out, sub...)
	}
	return out, nil
}

// decodeArg undoes cmd/go's response-file encoding of one argument.
func decodeArg(arg string) string {
	if !strings.ContainsRune(arg, '\\') {
		return arg
	}
	var b strings.Builder
	for i := 0; i < len(arg); i++ {
		if arg[i] != '\\' || i+1 == len(arg) {
			b.WriteByte(arg[i])
			continue
		}
		i++
		switch arg[i] {
		case 'n':
			b.WriteByte('\n')
		default:
			b.WriteByte(arg[i])
		}
	}
	return b.String()
}
