package rt_test

import (
	"testing"

	"github.com/vtbound/vtbound/internal/testbin"
	"github.com/vtbound/vtbound/rt/internal/kernels"
)

// TestKernelsByStrategy runs every bug kernel on the real engine under
// each bounded strategy of the paper (PCTVB, thread-bounded priorities,
// exhaustive search per variable subset) and requires the right oracle and
// the catalogue's minimised (c,v,t).
func TestKernelsByStrategy(t *testing.T) {
	for _, strat := range []string{"pctvb", "vt", "exhaustive"} {
		t.Run(strat, func(t *testing.T) {
			t.Parallel()
			for _, k := range kernels.All {
				out, failed := runKernel(t, k.Name, 1, "400000,60s", "VTBOUND_STRATEGY="+strat, "VTBOUND_T=3")
				if !failed || !testbin.ReportsOracle(out, "TestKernels", k.Oracle) {
					t.Errorf("%s: %s not found:\n%s", strat, k.Name, tail(out, 20))
					continue
				}
				if got := finalCVT(out); k.CVT != "" && got != k.CVT {
					t.Errorf("%s: %s minimised to (%s), want (%s)", strat, k.Name, got, k.CVT)
				}
			}
		})
	}
}
