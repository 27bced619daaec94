module github.com/vtbound/vtbound

go 1.26.0

require (
	github.com/dave/dst v0.28.0
	github.com/golangci/plugin-module-register v0.1.2
	github.com/schollz/progressbar/v3 v3.19.1
	github.com/sourcegraph/jsonrpc2 v0.2.3
	go.etcd.io/bbolt v1.5.0
	golang.org/x/term v0.44.0
	golang.org/x/tools v0.52.0
	gopkg.in/yaml.v3 v3.0.1
)

require (
	github.com/mitchellh/colorstring v0.0.0-20190213212951-d06e56a500db // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	golang.org/x/mod v0.42.0 // indirect
	golang.org/x/sync v0.24.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
)
