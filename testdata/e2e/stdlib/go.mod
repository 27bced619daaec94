module example.com/stdlib

go 1.25
