// Package sweepreport renders the report of a vtbound sweep: a
// self-contained HTML page (summary, per-test coverage growth per
// strategy, budget allocation, (c,v,t) histogram, trends, and each bug's
// interleaving as goroutine lanes with the replay command), and SARIF
// 2.1.0 with one result per bug whose interleaving is a codeFlow with one
// threadFlow per goroutine.
//
// The sweep fills an Input from its database and calls WriteHTML or
// WriteSARIF; nothing here reads files or the network.
package sweepreport
