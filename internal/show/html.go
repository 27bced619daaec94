package show

import (
	"fmt"
	"html"
	"io"
	"strings"
)

// pageCSS styles the page WriteHTML writes (the lanes add LanesCSS).
const pageCSS = `
body{font:14px/1.45 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;color:#24292f;margin:24px;max-width:1400px}
h1{font-size:20px;margin:0 0 4px}
.oracle{color:#cf222e;font-weight:bold}
.sentence{background:#fff8c5;border-left:4px solid #d4a72c;padding:8px 12px;margin:12px 0}
pre.replay{background:#f6f8fa;border:1px solid #d0d7de;padding:8px 12px;white-space:pre-wrap;word-break:break-all}
.meta{color:#57606a}
`

// WriteHTML writes in as one self-contained HTML page: the failure, the
// sentence, the lanes and the replay command. Inline CSS and SVG only:
// no script, nothing fetched.
func WriteHTML(w io.Writer, in Interleaving) error {
	var b strings.Builder
	title := "vtbound: " + in.Test + ": " + in.Oracle
	fmt.Fprintf(&b, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>%s</title>\n<style>%s%s</style>\n</head>\n<body>\n",
		html.EscapeString(title), pageCSS, LanesCSS)
	fmt.Fprintf(&b, "<h1>%s</h1>\n<p><span class=\"oracle\">%s</span>", html.EscapeString(in.Test), html.EscapeString(in.Oracle))
	if in.Package != "" {
		fmt.Fprintf(&b, " <span class=\"meta\">in %s</span>", html.EscapeString(in.Package))
	}
	b.WriteString("</p>\n")
	if in.Sentence != "" {
		fmt.Fprintf(&b, "<p class=\"sentence\">%s</p>\n", html.EscapeString(in.Sentence))
	}
	if in.CVT != "" {
		fmt.Fprintf(&b, "<p class=\"meta\">(c,v,t): %s</p>\n", html.EscapeString(in.CVT))
	}
	writeLegend(&b, in)
	if _, err := io.WriteString(w, b.String()); err != nil {
		return err
	}
	b.Reset()
	if err := Lanes(w, in); err != nil {
		return err
	}
	if in.Replay != "" {
		fmt.Fprintf(&b, "<h2>Replay</h2>\n<pre class=\"replay\"><code>%s</code></pre>\n", html.EscapeString(in.Replay))
	}
	b.WriteString("</body>\n</html>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// writeLegend explains the marks, with the step counts.
func writeLegend(b *strings.Builder, in Interleaving) {
	what := fmt.Sprintf("all %d steps", len(in.Steps))
	if len(in.Steps) < in.Total {
		what = fmt.Sprintf("the %d steps that matter of %d", len(in.Steps), in.Total)
	}
	fmt.Fprintf(b, "<p class=\"vtb-legend\">One lane per goroutine, time flowing down; %s. "+
		"<span class=\"c\">Red</span>: the conflicting accesses. <span class=\"p\">»</span>: a preemption.</p>\n", what)
}
