package b // want package:"shared groups: a.Counter"

import "a"

func Read() int {
	return a.Counter
}
