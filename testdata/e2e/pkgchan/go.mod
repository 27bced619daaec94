module example.com/pkgchan

go 1.22
