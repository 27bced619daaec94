module example.com/deps

go 1.26.0

require (
	github.com/stretchr/testify v1.8.1
	golang.org/x/sync v0.24.0
)

require (
	github.com/davecgh/go-spew v1.1.1 // indirect
	github.com/pmezard/go-difflib v1.0.0 // indirect
	gopkg.in/yaml.v3 v3.0.1 // indirect
)
