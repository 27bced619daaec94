module example.com/reportmod

go 1.26
