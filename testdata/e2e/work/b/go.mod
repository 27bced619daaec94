module example.com/b

go 1.22
