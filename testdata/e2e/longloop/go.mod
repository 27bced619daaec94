module example.com/longloop

go 1.22
