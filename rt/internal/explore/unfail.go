package explore

import (
	"reflect"
	"slices"
	"sync"
	"testing"
	"unsafe"
)

// Taking back a testing.T failure that was not the test's.
//
// A failure that is not repeatable in one process (repeatable.go) keeps
// the test's native verdict, pass. When the test reported it itself,
// through t.Error or t.Fatal in the excused execution, testing has marked
// the test failed, and its parents up to the binary's root with it
// (common.Fail marks the parent at once), and offers no way back. So the
// driver notes, when the exploration starts, which of the test and its
// ancestors were failed already (failMarks), and an excused failure puts
// the marks back as they were.
//
// That is safe only while nothing else can fail those tests meanwhile:
// with a parallel test anywhere on the chain, a sibling running alongside
// may fail a shared ancestor, and taking the mark back would hide its
// failure. The marks are then left alone, and the test fails as before,
// reported "not repeatable in one process". What the test logged in the
// excused execution stays in its output (go test prints it with -v or
// -json).
//
// Go forced the means: the mark is testing.common's unexported failed
// field, reached by reflection and unsafe. Where this Go's testing package
// lacks the fields (failed, parent, isParallel and mu), takeBack reports
// false and nothing changes (TestTakeBackFailure fails on such a
// version).

// commonFields locates testing.common's fields in a *testing.T.
type commonFields struct {
	ok                                bool
	common                            uintptr // offset of common in T
	failed, parent, isParallel, mutex uintptr // offsets in common
}

// fields is commonFields for this Go's testing package.
var fields = sync.OnceValue(func() commonFields {
	var f commonFields
	ct, ok := reflect.TypeFor[testing.T]().FieldByName("common")
	if !ok || ct.Type.Kind() != reflect.Struct {
		return f
	}
	f.common = ct.Offset
	for _, c := range []struct {
		name string
		kind reflect.Kind
		off  *uintptr
	}{{"failed", reflect.Bool, &f.failed}, {"parent", reflect.Pointer, &f.parent}, {"isParallel", reflect.Bool, &f.isParallel}, {"mu", reflect.Struct, &f.mutex}} {
		sf, ok := ct.Type.FieldByName(c.name)
		if !ok || sf.Type.Kind() != c.kind || c.name == "parent" && sf.Type.Elem() != ct.Type || c.name == "mu" && sf.Type != reflect.TypeFor[sync.RWMutex]() {
			return f
		}
		*c.off = sf.Offset
	}
	f.ok = true
	return f
})

// failMark is one test of the chain from a test to the root, and whether
// it was failed when noted.
type failMark struct {
	c      unsafe.Pointer // *testing.common
	failed bool
}

// flag reads the bool at offset off of common c under c's mutex.
func (f commonFields) flag(c unsafe.Pointer, off uintptr) bool {
	mu := (*sync.RWMutex)(unsafe.Add(c, f.mutex))
	mu.RLock()
	defer mu.RUnlock()
	return *(*bool)(unsafe.Add(c, off))
}

// setFailed sets common c's failed mark under c's mutex.
func (f commonFields) setFailed(c unsafe.Pointer, failed bool) {
	mu := (*sync.RWMutex)(unsafe.Add(c, f.mutex))
	mu.Lock()
	defer mu.Unlock()
	*(*bool)(unsafe.Add(c, f.failed)) = failed
}

// failMarks notes the failed marks of t and its ancestors; nil when this
// Go's testing package is not the one fields knows.
func failMarks(t *testing.T) []failMark {
	f := fields()
	if !f.ok {
		return nil
	}
	var marks []failMark
	for c := unsafe.Add(unsafe.Pointer(t), f.common); c != nil; c = *(*unsafe.Pointer)(unsafe.Add(c, f.parent)) {
		marks = append(marks, failMark{c: c, failed: f.flag(c, f.failed)})
	}
	return marks
}

// takeBack restores the failed marks noted in marks and reports whether
// it did: not when a test of the chain is parallel (see above) or the
// marks could not be noted.
func takeBack(marks []failMark) bool {
	f := fields()
	if len(marks) == 0 || !f.ok || slices.ContainsFunc(marks, func(m failMark) bool { return f.flag(m.c, f.isParallel) }) {
		return false
	}
	for _, m := range marks {
		f.setFailed(m.c, m.failed)
	}
	return true
}
