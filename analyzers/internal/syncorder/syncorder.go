// Package syncorder orders memory accesses of one package by the
// happens-before edges of Go's synchronisation that a static analysis can
// see within a function: a go statement before the goroutine it starts,
// a channel send or close before the receive of the same channel, a
// WaitGroup's Done before its Wait, and the function run by Once.Do
// before every return from Do. Mutexes are not edges here: the analyzers
// handle them with locksets (package locks).
//
// The order is deliberately local and one-step: an access a is ordered
// before an access b when a's function releases an object after a on
// every path (a dominates the release and the release cannot reach a
// again) and b's function acquires the same object before b (the acquire
// dominates b), or b's function is the goroutine a go statement after a
// starts. Objects are named by the alias analysis (a channel by the class
// of its allocation; a WaitGroup or Once by its variable group); objects
// the analysis cannot tell apart (a class named only by its type) order
// nothing.
//
// The order is used to silence reports, so an edge is trusted only when
// no other release can stand in for the one after a:
//   - a go statement orders only a function that nothing else starts or
//     calls (not callable from outside the package, never used as a
//     value), and only when every go statement starting it follows a in
//     a's function;
//   - a send or close orders a receive only when every send and close of
//     that channel class in the package follows a in a's function;
//   - for both, a's function must run on one goroutine at a time (the
//     caller's Single predicate);
//   - Done orders Wait only when every function calling Add on that
//     WaitGroup also waits on it (no Add inside the started goroutine,
//     which may come after Wait);
//   - Once.Do orders only a function used for nothing else.
//
// It ignores select statements and edges through callees. It assumes
// that sends on a channel made in the package come from the package, and
// that a function that runs on one goroutine at a time is not called
// again, by that goroutine, on the same data while what it started still
// runs (the analysis reasons about one call of each function).
package syncorder

import (
	"go/token"
	"strings"

	"github.com/vtbound/vtbound/analyzers/internal/locks"
	"github.com/vtbound/vtbound/internal/alias"
	"golang.org/x/tools/go/ssa"
)

// edge is the kind of synchronisation an event takes part in.
type edge uint8

const (
	edgeChan edge = iota // send or close → receive
	edgeWait             // WaitGroup.Done → WaitGroup.Wait
	edgeGo               // go statement → start of the goroutine
	edgeOnce             // end of the function run by Once.Do → return of Do
)

// event is a release or acquire of one object in a function. instr is nil
// for the start (acquire) or the end (release) of the function.
type event struct {
	edge  edge
	obj   string
	instr ssa.Instruction
}

// Order answers whether two accesses of a package are ordered.
//
// Invariant: releases and acquires hold only events of edges that may be
// trusted for some access (see the package documentation); the per-access
// conditions are checked by trusted.
type Order struct {
	res      *alias.Result
	single   func(*ssa.Function) bool
	releases map[*ssa.Function][]event
	acquires map[*ssa.Function][]event
	all      map[string][]located   // every release of an object
	onceOnly map[*ssa.Function]bool // functions run only by Once.Do
	uses     *uses
}

// located is a release event and its function.
type located struct {
	fn    *ssa.Function
	instr ssa.Instruction
}

// New computes the synchronisation events of every function res analysed.
// single reports whether a function runs on at most one goroutine at a
// time; edges out of other functions (go statements, sends) order nothing.
func New(res *alias.Result, single func(*ssa.Function) bool) *Order {
	o := &Order{res: res, single: single, releases: map[*ssa.Function][]event{}, acquires: map[*ssa.Function][]event{}, all: map[string][]located{}, onceOnly: map[*ssa.Function]bool{}}
	o.uses = countUses(res)
	for _, fn := range res.Functions() {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				o.scan(fn, instr)
			}
		}
	}
	return o
}

// scan records the events of one instruction of fn.
func (o *Order) scan(fn *ssa.Function, instr ssa.Instruction) {
	switch in := instr.(type) {
	case *ssa.Send:
		o.release(fn, edgeChan, o.chanObj(in.Chan), instr)
	case *ssa.UnOp:
		if in.Op == token.ARROW {
			o.add(o.acquires, fn, edgeChan, o.chanObj(in.X), instr)
		}
	case *ssa.Go:
		if target := in.Call.StaticCallee(); target != nil && o.uses.onlyStarted(o.res, target) {
			o.release(fn, edgeGo, goObj(target), instr)
			o.add(o.acquires, target, edgeGo, goObj(target), nil)
		}
	case *ssa.Defer:
		o.call(fn, &in.Call, nil) // runs when fn returns
	case *ssa.Call:
		o.call(fn, &in.Call, instr)
	}
}

// call records close(ch) and the WaitGroup and Once methods. at is nil for
// a deferred call, which releases at the end of fn.
func (o *Order) call(fn *ssa.Function, com *ssa.CallCommon, at ssa.Instruction) {
	if b, ok := com.Value.(*ssa.Builtin); ok && b.Name() == "close" && len(com.Args) == 1 {
		o.release(fn, edgeChan, o.chanObj(com.Args[0]), at)
		return
	}
	m, recv := locks.SyncMethod(com)
	if m == nil {
		return
	}
	obj, _ := o.res.Group(com.Args[0])
	switch {
	case recv == "WaitGroup" && m.Name() == "Done":
		o.release(fn, edgeWait, obj, at)
	case recv == "WaitGroup" && m.Name() == "Wait" && at != nil && o.uses.addsWait(obj):
		o.add(o.acquires, fn, edgeWait, obj, at)
	case recv == "Once" && m.Name() == "Do" && at != nil && len(com.Args) == 2:
		if f := funcOf(com.Args[1]); f != nil && o.uses.onlyOnce(o.res, f) {
			o.add(o.acquires, fn, edgeOnce, obj, at)
			o.release(f, edgeOnce, obj, nil)
			o.onceOnly[f] = obj != "" && !strings.HasPrefix(obj, "type:")
		}
	}
}

// add records an event unless its object is unknown.
func (o *Order) add(m map[*ssa.Function][]event, fn *ssa.Function, e edge, obj string, at ssa.Instruction) {
	if obj == "" || strings.HasPrefix(obj, "type:") {
		return
	}
	m[fn] = append(m[fn], event{edge: e, obj: obj, instr: at})
}

// release records a release event, also in the index of every release of
// its object.
func (o *Order) release(fn *ssa.Function, e edge, obj string, at ssa.Instruction) {
	n := len(o.releases[fn])
	o.add(o.releases, fn, e, obj, at)
	if len(o.releases[fn]) > n {
		o.all[obj] = append(o.all[obj], located{fn, at})
	}
}

// chanObj names the channel that v holds.
func (o *Order) chanObj(v ssa.Value) string {
	return o.res.ValueGroup(v)
}

// goObj names the start of goroutines running fn.
func goObj(fn *ssa.Function) string {
	return "go:" + fn.String()
}

// funcOf returns the function a func value denotes, when it is static.
func funcOf(v ssa.Value) *ssa.Function {
	switch v := v.(type) {
	case *ssa.Function:
		return v
	case *ssa.MakeClosure:
		f, _ := v.Fn.(*ssa.Function)
		return f
	}
	return nil
}

// Ordered reports whether accesses a and b (instructions of analysed
// functions) are ordered one way or the other. Two accesses of a function
// run only by Once.Do are: it runs once.
func (o *Order) Ordered(a, b ssa.Instruction) bool {
	if a.Parent() == b.Parent() && o.onceOnly[a.Parent()] {
		return true
	}
	return o.before(a, b) || o.before(b, a)
}

// before reports whether a happens before b by one edge.
func (o *Order) before(a, b ssa.Instruction) bool {
	for _, r := range o.releases[a.Parent()] {
		if r.instr != nil && !Precedes(a, r.instr) || !o.trusted(a, r) {
			continue
		}
		for _, q := range o.acquires[b.Parent()] {
			if q.edge == r.edge && q.obj == r.obj && (q.instr == nil || Dominates(q.instr, b)) {
				return true
			}
		}
	}
	return false
}

// Precedes reports whether every execution of r is preceded by an
// execution of a that is not followed by another one before r: a
// dominates r and r cannot reach a again. Both must be instructions of one
// function.
func Precedes(a, r ssa.Instruction) bool {
	return Dominates(a, r) && !reaches(r.Block(), a.Block(), a.Block() == r.Block())
}

// Dominates reports whether x runs before y on every path to y; both must
// be instructions of one function.
func Dominates(x, y ssa.Instruction) bool {
	bx, by := x.Block(), y.Block()
	if bx != by {
		return bx.Dominates(by)
	}
	for _, in := range bx.Instrs {
		switch in {
		case x:
			return true
		case y:
			return false
		}
	}
	return false
}

// reaches reports whether control can flow from block from to block to;
// with again set, only through at least one edge (from == to then means a
// loop).
func reaches(from, to *ssa.BasicBlock, again bool) bool {
	seen := map[*ssa.BasicBlock]bool{}
	work := append([]*ssa.BasicBlock(nil), from.Succs...)
	if !again {
		work = append(work, from)
	}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x == to {
			return true
		}
		if !seen[x] {
			seen[x] = true
			work = append(work, x.Succs...)
		}
	}
	return false
}
