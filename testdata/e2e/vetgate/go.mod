module example.com/vetgate

go 1.22
