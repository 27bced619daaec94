package schedfile

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func sample() *Schedule {
	return &Schedule{
		Test: "TestX/sub", Oracle: "data race", Strategy: "pct d=3", Seed: -4, Execution: 17,
		CVT: "1,1,2", Track: []string{"p.a", "p.T.f"}, Hash: 0xdeadbeef01, Decisions: []int{2, 1, 0, 2},
		Trace:    []Step{{1, 1, 0, false}, {2, 3, 15, true}, {1, 2, 14, false}},
		Comments: []string{"step 1 G1 start"},
	}
}

func TestRoundTrip(t *testing.T) {
	s := sample()
	got, err := Parse(s.Marshal())
	if err != nil {
		t.Fatal(err)
	}
	got.Comments = s.Comments
	if !reflect.DeepEqual(got, s) {
		t.Fatalf("round trip:\n got %+v\nwant %+v", got, s)
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
		"empty":        "",
		"not ours":     "hello\n",
		"future":       strings.Replace(good, "v1", "v9", 1),
		"missing hash": strings.Replace(good, "hash:", "hush:", 1),
		"bad decision": strings.Replace(good, "decisions: 2", "decisions: x", 1),
		"bad step":     strings.Replace(good, "2.3.15", "2.3", 1),
		"no colon":     good + "garbage\n",
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
