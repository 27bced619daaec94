package testbin

import "strings"

// ReportsOracle says whether the output of a test run under vtbound holds
// a report of test that names oracle ("test failure", "deadlock", ...): as
// its headline, or after the data race that heads it when the failing
// execution also raced ("vtbound: TestX: data race: ...; then test
// failure: ...").
func ReportsOracle(out, test, oracle string) bool {
	head := "vtbound: " + test + ": "
	if strings.Contains(out, head+oracle) {
		return true
	}
	i := strings.Index(out, head+"data race: ")
	if i < 0 {
		return false
	}
	line, _, _ := strings.Cut(out[i:], "\n")
	return strings.Contains(line, "; then "+oracle)
}
