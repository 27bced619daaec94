// Package overhead is a CPU-heavy concurrent computation over shared and
// goroutine-local data, used to measure vtbound's instrumentation cost.
package overhead

import "sync"

// salt is a package-level table every worker reads for every element: the
// shared data of the computation.
var salt [256]uint32

func init() {
	for i := range salt {
		salt[i] = mix(uint32(i))
	}
}

// Histogram hashes every element of input with a salt from the shared
// table and counts the hashes' low four bits, splitting the input between
// workers. Each worker counts into a local array and adds it to the
// shared total under a mutex at the end.
func Histogram(input []uint32, workers int) [16]int {
	var mu sync.Mutex
	var total [16]int
	var wg sync.WaitGroup
	chunk := len(input) / workers
	for w := range workers {
		wg.Add(1)
		go func(lo, hi int) {
			defer wg.Done()
			var local [16]int
			for i := lo; i < hi; i++ {
				x := input[i]
				local[mix(x^salt[x&255])&15]++
			}
			mu.Lock()
			for k, n := range local {
				total[k] += n
			}
			mu.Unlock()
		}(w*chunk, (w+1)*chunk)
	}
	wg.Wait()
	return total
}

// mix is a 32-bit integer hash (a few multiply-xorshift rounds).
func mix(x uint32) uint32 {
	for range 4 {
		x ^= x >> 16
		x *= 0x7feb352d
		x ^= x >> 15
		x *= 0x846ca68b
	}
	return x ^ x>>16
}
