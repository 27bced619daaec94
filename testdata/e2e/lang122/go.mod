module example.com/lang122

go 1.22
