package show

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// openPTY opens a pseudo-terminal and returns its terminal side.
func openPTY(t *testing.T) *os.File {
	t.Helper()
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { ptmx.Close() })
	var n uint32
	unlock := int32(0)
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, ptmx.Fd(), syscall.TIOCSPTLCK, uintptr(unsafe.Pointer(&unlock))); e != 0 {
		t.Skipf("unlockpt: %v", e)
	}
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, ptmx.Fd(), syscall.TIOCGPTN, uintptr(unsafe.Pointer(&n))); e != 0 {
		t.Skipf("ptsname: %v", e)
	}
	tty, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("open pts: %v", err)
	}
	t.Cleanup(func() { tty.Close() })
	return tty
}

// TestShowHTMLToTerminal checks that -html refuses a terminal with the
// hint to use -o, and that -o FILE writes the page there, terminal or not.
func TestShowHTMLToTerminal(t *testing.T) {
	tty := openPTY(t)
	file := filepath.Join("testdata", "example.sched")
	var errs bytes.Buffer
	if code := Run(tty, &errs, []string{"-html", file}); code != 2 || !strings.Contains(errs.String(), "-o FILE") {
		t.Errorf("show -html to a terminal: exit %d, stderr %q; want 2 and the hint", code, errs.String())
	}
	if code := Run(tty, &errs, []string{file}); code != 0 {
		t.Errorf("show (text) to a terminal: exit %d", code)
	}
	page := filepath.Join(t.TempDir(), "schedule.html")
	errs.Reset()
	if code := Run(tty, &errs, []string{"-html", "-o", page, file}); code != 0 {
		t.Fatalf("show -html -o: exit %d, stderr %q", code, errs.String())
	}
	if data, err := os.ReadFile(page); err != nil || !strings.HasPrefix(string(data), "<!DOCTYPE html>") {
		t.Errorf("show -html -o wrote %.100q, %v", data, err)
	}
}
