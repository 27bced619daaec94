package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/vtbound/vtbound/rt/settings"
)

// usage prints the command's help text: the ways to run vtbound, its
// subcommands and every setting of the settings table.
func usage(w io.Writer) {
	fmt.Fprint(w, `vtbound finds concurrency bugs in Go tests by controlling goroutine scheduling.

Usage:
    go test -toolexec=vtbound [build and test flags] [packages]   explore the tests' schedules
    go vet -vettool=$(which vtbound) [packages]                     static shared-variable report

Commands:
`)
	tw := tabwriter.NewWriter(w, 0, 8, 3, ' ', 0)
	for _, c := range commands() {
		fmt.Fprintf(tw, "    vtbound %s\t%s\n", strings.TrimSpace(c.name+" "+c.args), c.summary)
	}
	tw.Flush()
	listSettings(w, settings.Build, "Build-time settings (read while compiling; they enter the build cache key):")
	listSettings(w, settings.Run, "Run-time settings (read by each test binary when a test starts):")
	fmt.Fprint(w, "\nRun 'vtbound help SETTING' to explain one setting, e.g. 'vtbound help VTBOUND_BUDGET'.\n")
}

// listSettings prints the settings of one phase under a heading, one per
// line with its default.
func listSettings(w io.Writer, phase settings.Phase, heading string) {
	fmt.Fprintf(w, "\n%s\n", heading)
	tw := tabwriter.NewWriter(w, 0, 8, 3, ' ', 0)
	for _, s := range settings.All() {
		if s.Phase == phase {
			fmt.Fprintf(tw, "    %s\t%s (default: %s)\n", s.Name, s.Summary, shownDefault(s))
		}
	}
	tw.Flush()
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
		fmt.Fprintf(stdout, "vtbound %s\n\n\t%s\n", strings.TrimSpace(c.name+" "+c.args), c.summary)
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
		fmt.Fprintf(stdout, "%s (%s): %s\n\n", s.Name, s.Phase, s.Summary)
		fmt.Fprintf(stdout, "\tdefault: %s\n", shownDefault(s))
		if s.Accepts != "" {
			fmt.Fprintf(stdout, "\taccepts: %s\n", s.Accepts)
		}
		fmt.Fprintf(stdout, "\n%s\n", wrap(s.Doc, 76))
	}
	return 0
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

// mdCell escapes text for a Markdown table cell.
func mdCell(s string) string {
	if s == "" {
		return "—"
	}
	return strings.ReplaceAll(s, "|", `\|`)
}
