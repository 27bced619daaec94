module example.com/oldlang

go 1.16
