module example.com/overhead

go 1.26
