module example.com/access

go 1.22
