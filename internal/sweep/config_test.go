package sweep

import (
	"fmt"
	"testing"
)

func TestParseShard(t *testing.T) {
	if s, err := ParseShard("1/3"); err != nil || s != (Shard{1, 3}) || s.String() != "1/3" {
		t.Errorf("ParseShard(1/3) = %v, %v", s, err)
	}
	for _, bad := range []string{"", "3/3", "-1/2", "1/0", "a/b", "1"} {
		if _, err := ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) accepted", bad)
		}
	}
}

// TestShardsPartition: for each n, every work item is in exactly one of
// the n shards, and the shards are not all the same size by accident of
// ordering (the hash spreads them).
func TestShardsPartition(t *testing.T) {
	for n := 1; n <= 4; n++ {
		sizes := make([]int, n)
		for k := range 200 {
			key := fmt.Sprintf("example.com/p%d TestX%d %d", k%7, k, k%3)
			holders := 0
			for i := range n {
				if (Shard{i, n}).Holds(key) {
					holders++
					sizes[i]++
				}
			}
			if holders != 1 {
				t.Fatalf("n=%d: %q held by %d shards", n, key, holders)
			}
		}
		for i, s := range sizes {
			if s == 0 {
				t.Errorf("n=%d: shard %d is empty: %v", n, i, sizes)
			}
		}
	}
}
