package explore

import "testing"

// TestTakeBackFailure: a failure a test reported through testing.T is
// taken back from the test and from every ancestor up to the binary's
// root, which were not failed before, so the subtest, this test and the
// binary pass; in a parallel subtest nothing is taken back (a sibling
// could have failed a shared ancestor meanwhile). Fails, failing the
// binary, on a Go whose testing package lacks the fields unfail.go uses.
func TestTakeBackFailure(t *testing.T) {
	if !fields().ok {
		t.Fatal("testing.common has no failed, parent, isParallel and mu fields of the expected types: failures cannot be taken back")
	}
	taken := false
	t.Run("excused", func(st *testing.T) {
		marks := failMarks(st)
		if len(marks) < 3 {
			t.Errorf("%d failed marks noted, want the subtest's, this test's and the root's", len(marks))
		}
		st.Error("a failure of an excused execution (taken back: this subtest passes)")
		taken = takeBack(marks)
		if st.Failed() {
			t.Error("the subtest is still failed")
		}
	})
	if !taken || t.Failed() {
		t.Fatalf("failure taken back: %v; this test still failed: %v", taken, t.Failed())
	}
	t.Run("parallel", func(st *testing.T) {
		st.Parallel()
		if takeBack(failMarks(st)) {
			t.Error("marks taken back in a parallel subtest")
		}
	})
}
