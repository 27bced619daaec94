package headless

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// load writes html to a file and opens it, skipping without a browser.
func load(t *testing.T, html, probe string) *Page {
	t.Helper()
	browser := Find()
	if browser == "" {
		t.Skipf("no Chromium-family browser installed (apt-get install chromium, or set %s)", EnvBrowser)
	}
	file := filepath.Join(t.TempDir(), "page.html")
	if err := os.WriteFile(file, []byte(html), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	page, err := Load(ctx, browser, file, probe)
	if err != nil {
		t.Fatal(err)
	}
	return page
}

// TestReportsErrors is the harness's own negative control: a page with a
// console error, an uncaught exception and an image that fails to load
// must produce all three reports, and the probe and screenshot work.
func TestReportsErrors(t *testing.T) {
	page := load(t, `<!DOCTYPE html><html><body><p id="x">hello</p>
<img src="missing-image.png">
<script>console.error("boom from console"); throw new Error("thrown here");</script>
</body></html>`, `document.getElementById("x").textContent`)
	all := strings.Join(page.Errors, "\n")
	for _, want := range []string{"boom from console", "thrown here", "missing-image.png"} {
		if !strings.Contains(all, want) {
			t.Errorf("no error mentioning %q among:\n%s", want, all)
		}
	}
	var text string
	if err := json.Unmarshal(page.Probe, &text); err != nil || text != "hello" {
		t.Errorf("probe = %s, %v; want \"hello\"", page.Probe, err)
	}
	if !bytes.HasPrefix(page.Screenshot, []byte("\x89PNG\r\n\x1a\n")) {
		t.Errorf("screenshot is not a PNG (%d bytes)", len(page.Screenshot))
	}
}
