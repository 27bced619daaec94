module example.com/sweepgrow

go 1.22
