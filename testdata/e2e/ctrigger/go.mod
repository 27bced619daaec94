module example.com/ctrigger

go 1.22
