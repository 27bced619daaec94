// Package locks computes the sync.Mutex and sync.RWMutex locks certainly
// held at each instruction of a function, for the analyzers: a forward
// must-analysis over the SSA control-flow graph where Lock and RLock add
// the variable group of the mutex and Unlock and RUnlock remove it.
// Deferred unlocks keep the lock held until the function returns.
//
// Held names a lock by its group whatever the mode it is taken in;
// HeldModes tells a read lock (RLock) from an exclusive one, for callers
// that must know whether a lock excludes writers (Protects).
package locks

import (
	"go/types"
	"sort"
	"strings"

	"github.com/vtbound/vtbound/internal/alias"
	"golang.org/x/tools/go/ssa"
)

// Set is a set of lock groups held at a point.
type Set map[string]bool

// Held computes, for each instruction of fn, the locks certainly held when
// it runs, given the locks held on entry.
func Held(res *alias.Result, fn *ssa.Function, entry Set) map[ssa.Instruction]Set {
	return held(res, fn, entry, false)
}

// HeldModes is Held with read locks named apart: RLock adds ReadKey(group)
// instead of the group, and RUnlock removes it.
func HeldModes(res *alias.Result, fn *ssa.Function, entry Set) map[ssa.Instruction]Set {
	return held(res, fn, entry, true)
}

// ReadKey names a read lock of group l in the sets of HeldModes.
func ReadKey(l string) string { return l + " (read)" }

// Protects reports whether two accesses holding a and b (sets of
// HeldModes) exclude each other: they hold one lock and at least one of
// them holds it exclusively. Two read locks exclude nothing.
func Protects(a, b Set) bool {
	for l := range a {
		if strings.HasSuffix(l, " (read)") {
			if b[strings.TrimSuffix(l, " (read)")] {
				return true
			}
		} else if b[l] || b[ReadKey(l)] {
			return true
		}
	}
	return false
}

func held(res *alias.Result, fn *ssa.Function, entry Set, modes bool) map[ssa.Instruction]Set {
	in := map[*ssa.BasicBlock]Set{}
	if len(fn.Blocks) == 0 {
		return nil
	}
	in[fn.Blocks[0]] = entry.Copy()
	for changed := true; changed; {
		changed = false
		for _, b := range fn.Blocks {
			cur, ok := in[b]
			if !ok {
				continue
			}
			out := transfer(res, b, cur, nil, modes)
			for _, s := range b.Succs {
				if old, ok := in[s]; !ok {
					in[s] = out
					changed = true
				} else if meet := old.Intersect(out); len(meet) != len(old) {
					in[s] = meet
					changed = true
				}
			}
		}
	}
	held := map[ssa.Instruction]Set{}
	for _, b := range fn.Blocks {
		if cur, ok := in[b]; ok {
			transfer(res, b, cur, held, modes)
		}
	}
	return held
}

// transfer applies the lock operations of b to a copy of cur, recording the
// set before each instruction in held if it is not nil; with modes, read
// locks are named by ReadKey.
func transfer(res *alias.Result, b *ssa.BasicBlock, cur Set, held map[ssa.Instruction]Set, modes bool) Set {
	out := cur.Copy()
	for _, instr := range b.Instrs {
		if held != nil {
			held[instr] = out.Copy()
		}
		if name, acquire, ok := Op(res, instr); ok {
			if modes && readOp(instr) {
				name = ReadKey(name)
			}
			if acquire {
				out[name] = true
			} else {
				delete(out, name)
			}
		}
	}
	return out
}

// Op recognises a call of a sync.Mutex or sync.RWMutex lock method: the
// group of the mutex and whether the call acquires (Lock, RLock) or
// releases (Unlock, RUnlock) it.
func Op(res *alias.Result, instr ssa.Instruction) (name string, acquire, ok bool) {
	call, isCall := instr.(*ssa.Call)
	if !isCall {
		return "", false, false
	}
	obj, recv := SyncMethod(call.Common())
	if obj == nil || recv != "Mutex" && recv != "RWMutex" {
		return "", false, false
	}
	switch obj.Name() {
	case "Lock", "RLock":
		acquire = true
	case "Unlock", "RUnlock":
	default:
		return "", false, false
	}
	group, _ := res.Group(call.Common().Args[0])
	return group, acquire, true
}

// readOp reports whether instr, a lock operation, is RLock or RUnlock.
func readOp(instr ssa.Instruction) bool {
	m, _ := SyncMethod(instr.(*ssa.Call).Common())
	return m.Name() == "RLock" || m.Name() == "RUnlock"
}

// SyncMethod returns the method of package sync that com statically calls
// and the name of its receiver's type, or nil when com calls something
// else.
func SyncMethod(com *ssa.CallCommon) (*types.Func, string) {
	callee := com.StaticCallee()
	if callee == nil || len(com.Args) == 0 {
		return nil, ""
	}
	obj, isFunc := callee.Object().(*types.Func)
	if !isFunc || obj.Pkg() == nil || obj.Pkg().Path() != "sync" {
		return nil, ""
	}
	recv := obj.Signature().Recv()
	if recv == nil {
		return nil, ""
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := t.(*types.Named)
	if !ok {
		return nil, ""
	}
	return obj, named.Obj().Name()
}

// Copy returns a copy of s.
func (s Set) Copy() Set {
	out := make(Set, len(s))
	for k := range s {
		out[k] = true
	}
	return out
}

// Intersect returns the locks in both s and o.
func (s Set) Intersect(o Set) Set {
	out := Set{}
	for k := range s {
		if o[k] {
			out[k] = true
		}
	}
	return out
}

// Names returns the locks of s, sorted.
func (s Set) Names() []string {
	out := make([]string, 0, len(s))
	for k := range s {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
