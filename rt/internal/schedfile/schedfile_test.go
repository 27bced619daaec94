package schedfile

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func sample() *Schedule {
	a := Pos{Package: "example.com/p", File: "p.go", Line: 14, Col: 3, Var: "c.n"}
	b := Pos{Package: "example.com/p", File: "my file.go", Line: 9, Col: 1, Var: "m[k] of T", Nth: 2}
	return &Schedule{
		Version: 2, Test: "TestX/sub", Package: "example.com/p", Dir: "/src/p", Run: "^TestX$/^sub$", Oracle: "data race",
		Sentence: "G1 read c.n at p.go:14, G2 wrote it.", Strategy: "pct d=3", Seed: -4, Execution: 17,
		CVT: "1,1,2", Track: []string{"p.a", "p.T.f"}, Quiet: true, Steps: []Window{{"example.com/p p.go:30:2", 1, 0}, {"example.com/p my file.go:9:1#2", 40, 240}}, Windows: []Window{{"p.T.f", 7, 99}}, Hash: 0xdeadbeef01, Decisions: []int{2, 1, 0, 2},
		Goroutines: []Goroutine{{1, 0}, {2, 1}},
		Trace: []Step{
			{G: 1, KindName: "start"},
			{G: 2, KindName: "write", Pos: a, Preempt: true},
			{G: 1, KindName: "read", Pos: a},
			{G: 1, KindName: "wg-add", Pos: b},
		},
		Conflicts: []int{2, 3}, Essential: []int{2, 3, 4}, Loops: []string{"example.com/p p.go:40:3", "example.com/p my file.go:9:1#2"}, WallPhase: true,
		Extra:    [][2]string{{"input", "AAEC"}},
		Comments: []string{"step 1 G1 start"},
	}
}

func TestRoundTrip(t *testing.T) {
	s := sample()
	data := s.Marshal()
	if !strings.HasPrefix(string(data), Header+"\n") {
		t.Fatalf("header: %q", data)
	}
	got, err := Parse(data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	got.Comments = s.Comments
	if !reflect.DeepEqual(got, s) {
		t.Fatalf("round trip:\n got %+v\nwant %+v\n%s", got, s, data)
	}
	if !strings.Contains(string(data), `"my file.go:9:1#2"`) {
		t.Errorf("second site at a position not marked #2:\n%s", data)
	}
	if n := strings.Count(string(data), "\nsite: "); n != 2 {
		t.Errorf("%d site lines, want 2 (each position once):\n%s", n, data)
	}
}

// TestVersion1Loads reads a file written by the previous version: numeric
// kinds and sites, no names.
func TestVersion1Loads(t *testing.T) {
	v1 := "vtbound schedule v1\n# comment\ntest: TestA\noracle: deadlock\nstrategy: random\nseed: 3\nexecution: 2\n" +
		"track: all\nhash: 00000000000000ff\ndecisions: 1 2\ntrace: 1.1.0 *2.3.15\n"
	s, err := Parse([]byte(v1))
	if err != nil {
		t.Fatal(err)
	}
	want := []Step{{G: 1, Kind: 1}, {G: 2, Kind: 3, Site: 15, Preempt: true}}
	if s.Version != 1 || s.Test != "TestA" || s.Hash != 0xff || !reflect.DeepEqual(s.Trace, want) {
		t.Fatalf("v1 parsed as %+v", s)
	}
}

func TestEmptyDecisionsAndTrace(t *testing.T) {
	s := &Schedule{Test: "T", Oracle: "deadlock"}
	got, err := Parse(s.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Decisions) != 0 || len(got.Trace) != 0 {
		t.Fatalf("got %+v", got)
	}
}

func TestMalformed(t *testing.T) {
	good := string(sample().Marshal())
	for name, data := range map[string]string{
		"empty":         "",
		"not ours":      "hello\n",
		"future":        strings.Replace(good, "v2", "v9", 1),
		"missing hash":  strings.Replace(good, "hash:", "hush:", 1),
		"bad decision":  strings.Replace(good, "decisions: 2", "decisions: x", 1),
		"bad step":      strings.Replace(good, "2.write.1", "2.write", 1),
		"unknown site":  strings.Replace(good, "2.write.1", "2.write.7", 1),
		"bad site":      strings.Replace(good, "p.go:14:3", "p.go:x:3", 1),
		"bad goroutine": strings.Replace(good, "goroutine: 2 1", "goroutine: 2", 1),
		"bad conflict":  strings.Replace(good, "conflict: 2", "conflict: -2", 1),
		"no colon":      good + "garbage\n",
	} {
		if _, err := Parse([]byte(data)); err == nil {
			t.Errorf("%s: parsed without error", name)
		}
	}
}

func TestWriteListReadNamesFile(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "TestX")
	p1, err := Write(dir, sample())
	if err != nil {
		t.Fatal(err)
	}
	p2, _ := Write(dir, sample())
	if p1 != p2 {
		t.Fatalf("same schedule saved twice under different names: %s %s", p1, p2)
	}
	bad := filepath.Join(dir, "broken")
	os.WriteFile(bad, []byte("vtbound schedule v0\n"), 0o644)
	files, err := List(dir)
	if err != nil || len(files) != 2 {
		t.Fatalf("List = %v, %v", files, err)
	}
	if _, err := ReadFile(bad); err == nil || !strings.Contains(err.Error(), bad) {
		t.Fatalf("ReadFile error %v does not name the file", err)
	}
	if files, err := List(filepath.Join(dir, "missing")); err != nil || files != nil {
		t.Fatalf("missing dir: %v %v", files, err)
	}
}
