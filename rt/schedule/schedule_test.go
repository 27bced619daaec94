package schedule

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const v2 = `vtbound schedule v2
test: TestX/sub
package: example.com/p
dir: /src/p
oracle: data race
cvt: 1,1,2
hash: 00000000000000aa
decisions: 2 1
goroutine: 1 0
goroutine: 2 1
site: 1 example.com/p p.go:14:3 c.n
site: 2 example.com/p p.go:14:3#2 c.n
trace: 1.start.0 1.go.0 *2.start.0 2.read.1 2.write.2 1.read.1 1.exit.0
conflict: 4 5 6
essential: 3 4 5 6
input: carried
`

func TestParseV2(t *testing.T) {
	s, err := Parse([]byte(v2))
	if err != nil {
		t.Fatal(err)
	}
	if s.Version != 2 || s.Package != "example.com/p" || len(s.Steps) != 7 || len(s.Goroutines) != 2 || s.Goroutines[1].Parent != 1 {
		t.Fatalf("parsed %+v", s)
	}
	w := s.Steps[4]
	if w.N != 5 || w.Kind != "write" || w.Describe() != "p.go:14 write c.n" || !w.Conflict || !w.Essential || w.Col != 3 {
		t.Errorf("step 5 = %+v (%q)", w, w.Describe())
	}
	if s.CVTWords() != "1 preemption, 1 variable, 2 goroutines ordered" {
		t.Errorf("cvt words %q", s.CVTWords())
	}
	if len(s.Extra) != 1 || s.Extra[0] != [2]string{"input", "carried"} {
		t.Errorf("unknown key not carried: %v", s.Extra)
	}
	got := strings.Join(s.Interleaving(false), "\n")
	want := "      … 2 steps elided\n»    3 G2 start\n     4 G2 p.go:14 read c.n\n     5 G2 p.go:14 write c.n\n     6 G1 p.go:14 read c.n\n      … 1 step elided"
	if got != want {
		t.Errorf("interleaving:\n%s\nwant:\n%s", got, want)
	}
	if n := len(s.Interleaving(true)); n != 7 {
		t.Errorf("full interleaving has %d lines, want 7", n)
	}
}

func TestReplayCommand(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "testdata", "vtbound", "TestX", "sub", "abc")
	os.MkdirAll(filepath.Dir(path), 0o755)
	os.WriteFile(path, []byte(strings.Replace(v2, "dir: /src/p", "dir: "+dir, 1)), 0o644)
	s, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := "cd " + dir + " && VTBOUND_REPLAY=testdata/vtbound/TestX/sub/abc go test -toolexec=vtbound -run='^TestX$/^sub$' -count=1 ."
	if got := s.ReplayCommand(); got != want {
		t.Errorf("replay command\n got %s\nwant %s", got, want)
	}
}

// TestVersion1 reads a file without names: every step shown, kinds by
// number.
func TestVersion1(t *testing.T) {
	s, err := Parse([]byte("vtbound schedule v1\ntest: T\noracle: deadlock\nhash: 01\ndecisions:\ntrace: 1.1.0 *2.3.15\n"))
	if err != nil {
		t.Fatal(err)
	}
	if s.Version != 1 || len(s.Interleaving(false)) != 2 || s.Steps[1].Kind != "kind#3" || s.ReplayCommand() != "" {
		t.Errorf("v1: %+v %q", s, s.Interleaving(false))
	}
}

func TestMalformedNamesFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "broken")
	os.WriteFile(path, []byte(strings.Replace(v2, "2.write.2", "2.write.9", 1)), 0o644)
	if _, err := ReadFile(path); err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "2.write.9") {
		t.Errorf("error %v does not name the file and the bad step", err)
	}
}
