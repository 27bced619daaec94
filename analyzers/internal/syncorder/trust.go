package syncorder

import (
	"github.com/vtbound/vtbound/analyzers/internal/locks"
	"github.com/vtbound/vtbound/internal/alias"
	"golang.org/x/tools/go/ssa"
)

// This file decides which synchronisation edges may be trusted: those no
// other release can stand in for.

// uses counts how the package's functions and WaitGroups are used.
type uses struct {
	refs    map[*ssa.Function]int // operand references to a function
	started map[*ssa.Function]int // references that are the function of a go statement
	onceDo  map[*ssa.Function]int // references that are the argument of Once.Do
	adders  map[string]map[*ssa.Function]bool
	waiters map[string]map[*ssa.Function]bool
}

// countUses scans every instruction of the package once.
func countUses(res *alias.Result) *uses {
	u := &uses{refs: map[*ssa.Function]int{}, started: map[*ssa.Function]int{}, onceDo: map[*ssa.Function]int{},
		adders: map[string]map[*ssa.Function]bool{}, waiters: map[string]map[*ssa.Function]bool{}}
	for _, fn := range res.Functions() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				u.scan(res, fn, instr)
			}
		}
	}
	return u
}

// scan counts the function references and WaitGroup calls of instr.
func (u *uses) scan(res *alias.Result, fn *ssa.Function, instr ssa.Instruction) {
	for _, op := range instr.Operands(nil) {
		if f, ok := (*op).(*ssa.Function); ok {
			u.refs[f]++
		}
	}
	switch in := instr.(type) {
	case *ssa.Go:
		if f := onlyUse(in.Call.Value, instr); f != nil {
			u.started[f]++
		}
	case *ssa.Call:
		m, recv := locks.SyncMethod(&in.Call)
		if m == nil {
			return
		}
		obj, _ := res.Group(in.Call.Args[0])
		switch {
		case recv == "Once" && m.Name() == "Do" && len(in.Call.Args) == 2:
			if f := onlyUse(in.Call.Args[1], instr); f != nil {
				u.onceDo[f]++
			}
		case recv == "WaitGroup" && m.Name() == "Add":
			mark(u.adders, obj, fn)
		case recv == "WaitGroup" && m.Name() == "Wait":
			mark(u.waiters, obj, fn)
		}
	}
}

// onlyUse returns the function v denotes when v is the function itself or
// a closure of it used only by instr.
func onlyUse(v ssa.Value, instr ssa.Instruction) *ssa.Function {
	switch v := v.(type) {
	case *ssa.Function:
		return v
	case *ssa.MakeClosure:
		if refs := *v.Referrers(); len(refs) == 1 && refs[0] == instr {
			f, _ := v.Fn.(*ssa.Function)
			return f
		}
	}
	return nil
}

func mark(m map[string]map[*ssa.Function]bool, obj string, fn *ssa.Function) {
	if m[obj] == nil {
		m[obj] = map[*ssa.Function]bool{}
	}
	m[obj][fn] = true
}

// onlyStarted reports whether f runs only as a goroutine of the package's
// go statements: nothing outside the package can call it and every
// reference to it is a go statement's function.
func (u *uses) onlyStarted(res *alias.Result, f *ssa.Function) bool {
	return !res.External(f) && u.refs[f] == u.started[f]
}

// onlyOnce reports whether f is used only as the function of Once.Do
// calls.
func (u *uses) onlyOnce(res *alias.Result, f *ssa.Function) bool {
	return !res.External(f) && u.refs[f] == u.onceDo[f]
}

// addsWait reports whether every function that calls Add on the WaitGroup
// obj also waits on it, so that its Adds are not made by the goroutines
// Wait waits for.
func (u *uses) addsWait(obj string) bool {
	for fn := range u.adders[obj] {
		if !u.waiters[obj][fn] {
			return false
		}
	}
	return true
}

// trusted reports whether the release r of a's function orders a before
// the acquires of r's object: for a go statement or a channel, a's
// function runs on one goroutine at a time and every release of the
// object in the package is in it, after a.
func (o *Order) trusted(a ssa.Instruction, r event) bool {
	if r.edge != edgeGo && r.edge != edgeChan {
		return true
	}
	fn := a.Parent()
	if !o.single(fn) {
		return false
	}
	for _, other := range o.all[r.obj] {
		if other.fn != fn || other.instr != nil && !Precedes(a, other.instr) {
			return false
		}
	}
	return true
}
