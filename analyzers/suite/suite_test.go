package suite_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/analyzers/suite"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"
)

// vettoolEnv makes the test binary act as the vet tool, as
// go/analysis/unitchecker's own tests do.
const vettoolEnv = "VTBOUND_SUITE_TEST_VETTOOL"

func TestMain(m *testing.M) {
	if os.Getenv(vettoolEnv) == "1" {
		unitchecker.Main(suite.Analyzers...) // does not return
	}
	os.Exit(m.Run())
}

func TestValid(t *testing.T) {
	if err := analysis.Validate(suite.Analyzers); err != nil {
		t.Fatal(err)
	}
}

// goVet runs the real go vet with this test binary as -vettool on the
// testdata module.
func goVet(t *testing.T, args ...string) (stderr string, err error) {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", append([]string{"vet", "-vettool=" + exe}, args...)...)
	cmd.Dir = "testdata/vetmod"
	cmd.Env = append(os.Environ(), vettoolEnv+"=1", "GOWORK=off", "GOFLAGS=", "GOPROXY=off")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Run()
	return out.String(), err
}

// TestVetTool: go vet -vettool reports the race on the counter at its
// access with file:line:col, fails, and says nothing about the clean
// package.
func TestVetTool(t *testing.T) {
	out, err := goVet(t, "./...")
	if err == nil {
		t.Fatalf("go vet succeeded on a racy package; output:\n%s", out)
	}
	want := "racy/racy.go:15:4: data race on variable example.com/vetmod/racy.hits"
	if !strings.Contains(out, want) {
		t.Fatalf("go vet output lacks %q:\n%s", want, out)
	}
	if strings.Contains(out, "clean.go") {
		t.Errorf("go vet reported the goroutine-local package:\n%s", out)
	}
}

// vetJSON is go vet -json's output: package -> analyzer -> diagnostics.
type vetJSON map[string]map[string][]struct {
	Posn    string `json:"posn"`
	Message string `json:"message"`
	Related []struct {
		Posn    string `json:"posn"`
		Message string `json:"message"`
	} `json:"related"`
}

// TestVetToolJSON: with -json, go vet succeeds and prints the diagnostic
// with its related positions as JSON.
func TestVetToolJSON(t *testing.T) {
	out, err := goVet(t, "-json", "./...")
	if err != nil {
		t.Fatalf("go vet -json: %v\n%s", err, out)
	}
	diags := decodeVetJSON(t, out)
	d := diags["example.com/vetmod/racy"]["sharedvar"]
	if len(d) != 1 {
		t.Fatalf("want one sharedvar diagnostic for racy, got %+v\n%s", d, out)
	}
	if !strings.HasSuffix(d[0].Posn, "racy.go:15:4") || len(d[0].Related) == 0 {
		t.Errorf("diagnostic %+v: want position racy.go:15:4 and related accesses", d[0])
	}
	if len(diags["example.com/vetmod/clean"]["sharedvar"]) != 0 {
		t.Errorf("clean package has diagnostics: %+v", diags["example.com/vetmod/clean"])
	}
}

// TestVetToolInventory: -sharedvar.inventory lists the shared variable at
// its declaration beside the race.
func TestVetToolInventory(t *testing.T) {
	out, err := goVet(t, "-sharedvar.inventory", "./...")
	if err == nil || !strings.Contains(out, "racy/racy.go:6:5: variable example.com/vetmod/racy.hits is shared between goroutines") {
		t.Fatalf("go vet -sharedvar.inventory: %v\n%s", err, out)
	}
}

// decodeVetJSON merges the JSON objects go vet -json prints after each
// "# package" line.
func decodeVetJSON(t *testing.T, out string) vetJSON {
	var body strings.Builder
	for _, line := range strings.Split(out, "\n") {
		if !strings.HasPrefix(line, "#") {
			body.WriteString(line + "\n")
		}
	}
	all := vetJSON{}
	dec := json.NewDecoder(strings.NewReader(body.String()))
	for dec.More() {
		var v vetJSON
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("decode go vet -json output: %v\n%s", err, out)
		}
		for k, x := range v {
			all[k] = x
		}
	}
	return all
}

// TestVetToolFlags: analyzer flags pass through go vet; an entry-point
// threshold nothing reaches silences the report.
func TestVetToolFlags(t *testing.T) {
	out, err := goVet(t, "-sharedvar.min-entries=100", "./...")
	if err != nil || strings.Contains(out, "data race") {
		t.Fatalf("go vet -sharedvar.min-entries=100: %v\n%s", err, out)
	}
}
