module example.com/timerpool

go 1.25
