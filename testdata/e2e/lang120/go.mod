module example.com/lang120

go 1.20
