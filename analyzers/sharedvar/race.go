package sharedvar

// This file decides which accesses of a group need a lock at all: those
// that may run concurrently with a conflicting access (one of the two
// writes) without synchronisation ordering them.

// mayOverlap reports whether the functions of a and b may run on two
// goroutines at once: two different entry points reach them, or one that
// may run concurrently with itself. Package initialisation runs alone.
func mayOverlap(a, b access) bool {
	for _, ea := range a.entries {
		for _, eb := range b.entries {
			if !ea.seq && !eb.seq && (ea != eb || ea.multi) {
				return true
			}
		}
	}
	return false
}

// exposed reports whether accs[i] may race with another access of accs
// that no lock in common protects (locked) or, when locked is false,
// ignoring locks.
func (st *analysisState) exposed(accs []access, i int, locked bool) bool {
	a := accs[i]
	for _, b := range accs {
		if !a.site.Write && !b.site.Write || !mayOverlap(a, b) {
			continue
		}
		if locked && len(a.locks.Intersect(b.locks)) > 0 {
			continue
		}
		if !st.order.Ordered(a.site.Instr, b.site.Instr) {
			return true
		}
	}
	return false
}

// handedOver counts the accesses ordered by synchronisation with every
// conflicting access that may run concurrently with them.
func (st *analysisState) handedOver(accs []access) int {
	n := 0
	for i := range accs {
		if !st.exposed(accs, i, false) {
			n++
		}
	}
	return n
}

// orderedUnprotected counts the accesses that do not hold the common lock
// but need none: no conflicting concurrent access escapes both their
// locks and synchronisation order.
func (st *analysisState) orderedUnprotected(accs []access, common string) int {
	n := 0
	for i, a := range accs {
		if (common == "" || !a.locks[common]) && !st.exposed(accs, i, true) {
			n++
		}
	}
	return n
}
