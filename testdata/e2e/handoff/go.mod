module example.com/handoff

go 1.22
