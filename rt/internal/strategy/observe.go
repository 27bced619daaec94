package strategy

import "github.com/vtbound/vtbound/rt/internal/sched"

// VarKey names a variable across executions.
//
// A location inside a registered heap object (sched.Op.Heap) is named as
// the paper names heap variables (Sec. 2.4): by the object's allocation
// site Alloc, its allocation count Obj and its loop-iteration number Iter,
// with Group telling the object's fields apart and Index its locations of
// one group (array elements) in order of first use. Any other location is
// named by its Group and its rank Index among that group's locations in
// order of first use, a stand-in for the allocation identity. Synchronisation
// objects have Group -1 and are ranked among themselves. Index -1 (with
// Alloc 0) stands for the whole group (the paper's whole-array variable).
type VarKey struct {
	Group int32
	Index int32
	Alloc int32
	Obj   int32
	Iter  int32
}

// wholeGroup returns the variable that stands for every location of group g.
func wholeGroup(g int32) VarKey { return VarKey{Group: g, Index: -1} }

// LoopIter returns the variable's loop-iteration number, which
// loop-iteration bounding keeps below L: the heap object's Iter, else the
// rank within the group.
func (k VarKey) LoopIter() int32 {
	if k.Alloc != 0 {
		return k.Iter
	}
	return k.Index
}

// varNamer assigns VarKeys to the locations of one execution in order of
// first execution. Invariant: byObj holds exactly the locations seen so far
// and count the number of them per name without Index.
type varNamer struct {
	byObj map[int32]VarKey
	count map[VarKey]int32
}

func (n *varNamer) reset() {
	if n.byObj == nil {
		n.byObj = make(map[int32]VarKey)
		n.count = make(map[VarKey]int32)
	}
	clear(n.byObj)
	clear(n.count)
}

// key returns op's variable, or false when op touches no object. heap is
// the execution's registered heap objects (sched.View.Heap).
func (n *varNamer) key(op sched.Op, heap []sched.HeapObject) (VarKey, bool) {
	if op.Obj == 0 {
		return VarKey{}, false
	}
	if n.byObj == nil {
		n.reset()
	}
	if k, ok := n.byObj[op.Obj]; ok {
		return k, true
	}
	k := VarKey{Group: -1}
	if op.Kind.IsAccess() && op.Group >= 0 {
		k.Group = op.Group
		if h := int(op.Heap) - 1; h >= 0 && h < len(heap) {
			o := heap[h]
			k.Alloc, k.Obj, k.Iter = o.Site, o.N, o.Iter
		}
	}
	k.Index = n.count[k]
	n.count[k]++
	n.byObj[op.Obj] = k
	return k, true
}

// observer reconstructs, at each Pick, the step executed since the previous
// Pick: the goroutine picked then performed the operation pending then.
// It relies on the engine calling Pick at every scheduling point.
//
// The engine calls Pick only when several goroutines are enabled, so steps
// taken while one goroutine ran alone are not seen; View.Step reveals them.
// After such a gap the last step is unknown: observe then reports the
// goroutine that ran last with an OpNone operation. (An engine that exposed
// the executed steps in the View would make this exact.)
type observer struct {
	seen     int // steps of View.Trace already named
	picks    int
	last     int
	lastOp   sched.Op
	nextStep int
	names    varNamer
}

func (o *observer) reset() {
	o.seen, o.picks, o.last, o.lastOp, o.nextStep = 0, 0, 0, sched.Op{}, 0
	o.names.reset()
}

// observe returns the step executed just before this scheduling point, if
// any; op is OpNone when steps went unseen since the previous Pick.
func (o *observer) observe(v *sched.View) (g int, op sched.Op, ok bool) {
	if v.Trace != nil {
		return o.observeTrace(v.Trace, v.Heap)
	}
	if o.picks == 0 {
		return 0, sched.Op{}, false
	}
	if v.Step != o.nextStep {
		if v.Current != 0 {
			return v.Current, sched.Op{Group: -1}, true
		}
		return o.last, sched.Op{Group: -1}, true
	}
	return o.last, o.lastOp, true
}

// observeTrace is observe for engines that expose the executed steps: it
// names every step not seen yet and returns the last one (exits aside).
func (o *observer) observeTrace(trace []sched.Step, heap []sched.HeapObject) (int, sched.Op, bool) {
	for ; o.seen < len(trace); o.seen++ {
		if op := trace[o.seen].Op; op.Kind != sched.OpExit {
			o.names.key(op, heap)
		}
	}
	for i := len(trace) - 1; i >= 0; i-- {
		if st := trace[i]; st.Op.Kind != sched.OpExit {
			return st.G, st.Op, true
		}
	}
	return 0, sched.Op{}, false
}

// picked records that id was picked at view v.
func (o *observer) picked(v *sched.View, id int) int {
	o.picks++
	o.last = id
	o.lastOp = sched.Op{}
	o.nextStep = v.Step + 1
	if g := v.Goroutine(id); g != nil {
		o.lastOp = g.Op
		o.names.key(g.Op, v.Heap)
	}
	return id
}

// budget counts executions against a cap.
type budget struct {
	max, used int
}

// take reports whether another execution fits and counts it.
func (b *budget) take() bool {
	if b.used >= b.max {
		return false
	}
	b.used++
	return true
}
