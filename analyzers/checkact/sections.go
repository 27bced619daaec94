package checkact

import (
	"go/token"
	"path/filepath"

	"github.com/vtbound/vtbound/analyzers/internal/locks"
	"github.com/vtbound/vtbound/analyzers/internal/syncorder"
	"golang.org/x/tools/go/ssa"
)

// check is a read of a variable group under a lock, whose value fn holds:
// the loaded value itself, or the result of a call of a function that
// reads under the lock and returns what it read.
type check struct {
	group, lock string
	pos         token.Pos       // the read
	instr       ssa.Instruction // in fn: the read or the call
	value       ssa.Value       // in fn: the value read or returned
}

// act is a write of a variable group under a lock, in fn or in a function
// fn calls (then instr is the call).
type act struct {
	group, lock string
	pos, at     token.Pos       // the write; where to report it
	instr       ssa.Instruction // in fn: the write or the call
	inputs      []ssa.Value     // the value written, or the call's arguments
	callee      bool
}

// checks lists the checks of fn.
func (p *pkg) checks(fn *ssa.Function) []check {
	var out []check
	for _, s := range p.sites[fn] {
		v, isValue := s.Instr.(ssa.Value)
		if s.Write || !isValue {
			continue
		}
		for l := range p.held[fn][s.Instr] {
			out = append(out, check{group: s.Group, lock: l, pos: s.Pos, instr: s.Instr, value: v})
		}
	}
	p.eachCall(fn, func(c *ssa.Call, d *ssa.Function) {
		for _, s := range p.sites[d] {
			v, isValue := s.Instr.(ssa.Value)
			if s.Write || !isValue || !returned(v) {
				continue
			}
			for l := range p.held[d][s.Instr] {
				if !p.held[fn][c][l] {
					out = append(out, check{group: s.Group, lock: l, pos: s.Pos, instr: c, value: c})
				}
			}
		}
	})
	return out
}

// acts lists the acts of fn.
func (p *pkg) acts(fn *ssa.Function) []act {
	var out []act
	for _, s := range p.sites[fn] {
		if !s.Write {
			continue
		}
		for l := range p.held[fn][s.Instr] {
			out = append(out, act{group: s.Group, lock: l, pos: s.Pos, at: s.Pos, instr: s.Instr, inputs: written(s.Instr)})
		}
	}
	p.eachCall(fn, func(c *ssa.Call, d *ssa.Function) {
		for _, s := range p.sites[d] {
			if !s.Write {
				continue
			}
			for l := range p.held[d][s.Instr] {
				if !p.held[fn][c][l] && !p.rechecked(d, s.Instr, s.Group, l) {
					out = append(out, act{group: s.Group, lock: l, pos: s.Pos, at: c.Pos(), instr: c, inputs: c.Call.Args, callee: true})
				}
			}
		}
	})
	return out
}

// eachCall calls f for every static call in fn of another function of the
// package.
func (p *pkg) eachCall(fn *ssa.Function, f func(*ssa.Call, *ssa.Function)) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			if d := c.Call.StaticCallee(); d != nil && d != fn && p.held[d] != nil {
				f(c, d)
			}
		}
	}
}

// newSection reports whether the act runs in a later critical section of
// its lock than the check: fn takes the lock again after the check and
// before the act, or the act's callee takes it after fn released it.
func (p *pkg) newSection(fn *ssa.Function, chk check, a act) bool {
	if !syncorder.Precedes(chk.instr, a.instr) {
		return false
	}
	if a.callee {
		return true
	}
	for _, x := range p.acquires(fn, a.lock) {
		if syncorder.Precedes(chk.instr, x) && syncorder.Dominates(x, a.instr) {
			return true
		}
	}
	return false
}

// waitsBetween reports whether fn blocks on a channel, a select, a
// sync.Cond or a sync.WaitGroup after the check and before the act, on
// every path: the act then follows a wait for another goroutine (a
// semaphore's waiter handed its tokens), not a decision on stale data.
func waitsBetween(fn *ssa.Function, chk check, a act) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if blocks(instr) && syncorder.Precedes(chk.instr, instr) && syncorder.Dominates(instr, a.instr) {
				return true
			}
		}
	}
	return false
}

// blocks reports whether instr may wait for another goroutine.
func blocks(instr ssa.Instruction) bool {
	switch in := instr.(type) {
	case *ssa.Select, *ssa.Send:
		return true
	case *ssa.UnOp:
		return in.Op == token.ARROW
	case *ssa.Call:
		m, recv := locks.SyncMethod(&in.Call)
		return m != nil && m.Name() == "Wait" && (recv == "Cond" || recv == "WaitGroup")
	}
	return false
}

// acquires returns the instructions of fn that take lock l.
func (p *pkg) acquires(fn *ssa.Function, l string) []ssa.Instruction {
	var out []ssa.Instruction
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if name, acquire, ok := locks.Op(p.res, instr); ok && acquire && name == l {
				out = append(out, instr)
			}
		}
	}
	return out
}

// rechecked reports whether the write w of group in fn is decided again
// by a branch on a value of group read in w's own critical section of l.
func (p *pkg) rechecked(fn *ssa.Function, w ssa.Instruction, group, l string) bool {
	for _, s := range p.sites[fn] {
		v, isValue := s.Instr.(ssa.Value)
		if s.Write || !isValue || s.Group != group || !p.held[fn][s.Instr][l] || !syncorder.Precedes(s.Instr, w) {
			continue
		}
		sameSection := true
		for _, x := range p.acquires(fn, l) {
			if syncorder.Precedes(s.Instr, x) && syncorder.Dominates(x, w) {
				sameSection = false
			}
		}
		if sameSection && branchesTo(v, w) {
			return true
		}
	}
	return false
}

// shortFile returns the base name of a file.
func shortFile(name string) string { return filepath.Base(name) }
