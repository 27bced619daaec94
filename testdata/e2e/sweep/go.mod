module example.com/sweep

go 1.22
