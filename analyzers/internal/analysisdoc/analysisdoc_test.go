package analysisdoc

import "testing"

func TestExtract(t *testing.T) {
	src := "// Package p does things.\n//\n// # Analyzer p\n//\n// p: check things\n//\n// More text.\n//\n// # Other\n//\n// not this\npackage p\n"
	if got, want := Extract(src, "p"), "p: check things\n\nMore text."; got != want {
		t.Errorf("Extract = %q, want %q", got, want)
	}
	defer func() {
		if recover() == nil {
			t.Error("Extract without the heading did not panic")
		}
	}()
	Extract(src, "q")
}
