//go:build e2e

package main

import (
	"encoding/json"
	"sort"
	"strings"
	"testing"
)

// TestVetGate runs the real go vet -vettool with the built vtbound on
// testdata/e2e/vetgate: the correct package (one lock, Wait, a go
// statement, a channel, Once) passes with exit 0 and no output, the racy
// one fails with exit 1 and the race; vtbound report (the path of the
// language server and SARIF) finds the same diagnostics as vet.
func TestVetGate(t *testing.T) {
	dir := module(t, "vetgate")
	env := []string{"GOWORK=off", "GOFLAGS="}
	ok := goCmd(t, dir, env, "vet", "-vettool="+vtbin(t), "./ok/...")
	if ok.code != 0 || strings.TrimSpace(ok.output()) != "" {
		t.Errorf("go vet -vettool on correct code: exit %d, want 0 and no output:\n%s", ok.code, ok.output())
	}
	racy := goCmd(t, dir, env, "vet", "-vettool="+vtbin(t), "./racy/...")
	if racy.code != 1 || !strings.Contains(racy.stderr, "racy/racy.go:16:4: data race on variable example.com/vetgate/racy.hits") {
		t.Errorf("go vet -vettool on a race: exit %d, want 1 and the race:\n%s", racy.code, racy.output())
	}
	inv := goCmd(t, dir, env, "vet", "-vettool="+vtbin(t), "-sharedvar.inventory", "./ok/...")
	if inv.code != 1 || !strings.Contains(inv.stderr, "is shared between goroutines") {
		t.Errorf("go vet -sharedvar.inventory: exit %d, want 1 and the inventory:\n%s", inv.code, inv.output())
	}
	vet := goCmd(t, dir, env, "vet", "-vettool="+vtbin(t), "-json", "./...")
	rep := command(t, dir, env, "", vtbin(t), "report", "-format=json", "./...")
	if rep.code != 0 {
		t.Fatalf("vtbound report: %+v", rep)
	}
	if v, r := positions(t, vet.output()), positions(t, rep.stdout); strings.Join(v, "\n") != strings.Join(r, "\n") || len(v) == 0 {
		t.Errorf("go vet and vtbound report disagree:\nvet:    %v\nreport: %v", v, r)
	}
}

// positions returns the sorted, distinct "analyzer posn" of the
// diagnostics in go vet -json or vtbound report -format=json output.
func positions(t *testing.T, out string) []string {
	t.Helper()
	var body strings.Builder
	for _, line := range strings.Split(out, "\n") {
		if !strings.HasPrefix(line, "#") {
			body.WriteString(line + "\n")
		}
	}
	seen := map[string]bool{}
	dec := json.NewDecoder(strings.NewReader(body.String()))
	for dec.More() {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err != nil {
			t.Fatalf("decode %v:\n%s", err, out)
		}
		for _, byAnalyzer := range tree {
			for a, raw := range byAnalyzer {
				var ds []struct{ Posn string }
				if json.Unmarshal(raw, &ds) == nil {
					for _, d := range ds {
						seen[a+" "+d.Posn] = true
					}
				}
			}
		}
	}
	var keys []string
	for k := range seen {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
