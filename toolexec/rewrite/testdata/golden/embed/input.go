package embed

import _ "embed"

//go:embed data.txt
var data string

func Data() string { return data }
