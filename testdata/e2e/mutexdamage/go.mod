module example.com/mutexdamage

go 1.22
