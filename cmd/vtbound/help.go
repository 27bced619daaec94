package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/vtbound/vtbound/rt/settings"
)

// helpWidth is the width help output fits in.
const helpWidth = 100

// usage prints the command's help text: the ways to run vtbound, its
// subcommands and every setting of the settings table, in helpWidth
// columns.
func usage(w io.Writer) {
	fmt.Fprint(w, `vtbound finds concurrency bugs in Go tests by controlling goroutine scheduling.

Usage:
    go test -toolexec=vtbound [build and test flags] [packages]
        explore the tests' schedules
    go vet -vettool=$(which vtbound) [packages]
        static shared-variable report

Commands:
`)
	for _, c := range commands() {
		item(w, "vtbound "+strings.TrimSpace(c.name+" "+c.args), c.summary)
	}
	listSettings(w, settings.Build, "Build-time settings (read while compiling; they enter the build cache key):")
	listSettings(w, settings.Run, "Run-time settings (read by each test binary when a test starts):")
	fmt.Fprint(w, "\nRun 'vtbound help COMMAND' for a command's flags, 'vtbound help SETTING' to explain one\nsetting, e.g. 'vtbound help VTBOUND_BUDGET'.\n")
}

// item prints a heading line indented by 4 and its text below it,
// indented by 8 and wrapped to helpWidth.
func item(w io.Writer, heading, text string) {
	fmt.Fprintf(w, "    %s\n", heading)
	fmt.Fprintf(w, "%s\n", indent(wrap(text, helpWidth-8), "        "))
}

// listSettings prints the settings of one phase under a heading: each
// name with its default, its summary below.
func listSettings(w io.Writer, phase settings.Phase, heading string) {
	fmt.Fprintf(w, "\n%s\n", heading)
	for _, s := range settings.All() {
		if s.Phase == phase {
			item(w, fmt.Sprintf("%s (default: %s)", s.Name, shownDefault(s)), s.Summary)
		}
	}
}

// indent prefixes every line of text with prefix.
func indent(text, prefix string) string {
	return prefix + strings.ReplaceAll(text, "\n", "\n"+prefix)
}

// shownDefault is the default of s as help shows it: a value, or a
// description without the parentheses that mark it as one in the table.
func shownDefault(s settings.Setting) string {
	if strings.HasPrefix(s.Default, "(") && strings.HasSuffix(s.Default, ")") {
		return s.Default[1 : len(s.Default)-1]
	}
	return s.Default
}

// helpCmd implements `vtbound help [SETTING|COMMAND]`.
func helpCmd(args []string) int {
	switch len(args) {
	case 0:
		usage(os.Stdout)
		return 0
	case 1:
		return explain(os.Stdout, os.Stderr, args[0])
	}
	fmt.Fprintln(os.Stderr, "vtbound: help takes at most one setting or command")
	return 2
}

// explain prints the documentation of the setting or command called name.
func explain(stdout, stderr io.Writer, name string) int {
	if c, ok := lookupCommand(name); ok {
		explainCommand(stdout, c)
		return 0
	}
	rows := settings.Lookup(name)
	if len(rows) == 0 {
		fmt.Fprintf(stderr, "vtbound: help: unknown setting or command %q; run 'vtbound help' for the list\n", name)
		return 2
	}
	for i, s := range rows {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		fmt.Fprintf(stdout, "%s\n\n", wrap(fmt.Sprintf("%s (%s): %s", s.Name, s.Phase, s.Summary), helpWidth))
		field(stdout, "default", shownDefault(s))
		if s.Accepts != "" {
			field(stdout, "accepts", s.Accepts)
		}
		fmt.Fprintf(stdout, "\n%s\n", wrap(s.Doc, 76))
	}
	return 0
}

// field prints "    name: value", the value wrapped to helpWidth and
// aligned after the name.
func field(w io.Writer, name, value string) {
	prefix := "    " + name + ": "
	text := indent(wrap(value, helpWidth-len(prefix)), strings.Repeat(" ", len(prefix)))
	fmt.Fprintf(w, "%s%s\n", prefix, text[len(prefix):])
}

// explainCommand prints a command's usage line, its summary and its
// flags, as its flag set defines them.
func explainCommand(w io.Writer, c subcommand) {
	fmt.Fprintf(w, "usage: vtbound %s\n\n%s\n", strings.TrimSpace(c.name+" "+c.args), wrap(c.summary, helpWidth))
	if c.flags == nil {
		return
	}
	fmt.Fprint(w, "\nFlags:\n")
	c.flags().VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		heading := "-" + f.Name
		if name != "" {
			heading += " " + name
		}
		if f.DefValue != "" && f.DefValue != "false" && f.DefValue != "0" {
			usage += fmt.Sprintf(" (default: %s)", f.DefValue)
		}
		item(w, heading, usage)
	})
}

// wrap breaks text into lines of at most width bytes at spaces.
func wrap(text string, width int) string {
	var b strings.Builder
	n := 0
	for _, word := range strings.Fields(text) {
		switch {
		case n == 0:
		case n+1+len(word) > width:
			b.WriteByte('\n')
			n = 0
		default:
			b.WriteByte(' ')
			n++
		}
		b.WriteString(word)
		n += len(word)
	}
	return b.String()
}

// settingsMarkdown renders the settings table as the Markdown tables of
// docs/configuration.md, one per phase.
func settingsMarkdown() string {
	var b strings.Builder
	for _, phase := range []settings.Phase{settings.Build, settings.Run} {
		fmt.Fprintf(&b, "### %s%s settings\n\n", strings.ToUpper(phase.String()[:1]), phase.String()[1:])
		b.WriteString("| variable | default | accepts | meaning |\n|---|---|---|---|\n")
		for _, s := range settings.All() {
			if s.Phase == phase {
				fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", s.Name, mdCell(shownDefault(s)), mdCell(s.Accepts), mdCell(s.Summary+". "+s.Doc))
			}
		}
		b.WriteString("\n")
	}
	return b.String()
}

// commandsMarkdown renders the dispatch table as the Markdown table of
// docs/cli.md: each command's usage, what it does and its flags.
func commandsMarkdown() string {
	var b strings.Builder
	b.WriteString("| command | does | flags |\n|---|---|---|\n")
	for _, c := range commands() {
		var flags []string
		if c.flags != nil {
			c.flags().VisitAll(func(f *flag.Flag) { flags = append(flags, "`-"+f.Name+"`") })
		}
		fmt.Fprintf(&b, "| `vtbound %s` | %s | %s |\n", mdCell(strings.TrimSpace(c.name+" "+c.args)), mdCell(c.summary), mdCell(strings.Join(flags, ", ")))
	}
	return b.String()
}

// mdCell escapes text for a Markdown table cell.
func mdCell(s string) string {
	if s == "" {
		return "—"
	}
	return strings.ReplaceAll(s, "|", `\|`)
}
