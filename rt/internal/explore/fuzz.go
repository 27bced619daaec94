package explore

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/vtbound/vtbound/rt/internal/schedfile"
)

// fuzzInput is the input of one call of a fuzz target's function.
//
// Invariant: name is "FuzzX/<hash>", where hash is the first 16 hex digits
// of the SHA-256 of corpus, the name `go test -fuzz` gives the corpus file
// of this input under testdata/fuzz/FuzzX.
type fuzzInput struct {
	corpus []byte // the input in Go's corpus file format
	name   string // the name its schedules are saved under
	file   string // its corpus file, testdata/fuzz/FuzzX/<hash>
	worker bool   // the call runs in a fuzzing worker of go test -fuzz
}

// Schedule file keys added for fuzz inputs (unknown keys are ignored by
// readers that do not know them).
const (
	inputKey      = "input"      // the input's corpus file
	classifiedKey = "classified" // "no": saved by a fuzzing worker, not classified
)

// Fuzz runs body, the function of a fuzz target called with the input
// args, under exploration like Test, with the fuzz budget
// (VTBOUND_FUZZ_BUDGET) instead of VTBOUND_BUDGET. Schedules of a failing
// input are saved under the input's corpus file name, so every later run
// of the same input replays them.
func Fuzz(t *testing.T, body func(t *testing.T), args []any) {
	t.Helper()
	target, _, _ := strings.Cut(t.Name(), "/")
	in := newFuzzInput(target, args)
	in.worker = inFuzzWorker()
	run(t, body, in)
}

// newFuzzInput names the input args of the fuzz target target.
func newFuzzInput(target string, args []any) *fuzzInput {
	corpus := marshalCorpus(args)
	sum := sha256.Sum256(corpus)
	hash := hex.EncodeToString(sum[:])[:16]
	return &fuzzInput{
		corpus: corpus,
		name:   target + "/" + hash,
		file:   filepath.ToSlash(filepath.Join("testdata", "fuzz", target, hash)),
	}
}

// inFuzzWorker reports whether this process is a worker of go test -fuzz,
// where the fuzzing engine gives each call 10 seconds.
func inFuzzWorker() bool {
	f := flag.Lookup("test.fuzzworker")
	return f != nil && f.Value.String() == "true"
}

// marshalCorpus encodes values in Go's corpus file format ("go test fuzz
// v1" and one typed literal per line), exactly as go test -fuzz writes
// them, so that the hash of the encoding is the name go test gives the
// input's file.
func marshalCorpus(vals []any) []byte {
	var b bytes.Buffer
	b.WriteString("go test fuzz v1\n")
	for _, v := range vals {
		b.WriteString(corpusLiteral(v))
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// corpusLiteral is one value of a corpus file.
func corpusLiteral(v any) string {
	switch x := v.(type) {
	case int, int8, int16, int64, uint, uint16, uint32, uint64, bool:
		return fmt.Sprintf("%T(%v)", x, x)
	case float32:
		if math.IsNaN(float64(x)) && math.Float32bits(x) != math.Float32bits(float32(math.NaN())) {
			return fmt.Sprintf("math.Float32frombits(0x%x)", math.Float32bits(x))
		}
		return fmt.Sprintf("%T(%v)", x, x)
	case float64:
		if math.IsNaN(x) && math.Float64bits(x) != math.Float64bits(math.NaN()) {
			return fmt.Sprintf("math.Float64frombits(0x%x)", math.Float64bits(x))
		}
		return fmt.Sprintf("%T(%v)", x, x)
	case string:
		return fmt.Sprintf("string(%q)", x)
	case rune:
		if utf8.ValidRune(x) {
			return fmt.Sprintf("rune(%q)", x)
		}
		return fmt.Sprintf("int32(%v)", x)
	case byte:
		return fmt.Sprintf("byte(%q)", x)
	case []byte:
		return fmt.Sprintf("[]byte(%q)", x)
	}
	return fmt.Sprintf("%T(%v)", v, v) // not a fuzzing type: go test rejects it first
}

// name is the name this driver's schedules are saved and replayed under:
// the test's name, or for a fuzz input the name of its corpus file.
func (d *driver) name() string {
	if d.in != nil {
		return d.in.name
	}
	return d.t.Name()
}

// runName is the name to select the explored test or input with -run: a
// fuzzing worker's input runs, in a plain go test, from the corpus file
// go test -fuzz writes for it.
func (d *driver) runName() string {
	if d.in != nil && d.in.worker {
		return d.in.name
	}
	return d.t.Name()
}

// writeSchedule saves sf in this driver's directory. A fuzz input's
// schedule names the input's corpus file (and says whether the failure
// was classified); the content names the file as schedfile.Write does.
func (d *driver) writeSchedule(sf *schedfile.Schedule) (string, error) {
	if len(sf.Loops) == 0 {
		sf.Loops = d.loops.failingLoops() // loops.go: its replay fails so too
	}
	if d.in == nil {
		return schedfile.Write(d.testDir(), sf)
	}
	c := *sf
	c.Comments = append([]string{"input (" + d.in.file + "): " + strings.ReplaceAll(strings.TrimSpace(string(d.in.corpus)), "\n", " ")}, sf.Comments...)
	data := c.Marshal()
	data = fmt.Appendf(data, "%s: %s\n", inputKey, d.in.file)
	if d.in.worker {
		data = fmt.Appendf(data, "%s: no\n", classifiedKey)
	}
	sum := sha256.Sum256(data)
	dir := d.testDir()
	path := filepath.Join(dir, hex.EncodeToString(sum[:8]))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("save schedule: %w", err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return "", fmt.Errorf("save schedule: %w", err)
	}
	return path, nil
}

// unclassified reports whether the schedule file at path was saved by a
// fuzzing worker without classifying the failure (a plain run classifies
// it when the replay still fails).
func unclassified(path string) bool {
	data, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		key, val, ok := strings.Cut(line, ":")
		if ok && strings.TrimSpace(key) == classifiedKey {
			return strings.TrimSpace(val) == "no"
		}
	}
	return false
}

// childrenAllowed reports whether the failure may be classified and
// minimised in child processes: not in a fuzzing worker, whose engine
// stops a call after 10 seconds and whose input no child could select.
func (d *driver) childrenAllowed() bool {
	return d.in == nil || !d.in.worker
}
