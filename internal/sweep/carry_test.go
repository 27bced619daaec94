package sweep

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/internal/sweep/db"
	"github.com/vtbound/vtbound/rt/settings"
)

// TestSplitDPORItems: with -split-dpor and -shard i/3, every shard runs
// its part i/3 of each test's dpor search (resuming that part's
// frontier), while the other strategies' tests × seeds are split as
// before: together the shards hold each once, and the known bugs are
// replayed by exactly one item.
func TestSplitDPORItems(t *testing.T) {
	p := &pkg{Path: "p"}
	learned := &db.Test{Coverage: []byte("cov"), Frontiers: map[string][]byte{"0/3": []byte("f0"), "2/3": []byte("f2")}}
	known := []db.Bug{{Signature: "s"}}
	held := map[string]int{}
	replays := 0
	for i := range 3 {
		s := &sweeper{cfg: &Config{Strategies: []string{"random", "dpor"}, SplitDPOR: true, Shard: Shard{i, 3}, Seeds: 2, Seed: 1, Coverage: true}}
		var parts int
		for _, it := range s.testItems(p, "TestX", learned, known, map[string]bool{}) {
			replays += len(it.known)
			if string(it.coverage) != "cov" {
				t.Errorf("shard %d: item %s carries coverage %q", i, it.key(), it.coverage)
			}
			if it.part.Count == 0 {
				held[it.key()]++
				if !slices.Equal(it.strategies, []string{"random"}) || it.frontier != nil {
					t.Errorf("shard %d: item %s: strategies %v, frontier %q", i, it.key(), it.strategies, it.frontier)
				}
				continue
			}
			parts++
			if it.part != (Shard{i, 3}) || !it.resume || string(it.frontier) != string(learned.Frontiers[it.partName()]) {
				t.Errorf("shard %d: part item %+v", i, it)
			}
		}
		if parts != 1 {
			t.Errorf("shard %d: %d dpor parts of TestX, want 1", i, parts)
		}
	}
	if len(held) != 2 || held["p TestX 1"] != 1 || held["p TestX 2"] != 1 || replays != 1 {
		t.Errorf("tests × seeds held %v, known bugs replayed %d times; want each seed once, one replay", held, replays)
	}
	s := &sweeper{cfg: &Config{Strategies: []string{"random", "dpor"}, Shard: Shard{0, 1}, Seed: 1}}
	items := s.testItems(p, "TestX", learned, nil, map[string]bool{})
	if len(items) != 1 || items[0].part.Count != 0 || len(items[0].strategies) != 2 || string(items[0].frontier) != "" || items[0].coverage != nil {
		t.Errorf("unsplit, without -coverage: %+v", items)
	}
}

// TestCarryFiles: the batch writes each item's carried coverage and
// frontier under rt's file names, and passes the directories, with the
// dpor part, to the dpor process only where they apply.
func TestCarryFiles(t *testing.T) {
	if got := settings.CarryFile("TestA/sub x", ".cov"); got != "TestA%2Fsub%20x.cov" {
		t.Errorf("CarryFile: %q", got)
	}
	p := &pkg{Path: "p"}
	b := batch{
		{pkg: p, test: "TestA", strategies: []string{"dpor"}, part: Shard{1, 2}, resume: true, frontier: []byte("fA"), coverage: []byte("cA")},
		{pkg: p, test: "TestB", strategies: []string{"dpor"}, part: Shard{1, 2}, resume: true},
	}
	cov, dpor, err := b.carryDirs(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for file, want := range map[string]string{filepath.Join(cov, "TestA.cov"): "cA", filepath.Join(dpor, "TestA.dpor"): "fA"} {
		if data, err := os.ReadFile(file); err != nil || string(data) != want {
			t.Errorf("%s: %q, %v; want %q", file, data, err, want)
		}
	}
	if f, err := readFrontier(dpor, b[1]); f != nil || err != nil {
		t.Errorf("TestB has no frontier: read %q, %v", f, err)
	}
	env := strings.Join(b.carryEnv("dpor", cov, dpor), " ")
	for _, want := range []string{"VTBOUND_COVERAGE_FROM=" + cov, "VTBOUND_DPOR_STATE=" + dpor, "VTBOUND_SHARD=1/2"} {
		if !strings.Contains(env, want) {
			t.Errorf("dpor env %q lacks %s", env, want)
		}
	}
	if env := strings.Join(b.carryEnv("random", cov, dpor), " "); strings.Contains(env, "DPOR_STATE") || strings.Contains(env, "SHARD") {
		t.Errorf("random env %q", env)
	}
}
