package misc

import "fmt"

type Config struct{ name string }

func (c Config) Name() string     { return c.name }
func (c *Config) Rename(n string) { c.name = n }

var (
	cfg   Config
	mode  int
	ready = func() chan bool { return make(chan bool, 1) }()
	any1  any
)

func init() {
	mode = 1
}

func Dispatch(x int) string {
	switch mode {
	case 0:
		return "zero"
	case x, mode + 1:
		return "one"
	}
	switch v := any1.(type) {
	case int:
		return fmt.Sprint(v + mode)
	}
	if mode > 2 {
		return "big"
	} else if mode < 0 {
		return "neg"
	} else {
		cfg.Rename("x")
	}
	defer func() {
		if r := recover(); r != nil {
			mode = -1
		}
	}()
Start:
	go fmt.Println(cfg.Name())
	if x > 10 {
		x--
		goto Start
	}
	return cfg.Name()
}
