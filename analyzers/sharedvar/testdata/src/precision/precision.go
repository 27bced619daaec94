// Package precision holds correct concurrent code the default analyzers
// must not report, beside the races they must; only the real findings
// are marked as wanted.
package precision

import "sync"

// Locked: every access holds the same lock.
type Locked struct {
	mu sync.Mutex
	n  int
}

func (l *Locked) Inc() {
	l.mu.Lock()
	l.n++
	l.mu.Unlock()
}

func (l *Locked) Get() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.n
}

func useLocked() {
	l := &Locked{}
	for i := 0; i < 4; i++ {
		go l.Inc()
	}
	_ = l.Get()
}

// afterWait reads the workers' results after wg.Wait.
func afterWait() int {
	var sum, count int
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		sum = 10
	}()
	go func() {
		defer wg.Done()
		count = 2
	}()
	wg.Wait()
	return sum / count
}

// beforeGo writes before the go statement; the goroutine reads.
func beforeGo() {
	cfg := 0
	cfg = 8
	go func() { println(cfg) }()
}

// byChannel hands a value over by a send and a receive.
func byChannel() int {
	res := 0
	done := make(chan struct{})
	go func() {
		res = 42
		close(done)
	}()
	<-done
	return res
}

var (
	once     sync.Once
	settings map[string]string
)

// Settings initialises settings once; every caller reads after Do.
func Settings() string {
	once.Do(func() { settings = map[string]string{"k": "v"} })
	return settings["k"]
}

func useSettings() {
	go Settings()
	go Settings()
}

// racy: the goroutines increment a counter with no lock.
func racy() int {
	hits := 0
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			hits++ // want `data race on variable hits \(precision\.go:\d+:2\): read \(no lock held\) can run at the same time as the write at precision\.go:\d+ \(no lock held\), from go func literal at precision\.go:\d+ \(many\)`
		}()
	}
	wg.Wait()
	return hits
}

// Mixed locks its writes but Peek reads without the lock.
type Mixed struct {
	mu sync.Mutex
	n  int
}

func (m *Mixed) Add() {
	m.mu.Lock()
	m.n++ // want `data race on variable precision\.Mixed\.n: write \(holds precision\.Mixed\.mu\) can run at the same time as the read at precision\.go:\d+ \(no lock held\)`
	m.mu.Unlock()
}

func (m *Mixed) Peek() int { return m.n }

func useMixed() {
	m := &Mixed{}
	go m.Add()
	go m.Add()
	println(m.Peek())
}

// readLocked writes under a read lock: RLock does not exclude readers.
type readLocked struct {
	mu sync.RWMutex
	n  int
}

func (r *readLocked) bump() {
	r.mu.RLock()
	r.n++ // want `data race on variable precision\.readLocked\.n: read \(holds precision\.readLocked\.mu \(read\)\) can run at the same time as the write at precision\.go:\d+ \(holds precision\.readLocked\.mu \(read\)\)`
	r.mu.RUnlock()
}

func useReadLocked() {
	r := &readLocked{}
	for i := 0; i < 2; i++ {
		go r.bump()
	}
}

// twoSenders: the receive may take the value of the sender that wrote
// nothing, so the write is not ordered before the read.
func twoSenders() int {
	v := 0
	done := make(chan bool)
	go func() {
		v = 1 // want `data race on variable v`
		done <- true
	}()
	go func() { done <- false }()
	<-done
	return v
}

// startedTwice: worker is started from two places; the second start
// does not follow the write.
var shared int

func worker() { println(shared) } // want `data race on variable precision\.shared: read \(no lock held\) can run at the same time as the write at precision\.go:\d+`

func startTwice() {
	go worker()
	shared = 1
	go worker()
}
