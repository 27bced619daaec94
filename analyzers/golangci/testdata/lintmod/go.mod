module example.com/lintmod

go 1.24
