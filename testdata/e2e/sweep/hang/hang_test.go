package hang

import (
	"os"
	"testing"
)

// TestHang blocks in code vtbound does not control: a read from a pipe
// nobody writes to. The sweep's -timeout kills it.
func TestHang(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	buf := make([]byte, 1)
	r.Read(buf)
}

func TestQuick(t *testing.T) {}
