package engine

import (
	"testing"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// TestSiteNames: sites of one package at one position are told apart by
// "#n", and re-registering a package gives new IDs with the same names
// and hashes.
func TestSiteNames(t *testing.T) {
	table := "a.go\t3\t5\tKRead\texample.com/h.x\tx\na.go\t3\t5\tKWrite\texample.com/h.x\tx\na.go\t4\t1\tKSync\t\t\n"
	b1 := RegisterTable("example.com/h", table, make([]Guard, 1))
	b2 := RegisterTable("example.com/h", table, make([]Guard, 1))
	want := []string{"example.com/h a.go:3:5", "example.com/h a.go:3:5#2", "example.com/h a.go:4:1"}
	for i, w := range want {
		id1, id2 := b1+int32(i), b2+int32(i)
		if SiteName(id1) != w || SiteName(id2) != w || siteHash(id1) != siteHash(id2) {
			t.Errorf("site %d: names %q %q, hashes %x %x; want %q and equal hashes", i, SiteName(id1), SiteName(id2), siteHash(id1), siteHash(id2), w)
		}
		if SiteIDs()[w] != id2 {
			t.Errorf("SiteIDs()[%q] = %d, want the latest registration %d", w, SiteIDs()[w], id2)
		}
	}
	if siteHash(b1) == siteHash(b1+1) || kindHash(sched.OpRead) == kindHash(sched.OpWrite) {
		t.Error("different sites or kinds hash alike")
	}
	if SiteName(0) != "" || siteHash(0) != 0 || SitePackage(b1) != "example.com/h" {
		t.Error("site 0 or the package of a site")
	}
}

// hashStepBytes is the former step hash over numeric IDs, byte by byte,
// kept to compare the cost of hashing by name.
func hashStepBytes(h uint64, g int, op sched.Op) uint64 {
	for _, v := range [...]uint64{uint64(g), uint64(op.Kind), uint64(uint32(op.Site)), uint64(uint32(op.Obj))} {
		for i := 0; i < 4; i++ {
			h ^= v & 0xff
			h *= fnvPrime
			v >>= 8
		}
	}
	return h
}

// BenchmarkHashStep compares the step hash by names (sites and kinds
// looked up) with the former one over numeric IDs.
func BenchmarkHashStep(b *testing.B) {
	base := RegisterTable("example.com/hb", "a.go\t3\t5\tKRead\texample.com/hb.x\tx\n", make([]Guard, 1))
	op := sched.Op{Kind: sched.OpRead, Site: base, Obj: 3}
	for _, c := range []struct {
		name string
		f    func(uint64, int, sched.Op) uint64
	}{{"names", hashStep}, {"numeric-ids", hashStepBytes}} {
		b.Run(c.name, func(b *testing.B) {
			h := uint64(fnvOffset)
			for b.Loop() {
				h = c.f(h, 2, op)
			}
			sink = h
		})
	}
}

var sink uint64
