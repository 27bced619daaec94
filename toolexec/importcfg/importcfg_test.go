package importcfg

import (
	"path/filepath"
	"strings"
	"testing"
)

// rtPath is a package path the tests add.
const rtPath = "github.com/vtbound/vtbound/rt"

func TestImportCfg(t *testing.T) {
	text := "# import config\npackagefile fmt=/c/fmt.a\nimportmap example.com/d=example.com/m/vendor/example.com/d\npackagefile sync=/c/sync.a\nmodinfo \"x\"\n"
	cfg := Parse(text)
	if cfg.Files["fmt"] != "/c/fmt.a" || cfg.Resolve("example.com/d") != "example.com/m/vendor/example.com/d" || cfg.Resolve("fmt") != "fmt" {
		t.Fatalf("parsed %+v", cfg)
	}
	n := cfg.AddMissing([]string{"sync", "testing", rtPath, "absent"}, map[string]string{"sync": "/other/sync.a", "testing": "/r/testing.a", rtPath: "/r/rt.a"})
	if n != 2 || cfg.Files["sync"] != "/c/sync.a" {
		t.Errorf("AddMissing added %d, sync=%q; want 2 and the build's own sync kept", n, cfg.Files["sync"])
	}
	out := cfg.String()
	if !strings.HasPrefix(out, strings.TrimSuffix(text, "\n")) || !strings.HasSuffix(out, "packagefile testing=/r/testing.a\npackagefile "+rtPath+"=/r/rt.a\n") {
		t.Errorf("rendered:\n%s", out)
	}
	path := filepath.Join(t.TempDir(), "importcfg")
	if err := cfg.Write(path); err != nil {
		t.Fatal(err)
	}
	back, err := Read(path)
	if err != nil || len(back.Files) != 4 {
		t.Errorf("re-read: %v, %d files", err, len(back.Files))
	}
}
