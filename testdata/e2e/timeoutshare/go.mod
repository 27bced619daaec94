module example.com/timeoutshare

go 1.22
