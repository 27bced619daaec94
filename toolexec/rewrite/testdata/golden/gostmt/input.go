package gostmt

import "fmt"

type Worker struct{ id int }

func (w *Worker) Run(n int, ch chan<- string) { ch <- fmt.Sprint(w.id, n) }

func pair() (int, string) { return 1, "a" }

func take(n int, s string) {}

func variadic(prefix string, xs ...int) {}

func apply[T any](v T) {}

func Start(w *Worker, n int, ch chan string, next func() int) {
	go w.Run(n+1, ch)
	go take(pair())
	go variadic("p", 1, n)
	xs := []int{1, 2}
	go variadic("q", xs...)
	go apply(n)
	go func(k int) {
		_ = k
	}(next())
	go next()
	go fmt.Println("started", n)
	go func() {
		ch <- "x"
	}()
	go close(ch)
}
