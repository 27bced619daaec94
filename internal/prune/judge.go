package prune

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/vtbound/vtbound/internal/replay"
)

// judgement is what replaying one saved schedule says about it.
type judgement struct {
	remove bool
	why    string
	err    error // the file could not be replayed: keep it
}

// record is the part of a test's VTBOUND_JSON result record prune reads.
type record struct {
	Test    string `json:"test"`
	Verdict string `json:"verdict"`
	Replay  string `json:"replay"`
	Report  *struct {
		Kind    string `json:"kind"`
		Oracle  string `json:"oracle"`
		Message string `json:"message"`
	} `json:"report"`
	Bug *struct {
		Schedule string `json:"schedule"`
	} `json:"bug"`
}

// replayOne replays file with go test and judges it from the record.
func replayOne(file string) judgement {
	cmd, err := replay.Command(file)
	if err != nil {
		return judgement{err: err}
	}
	tmp, err := os.MkdirTemp("", "vtbound-prune-")
	if err != nil {
		return judgement{err: err}
	}
	defer os.RemoveAll(tmp)
	results := filepath.Join(tmp, "results.jsonl")
	cmd.Env = append(cmd.Env, "VTBOUND_JSON="+results)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	runErr := cmd.Run()
	var ee *exec.ExitError
	if runErr != nil && !errors.As(runErr, &ee) {
		return judgement{err: runErr}
	}
	recs, err := readRecords(results)
	if err != nil {
		return judgement{err: err}
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return judgement{err: err}
	}
	return judge(abs, recs, runErr == nil, out.String())
}

// judge decides from the records of a replay of the schedule at abs, and
// whether go test succeeded (its output otherwise), what to do with it.
func judge(abs string, recs []record, ok bool, output string) judgement {
	var r *record
	for i := range recs {
		if recs[i].Replay == abs {
			r = &recs[i]
		}
	}
	switch {
	case r == nil && ok:
		return judgement{remove: true, why: "its test no longer exists"}
	case r == nil:
		return judgement{err: fmt.Errorf("go test failed without a result: %s", lastLines(output, 5))}
	case r.Verdict == "pass":
		return judgement{remove: true, why: "fixed: replays exactly and passes"}
	case r.Report != nil && r.Report.Kind == "replay-diverged":
		return judgement{remove: true, why: "no longer applies: the replay diverges (the code changed): " + r.Report.Message}
	case r.Verdict == "bug" && r.Bug != nil:
		return judgement{remove: true, why: "no longer replays exactly; the failure it still leads to is saved as " + relative(r.Bug.Schedule)}
	case r.Report != nil:
		return judgement{why: "still fails (" + r.Report.Oracle + ")"}
	}
	return judgement{why: "still fails"}
}

// readRecords reads a VTBOUND_JSON file; a missing file has no records.
func readRecords(path string) ([]record, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	var recs []record
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 64<<20)
	for sc.Scan() {
		var r record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("result record: %w", err)
		}
		recs = append(recs, r)
	}
	return recs, sc.Err()
}

// lastLines returns the last n non-empty lines of text, joined by " | ".
func lastLines(text string, n int) string {
	var lines []string
	for _, l := range strings.Split(text, "\n") {
		if strings.TrimSpace(l) != "" {
			lines = append(lines, strings.TrimSpace(l))
		}
	}
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " | ")
}
