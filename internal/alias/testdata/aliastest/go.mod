module example.com/aliastest

go 1.26
