package fields

type Base struct{ hits int } // want `variable fields\.Base\.hits is shared .*\(reached from go \(\*server\)\.serve, run\): 4 access sites`

type server struct {
	Base
	name string // written only before the server is published: not shared
}

func (s *server) serve() {
	s.hits++
	_ = s.name
}

func run() {
	s := &server{name: "x"}
	go s.serve()
	s.hits++
}
