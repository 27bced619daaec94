//go:build integration

package rewrite

import "math"

// gorootDefaultSample makes TestGorootRun run the whole corpus by default
// in the integration tier (go test -tags integration): about a thousand
// programs, 8 minutes on two cores.
const gorootDefaultSample = math.MaxInt
