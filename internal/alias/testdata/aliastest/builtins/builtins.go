// Package builtins has builtin calls and ranges on shared and local
// containers (see TestBuiltinSites).
package builtins

var (
	table = map[string]int{}
	list  []int
)

func Global(k string) int {
	delete(table, k)       // BUILTIN: shared
	list = append(list, 1) // BUILTIN: shared
	clear(list)            // BUILTIN: shared
	for range table {      // BUILTIN: shared
	}
	return len(table) // WANT: shared example.com/aliastest/builtins.table
}

func Local() int {
	m := map[string]int{"a": 1}
	delete(m, "a") // BUILTIN: local
	s := make([]int, 0, 4)
	s = append(s, 1) // BUILTIN: local
	d := make([]int, 1)
	copy(d, s) // BUILTIN: local
	n := 0
	for k := range m { // BUILTIN: local
		n += len(k)
	}
	return len(m) + d[0] + n // BUILTIN: local
}

func Param(src []int) int {
	d := make([]int, 1)
	return copy(d, src) // BUILTIN: shared
}
