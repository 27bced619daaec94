module example.com/pkgpool

go 1.22
