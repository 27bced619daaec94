package kernels

import "testing"

// check fails the test when a kernel's assertion failed.
func check(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func TestBugVTFig1(t *testing.T)  { check(t, Fig1(false)) }
func TestOKVTFig1(t *testing.T)   { check(t, Fig1(true)) }
func TestBugVTFig2(t *testing.T)  { check(t, Fig2(false)) }
func TestOKVTFig2(t *testing.T)   { check(t, Fig2(true)) }
func TestBugVTFig3(t *testing.T)  { check(t, Fig3(false)) }
func TestOKVTFig3(t *testing.T)   { check(t, Fig3(true)) }
func TestBugVTFig4(t *testing.T)  { check(t, Fig4(false)) }
func TestOKVTFig4(t *testing.T)   { check(t, Fig4(true)) }
func TestBugVTFig8(t *testing.T)  { check(t, Fig8(false)) }
func TestOKVTFig8(t *testing.T)   { check(t, Fig8(true)) }
func TestBugVTFig9(t *testing.T)  { check(t, Fig9(false)) }
func TestOKVTFig9(t *testing.T)   { check(t, Fig9(true)) }
func TestBugVTFig10(t *testing.T) { check(t, Fig10(false)) }
func TestOKVTFig10(t *testing.T)  { check(t, Fig10(true)) }

func TestBugAllocationVector(t *testing.T) { check(t, AllocationVector(false)) }
func TestOKAllocationVector(t *testing.T)  { check(t, AllocationVector(true)) }
func TestBugHapsetFig1(t *testing.T)       { check(t, HapsetFig1(false)) }
func TestOKHapsetFig1(t *testing.T)        { check(t, HapsetFig1(true)) }
func TestBugCTriggerFig1(t *testing.T)     { check(t, CTriggerFig1(false)) }
func TestOKCTriggerFig1(t *testing.T)      { check(t, CTriggerFig1(true)) }
func TestBugDeadlockABBA(t *testing.T)     { check(t, DeadlockABBA(false)) }
func TestOKDeadlockABBA(t *testing.T)      { check(t, DeadlockABBA(true)) }
func TestBugWGMisuse(t *testing.T)         { check(t, WGMisuse(false)) }
func TestOKWGMisuse(t *testing.T)          { check(t, WGMisuse(true)) }

// The leak is the bug, not the timeout: a caller that gives up is allowed.
func TestBugChanLeak(t *testing.T) { ChanLeak(false) }
func TestOKChanLeak(t *testing.T)  { ChanLeak(true) }

func TestBugAccounts(t *testing.T) { check(t, Accounts(false)) }
func TestOKAccounts(t *testing.T)  { check(t, Accounts(true)) }
