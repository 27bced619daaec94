package db

import (
	"fmt"
	"maps"
	"slices"
)

// NotePart records what a dpor run of the test did for its shard part
// ("" for the whole search, else "i/n"): complete, or cut by the budget
// with the frontier to resume (nil: none, start afresh). The test is
// complete once its whole search, or every part of one split, is.
func (t *Test) NotePart(part string, complete bool, frontier []byte) {
	if t.Frontiers == nil {
		t.Frontiers = map[string][]byte{}
	}
	delete(t.Frontiers, part)
	if frontier != nil && !complete {
		t.Frontiers[part] = frontier
	}
	if complete && part != "" && !slices.Contains(t.PartsDone, part) {
		t.PartsDone = append(t.PartsDone, part)
		slices.Sort(t.PartsDone)
	}
	t.Complete = t.Complete || (complete && part == "") || allParts(t.PartsDone)
}

// PartDone reports whether the dpor shard part of the test completed.
func (t *Test) PartDone(part string) bool {
	return t.Complete || slices.Contains(t.PartsDone, part)
}

// allParts reports whether parts holds every part i/n of some split n.
func allParts(parts []string) bool {
	for _, p := range parts {
		var i, n int
		if _, err := fmt.Sscanf(p, "%d/%d", &i, &n); err != nil || n < 1 {
			continue
		}
		all := true
		for k := range n {
			all = all && slices.Contains(parts, fmt.Sprintf("%d/%d", k, n))
		}
		if all {
			return true
		}
	}
	return false
}

// joinTests is one test's learned state from two databases' records of
// it: b's (the merged-in copy) for the same fingerprint, with the dpor
// parts and frontiers of both (the shards of one sweep learned different
// parts); b's alone when the fingerprints differ.
func joinTests(a, b Test) Test {
	if a.Fingerprint != b.Fingerprint {
		return b
	}
	fr := maps.Clone(a.Frontiers)
	if fr == nil && len(b.Frontiers) > 0 {
		fr = map[string][]byte{}
	}
	maps.Copy(fr, b.Frontiers)
	b.Frontiers = fr
	for _, p := range a.PartsDone {
		if !slices.Contains(b.PartsDone, p) {
			b.PartsDone = append(b.PartsDone, p)
		}
	}
	slices.Sort(b.PartsDone)
	for _, p := range b.PartsDone {
		delete(b.Frontiers, p)
	}
	b.Complete = b.Complete || a.Complete || allParts(b.PartsDone)
	return b
}
