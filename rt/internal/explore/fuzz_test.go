package explore

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/rt/internal/config"
	"github.com/vtbound/vtbound/rt/internal/schedfile"
)

// TestMarshalCorpus checks the corpus encoding against the lines go test
// -fuzz writes for each fuzzing type (internal/fuzz marshalCorpusFile).
func TestMarshalCorpus(t *testing.T) {
	tests := []struct {
		v    any
		want string
	}{
		{int(-3), "int(-3)"}, {int8(4), "int8(4)"}, {int16(5), "int16(5)"}, {int64(6), "int64(6)"},
		{uint(7), "uint(7)"}, {uint16(8), "uint16(8)"}, {uint32(9), "uint32(9)"}, {uint64(10), "uint64(10)"},
		{true, "bool(true)"}, {float32(1.5), "float32(1.5)"}, {float64(-0.25), "float64(-0.25)"},
		{math.Inf(1), "float64(+Inf)"}, {math.NaN(), "float64(NaN)"},
		{math.Float64frombits(0x7ff8000000000002), "math.Float64frombits(0x7ff8000000000002)"},
		{"a\"b\n", `string("a\"b\n")`}, {[]byte{0, 'x'}, `[]byte("\x00x")`},
		{'é', `rune('é')`}, {int32(-1), "int32(-1)"}, {byte('a'), `byte('a')`},
	}
	for _, tc := range tests {
		if got := corpusLiteral(tc.v); got != tc.want {
			t.Errorf("%T %v: got %s, want %s", tc.v, tc.v, got, tc.want)
		}
	}
	got := string(marshalCorpus([]any{int64(500), int64(1)}))
	if want := "go test fuzz v1\nint64(500)\nint64(1)\n"; got != want {
		t.Errorf("marshalCorpus = %q, want %q", got, want)
	}
}

// TestFuzzInputNames checks that an input is named by its encoding, not
// by the name go test gave the call.
func TestFuzzInputNames(t *testing.T) {
	a := newFuzzInput("FuzzX", []any{"abc", 3})
	b := newFuzzInput("FuzzX", []any{"abc", 3})
	c := newFuzzInput("FuzzX", []any{"abc", 4})
	if a.name != b.name || a.name == c.name {
		t.Errorf("names %s %s %s: equal inputs must share a name, different ones not", a.name, b.name, c.name)
	}
	hash := strings.TrimPrefix(a.name, "FuzzX/")
	if len(hash) != 16 || strings.Trim(hash, "0123456789abcdef") != "" {
		t.Errorf("name %s: want FuzzX/<16 hex digits>", a.name)
	}
	if a.file != "testdata/fuzz/FuzzX/"+hash {
		t.Errorf("corpus file %s, want testdata/fuzz/FuzzX/%s", a.file, hash)
	}
}

// TestFuzzScheduleKeys saves a fuzz input's schedule as a fuzzing worker
// and as a plain run, and reads both back: the input key names the corpus
// file, only the worker's is unclassified, and both parse.
func TestFuzzScheduleKeys(t *testing.T) {
	for _, worker := range []bool{true, false} {
		in := newFuzzInput("FuzzX", []any{[]byte("hi")})
		in.worker = worker
		d := &driver{t: t, s: config.Settings{Dir: t.TempDir()}, in: in}
		sf := &schedfile.Schedule{Test: d.name(), Oracle: "test failure", Decisions: []int{1, 2}}
		path, err := d.writeSchedule(sf)
		if err != nil {
			t.Fatal(err)
		}
		if filepath.Dir(path) != filepath.Join(d.s.Dir, "FuzzX", strings.TrimPrefix(in.name, "FuzzX/")) {
			t.Errorf("saved at %s, want under the input's name %s", path, in.name)
		}
		data, _ := os.ReadFile(path)
		if !strings.Contains(string(data), "\ninput: "+in.file+"\n") {
			t.Errorf("no input key in\n%s", data)
		}
		if got := unclassified(path); got != worker {
			t.Errorf("worker=%v: unclassified = %v", worker, got)
		}
		back, err := schedfile.ReadFile(path)
		if err != nil || back.Test != in.name {
			t.Errorf("read back: %v, test %q", err, back.Test)
		}
	}
}

// TestFuzzBudget checks that an input runs with VTBOUND_FUZZ_BUDGET.
func TestFuzzBudget(t *testing.T) {
	s, err := config.Parse(func(k string) string {
		return map[string]string{"VTBOUND_BUDGET": "500", "VTBOUND_FUZZ_BUDGET": "7,3s"}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	if f := s.ForInput(true); f.Execs != 7 || f.Time.Seconds() != 3 {
		t.Errorf("fuzz input budget %d,%v; want 7,3s", f.Execs, f.Time)
	}
	if p := s.ForInput(false); p.Execs != 500 || p.Time != 0 {
		t.Errorf("test budget %d,%v; want 500,0", p.Execs, p.Time)
	}
	if _, err := config.Parse(func(k string) string {
		return map[string]string{"VTBOUND_FUZZ_BUDGET": "lots"}[k]
	}); err == nil || !strings.Contains(err.Error(), "VTBOUND_FUZZ_BUDGET") {
		t.Errorf("a bad VTBOUND_FUZZ_BUDGET: error %v, want one naming it", err)
	}
}
