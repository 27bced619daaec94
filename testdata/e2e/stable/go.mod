module example.com/stable

go 1.22
