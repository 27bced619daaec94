module example.com/alarms

go 1.22
