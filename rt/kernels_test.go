package rt_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/vtbound/vtbound/internal/testbin"
	"github.com/vtbound/vtbound/rt"
	"github.com/vtbound/vtbound/rt/internal/kernels"
)

// childEnv selects child mode: the test binary re-executes itself to run
// one kernel under rt.Test, so that the kernel's failure is observed from
// outside instead of failing this test.
const childEnv = "VTBOUND_TEST_KERNEL"

// TestKernels runs every bug kernel with the default settings for 20
// seeds, each in a child process, and requires the right oracle in at
// least 19 of them. In child mode it runs just the named kernel.
func TestKernels(t *testing.T) {
	if name := os.Getenv(childEnv); name != "" {
		runChild(t, name)
		return
	}
	const seeds, need = 20, 19
	for _, k := range kernels.All {
		t.Run(k.Name, func(t *testing.T) {
			t.Parallel()
			found, exact := 0, 0
			var misses, cvts []string
			for seed := 1; seed <= seeds; seed++ {
				out, failed := runKernel(t, k.Name, seed, "")
				if !failed || !testbin.ReportsOracle(out, "TestKernels", k.Oracle) {
					if len(misses) < 2 {
						misses = append(misses, fmt.Sprintf("seed %d (failed=%v):\n%s", seed, failed, tail(out, 30)))
					}
					continue
				}
				found++
				got := finalCVT(out)
				cvts = append(cvts, got)
				if got == k.CVT {
					exact++
				}
			}
			if found < need {
				t.Errorf("%s: %q found in %d of %d seeds, want >= %d\n%s", k.Name, k.Oracle, found, seeds, need, strings.Join(misses, "\n"))
			}
			if k.CVT != "" && exact < found {
				t.Errorf("%s: minimised (c,v,t) = (%s) in only %d of %d reports; got %v", k.Name, k.CVT, exact, found, cvts)
			}
		})
	}
}

// runChild explores one kernel (buggy or fixed) under rt.Test.
func runChild(t *testing.T, name string) {
	fixed := strings.HasSuffix(name, "+fixed")
	k, ok := kernels.Lookup(strings.TrimSuffix(name, "+fixed"))
	if !ok {
		t.Fatalf("unknown kernel %q", name)
	}
	rt.Test(t, func(t *testing.T) { k.Body(t, fixed) })
}

// runKernel runs kernel name in a child process with the given seed and
// extra environment, and returns its output and whether it failed.
func runKernel(t *testing.T, name string, seed int, budget string, extra ...string) (string, bool) {
	t.Helper()
	cmd := childCommand(t, "TestKernels", name, seed)
	if budget != "" {
		cmd.Env = append(cmd.Env, "VTBOUND_BUDGET="+budget)
	}
	cmd.Env = append(cmd.Env, extra...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			t.Fatalf("running child: %v", err)
		}
	}
	return string(out), err != nil
}

// childCommand prepares a re-execution of the test binary that runs test
// in child mode, with a fresh schedule directory (overridable by
// VTBOUND_DIR in the extra environment the caller appends).
func childCommand(t *testing.T, test, mode string, seed int) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^"+test+"$", "-test.count=1")
	cmd.Env = append(os.Environ(), childEnv+"="+mode, fmt.Sprintf("VTBOUND_SEED=%d", seed),
		"VTBOUND_DIR="+filepath.Join(t.TempDir(), "schedules"))
	return cmd
}

var cvtRE = regexp.MustCompile(`\(c,v,t\) = \((\d+,\d+,\d+)\)`)

// finalCVT returns the last (c,v,t) a report states: the minimised one.
func finalCVT(out string) string {
	m := cvtRE.FindAllStringSubmatch(out, -1)
	if m == nil {
		return ""
	}
	return m[len(m)-1][1]
}

func tail(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// TestFixedKernelsNeverFail explores each corrected kernel for 10,000
// executions in-process and requires no report at all.
func TestFixedKernelsNeverFail(t *testing.T) {
	t.Setenv("VTBOUND_BUDGET", "10000")
	t.Setenv("VTBOUND_SEED", "1")
	t.Setenv("VTBOUND_DIR", filepath.Join(t.TempDir(), "schedules"))
	for _, k := range kernels.All {
		t.Run(k.Name, func(t *testing.T) {
			rt.Test(t, func(t *testing.T) { k.Body(t, true) })
		})
	}
}
