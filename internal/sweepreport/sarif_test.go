package sweepreport

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/internal/sarif"
)

// TestSARIFValid writes the sample's bugs and validates the log against
// the SARIF 2.1.0 properties internal/sarif checks, code flows included.
func TestSARIFValid(t *testing.T) {
	log := sarifOf(t, sample(t))
	for _, p := range sarif.Validate(log) {
		t.Error(p)
	}
}

// TestSARIFCodeFlows: one result per open bug (the fixed one is left
// out), located at the first conflicting access, with one threadFlow per
// goroutine whose locations carry the steps' global order.
func TestSARIFCodeFlows(t *testing.T) {
	in := sample(t)
	run := obj(sarifOf(t, in)["runs"].([]any)[0])
	results := run["results"].([]any)
	if len(results) != 2 {
		t.Fatalf("%d results, want 2 (new and known; not fixed)", len(results))
	}
	first := obj(results[0])
	loc := obj(obj(obj(first["locations"].([]any)[0])["physicalLocation"]))
	if uri := obj(loc["artifactLocation"])["uri"]; uri != "inventory.go" || obj(loc["region"])["startLine"] != 22.0 {
		t.Errorf("bug 1 located at %v, want inventory.go:22 (the first conflicting access)", loc)
	}
	flows := obj(first["codeFlows"].([]any)[0])["threadFlows"].([]any)
	var ids []string
	var order []int
	for _, f := range flows {
		ids = append(ids, obj(f)["id"].(string))
		for _, l := range obj(f)["locations"].([]any) {
			order = append(order, int(obj(l)["executionOrder"].(float64)))
		}
	}
	if strings.Join(ids, " ") != "G1 G2 G3" {
		t.Errorf("threadFlows %v, want one per goroutine G1 G2 G3", ids)
	}
	var want []int
	for _, st := range in.Bugs[0].Interleaving.Steps {
		if st.File != "" {
			want = append(want, st.N)
		}
	}
	sort.Ints(order)
	if fmt.Sprint(order) != fmt.Sprint(want) {
		t.Errorf("execution orders %v, want the shown steps with a site %v", order, want)
	}
	if _, ok := obj(results[1])["codeFlows"]; ok {
		t.Errorf("bug without an interleaving has a code flow")
	}
}

func sarifOf(t *testing.T, in Input) map[string]any {
	t.Helper()
	var b bytes.Buffer
	if err := WriteSARIF(&b, in); err != nil {
		t.Fatal(err)
	}
	var log map[string]any
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, b.String())
	}
	return log
}

func obj(x any) map[string]any {
	m, _ := x.(map[string]any)
	return m
}
