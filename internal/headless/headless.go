// Package headless opens a page in a real headless Chromium, driven over
// the DevTools protocol on a pipe (--remote-debugging-pipe: messages are
// NUL-terminated JSON on file descriptors 3 and 4, so no WebSocket client
// is needed). It collects console errors, uncaught exceptions and
// error-level log entries (a resource that failed to load, for example),
// evaluates a probe expression in the page and takes a full-page
// screenshot. Tests of vtbound's HTML output use it.
package headless

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
)

// EnvBrowser names a browser executable to use instead of searching PATH.
const EnvBrowser = "VTBOUND_CHROMIUM"

// Find returns the path of a Chromium-family browser: $VTBOUND_CHROMIUM,
// else the first of chromium, chromium-browser, google-chrome,
// google-chrome-stable and headless_shell on PATH; "" when there is none.
func Find() string {
	if p := os.Getenv(EnvBrowser); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "headless_shell"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// Page is what loading a page produced.
type Page struct {
	Errors     []string        // console errors, uncaught exceptions, error-level log entries
	Probe      json.RawMessage // the probe expression's value, as JSON
	Screenshot []byte          // PNG of the whole page
}

// Load opens the HTML file in browser (headless), waits for the load
// event, evaluates probe (a JavaScript expression whose value is
// returned as JSON; "" for none) and takes a screenshot of the whole page.
// The browser is killed when ctx ends.
func Load(ctx context.Context, browser, file, probe string) (*Page, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, err
	}
	c, err := start(ctx, browser)
	if err != nil {
		return nil, err
	}
	defer c.close()
	session, err := c.open(ctx)
	if err != nil {
		return nil, err
	}
	page := &Page{}
	u := (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
	if err := c.navigate(ctx, session, u); err != nil {
		return nil, err
	}
	if probe != "" {
		if page.Probe, err = c.evaluate(ctx, session, probe); err != nil {
			return nil, err
		}
	}
	if page.Screenshot, err = c.screenshot(ctx, session); err != nil {
		return nil, err
	}
	page.Errors = c.errors()
	return page, nil
}

// open creates a blank target, attaches to it and enables the domains
// whose events report errors. It returns the session ID.
func (c *conn) open(ctx context.Context) (string, error) {
	var target struct{ TargetID string }
	if err := c.call(ctx, "", "Target.createTarget", map[string]any{"url": "about:blank"}, &target); err != nil {
		return "", err
	}
	var attached struct{ SessionID string }
	if err := c.call(ctx, "", "Target.attachToTarget", map[string]any{"targetId": target.TargetID, "flatten": true}, &attached); err != nil {
		return "", err
	}
	s := attached.SessionID
	for _, m := range []string{"Runtime.enable", "Log.enable", "Page.enable"} {
		if err := c.call(ctx, s, m, nil, nil); err != nil {
			return "", err
		}
	}
	metrics := map[string]any{"width": 1400, "height": 900, "deviceScaleFactor": 1, "mobile": false}
	return s, c.call(ctx, s, "Emulation.setDeviceMetricsOverride", metrics, nil)
}

// navigate loads u and waits for its load event.
func (c *conn) navigate(ctx context.Context, session, u string) error {
	loaded := c.waitFor(session, "Page.loadEventFired")
	var nav struct{ ErrorText string }
	if err := c.call(ctx, session, "Page.navigate", map[string]any{"url": u}, &nav); err != nil {
		return err
	}
	if nav.ErrorText != "" {
		return fmt.Errorf("navigate to %s: %s", u, nav.ErrorText)
	}
	select {
	case <-loaded:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("waiting for %s to load: %w", u, ctx.Err())
	}
}

// evaluate returns the value of a JavaScript expression, as JSON.
func (c *conn) evaluate(ctx context.Context, session, expr string) (json.RawMessage, error) {
	var res struct {
		Result struct {
			Value json.RawMessage
		}
		ExceptionDetails *struct{ Text string }
	}
	if err := c.call(ctx, session, "Runtime.evaluate", map[string]any{"expression": expr, "returnByValue": true}, &res); err != nil {
		return nil, err
	}
	if res.ExceptionDetails != nil {
		return nil, fmt.Errorf("probe %q threw: %s", expr, res.ExceptionDetails.Text)
	}
	return res.Result.Value, nil
}

// screenshot captures the whole page (at most 16384 CSS pixels high).
func (c *conn) screenshot(ctx context.Context, session string) ([]byte, error) {
	var m struct {
		CSSContentSize struct{ Width, Height float64 }
	}
	if err := c.call(ctx, session, "Page.getLayoutMetrics", nil, &m); err != nil {
		return nil, err
	}
	clip := map[string]any{"x": 0, "y": 0, "width": max(m.CSSContentSize.Width, 1), "height": min(max(m.CSSContentSize.Height, 1), 16384), "scale": 1}
	var shot struct{ Data string }
	params := map[string]any{"format": "png", "captureBeyondViewport": true, "clip": clip}
	if err := c.call(ctx, session, "Page.captureScreenshot", params, &shot); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(shot.Data)
}
