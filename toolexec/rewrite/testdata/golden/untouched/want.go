package untouched

import "strings"

type T struct{ s string }

func (t T) Upper() string { return strings.ToUpper(t.s) }

func Join(xs []string) string {
	local := 0
	local++
	return strings.Join(xs, ",")
}
