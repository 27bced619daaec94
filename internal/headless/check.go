package headless

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// EnvArtifacts names a directory where Check also saves screenshots (CI
// uploads it); otherwise they go to t.ArtifactDir() (kept with
// `go test -artifacts -outputdir DIR`).
const EnvArtifacts = "VTBOUND_ARTIFACTS"

// Check opens the HTML file in a headless browser and fails t on every
// console error, exception or error-level log entry; it saves a
// screenshot named name+".png" as a test artefact and returns the page.
// It skips t, saying why, only when no browser is installed.
func Check(t *testing.T, file, name, probe string) *Page {
	t.Helper()
	browser := Find()
	if browser == "" {
		t.Skipf("no Chromium-family browser installed (apt-get install chromium, or set %s): the HTML was not opened in a browser", EnvBrowser)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	page, err := Load(ctx, browser, file, probe)
	if err != nil {
		t.Fatalf("%s: %v", browser, err)
	}
	for _, e := range page.Errors {
		t.Errorf("browser reported: %s", e)
	}
	dirs := []string{t.ArtifactDir()}
	if d := os.Getenv(EnvArtifacts); d != "" {
		dirs = append(dirs, d)
	}
	for _, d := range dirs {
		path := filepath.Join(d, name+".png")
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, page.Screenshot, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("screenshot: %s", path)
	}
	return page
}

// CheckPage writes a page with write into a temporary file, checks it as
// Check does, and decodes the probe's result into out.
func CheckPage(t *testing.T, name string, write func(io.Writer) error, probe string, out any) *Page {
	t.Helper()
	file := filepath.Join(t.TempDir(), name+".html")
	f, err := os.Create(file)
	if err != nil {
		t.Fatal(err)
	}
	err = write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatalf("writing %s: %v", file, err)
	}
	page := Check(t, file, name, probe)
	if err := json.Unmarshal(page.Probe, out); err != nil {
		t.Fatalf("probe: %v (%s)", err, page.Probe)
	}
	return page
}
