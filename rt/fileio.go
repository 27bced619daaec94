package rt

import (
	"os"
	"unsafe"

	"github.com/vtbound/vtbound/rt/internal/sched"
)

// ioSync is the location through which file I/O synchronises, as in the
// race detector (package syscall's ioSync): every write to a file releases
// it and every read acquires it, whichever files they touch. So a write
// happens before a read that comes after it, and a value a goroutine
// stored before writing a file is ordered before the accesses of a
// goroutine that read a file after that write: no race is reported
// between them, as `go test -race` reports none.
var ioSync uint64

// ioStep is a scheduling point of a controlled goroutine before a file
// operation, with the happens-before of the race detector's annotations:
// a write releases ioSync (syscall.Write, Pwrite: ReleaseMerge), a read
// acquires it (syscall.Read, Pread: Acquire). The acquire comes before the
// real read, and holds even when the read fails (the race detector's only
// when it succeeds): an over-approximation that can hide a race but never
// reports a false one. Every file operation is dependent with every other
// write, as the file system is one shared object.
func ioStep(site int32, write bool) {
	g := ctl()
	if g == nil {
		return
	}
	kind := sched.OpAtomicLoad
	if write {
		kind = sched.OpAtomicStore
	}
	g.Atomic(site, unsafe.Pointer(&ioSync), kind)
}

// WriteFile replaces os.WriteFile: a file write (see ioStep).
func WriteFile(site int32, name string, data []byte, perm os.FileMode) error {
	ioStep(site, true)
	return os.WriteFile(name, data, perm)
}

// ReadFile replaces os.ReadFile: a file read (see ioStep).
func ReadFile(site int32, name string) ([]byte, error) {
	ioStep(site, false)
	return os.ReadFile(name)
}

// FileWrite replaces f.Write(b) of an *os.File (see ioStep).
func FileWrite(site int32, f *os.File, b []byte) (int, error) {
	ioStep(site, true)
	return f.Write(b)
}

// FileWriteString replaces f.WriteString(s) (see ioStep).
func FileWriteString(site int32, f *os.File, s string) (int, error) {
	ioStep(site, true)
	return f.WriteString(s)
}

// FileWriteAt replaces f.WriteAt(b, off) (see ioStep).
func FileWriteAt(site int32, f *os.File, b []byte, off int64) (int, error) {
	ioStep(site, true)
	return f.WriteAt(b, off)
}

// FileRead replaces f.Read(b) (see ioStep).
func FileRead(site int32, f *os.File, b []byte) (int, error) {
	ioStep(site, false)
	return f.Read(b)
}

// FileReadAt replaces f.ReadAt(b, off) (see ioStep).
func FileReadAt(site int32, f *os.File, b []byte, off int64) (int, error) {
	ioStep(site, false)
	return f.ReadAt(b, off)
}
