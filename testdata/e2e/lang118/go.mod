module example.com/lang118

go 1.18
