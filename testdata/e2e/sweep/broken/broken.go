// Package broken does not compile: the sweep records its build failure
// and goes on.
package broken

var N int = "not a number"
