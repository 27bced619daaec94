package coverage

import "github.com/vtbound/vtbound/rt/internal/sched"

// Seeding: coverage carried across runs (VTBOUND_COVERAGE_FROM, vtbound
// sweep). A coverage file names sites by file:line; Seed maps them back to
// the sites of the running build, so a HaPSet entry or an SP requirement
// learned by an earlier run is not new in this one.

// Sites maps a site's name as a coverage file writes it (file:line) to
// the sites of the running build with that name; none when the statement
// is not in this build.
type Sites func(name string) []int32

// Seed adds to s the coverage of f, written by an earlier run of the same
// test: its HaPSet entries, its estimated SP requirements and the pairs it
// covered. An entry naming a site this build lacks is dropped; a name that
// several sites share stands for each of them. A calling context is kept
// as written: it hashes the earlier build's code addresses, so in another
// build it matches nothing and the entry guides nothing (harmless).
// Executions and Growth are left alone: they count this run's executions.
// It returns the number of HaPSet entries and SP pairs added.
func (s *State) Seed(f *File, sites Sites) int {
	n := 0
	for _, p := range f.HaPSet {
		for _, of := range stmts(p.Of, sites) {
			for _, pred := range stmts(p.Pred, sites) {
				if s.H.Add(of, pred) {
					n++
				}
			}
		}
	}
	var est []Req
	for _, r := range f.SP {
		for _, a := range sites(r.First) {
			for _, b := range sites(r.Then) {
				req := Req{a, b}
				if r.State != "unestimated" {
					est = append(est, req)
				}
				if r.State != "uncovered" && !s.Covered[req] {
					s.Covered[req] = true
					n++
				}
			}
		}
	}
	s.AddEstimate(est)
	return n
}

// stmts returns the statements of this build that a file statement
// names.
func stmts(st FileStmt, sites Sites) []Stmt {
	k, ok := kindNamed(st.Kind)
	if !ok {
		return nil
	}
	var out []Stmt
	for _, id := range sites(st.Site) {
		out = append(out, Stmt{Site: id, Kind: k, Ctx: st.Ctx, Remote: st.Remote})
	}
	return out
}

// kindNamed returns the operation kind called name.
func kindNamed(name string) (sched.OpKind, bool) {
	for k := sched.OpKind(0); k.String() != "op?"; k++ {
		if k.String() == name {
			return k, true
		}
	}
	return 0, false
}

// AddEstimate adds reqs to the estimated SP requirements (a union: the
// requirements estimated by an earlier run stay).
func (s *State) AddEstimate(reqs []Req) {
	set := make(map[Req]bool, len(s.Estimated)+len(reqs))
	for _, r := range s.Estimated {
		set[r] = true
	}
	for _, r := range reqs {
		set[r] = true
	}
	s.SetEstimate(sortedReqs(set))
}
