package graph

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime is the process's user and system time so far. The benchmarks
// report it per operation as cpu-ms/op, which stays meaningful on a
// loaded machine where wall time does not.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(cpuTime()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}

// BenchmarkBuildWalk builds and walks the graph of a 100,000-resource
// catalog, unrelated or each requiring the one before:
//
//	go test -run '^$' -bench BuildWalk -benchmem ./internal/graph
func BenchmarkBuildWalk(b *testing.B) {
	for _, bc := range []struct {
		name    string
		chained bool
	}{{"unchained", false}, {"chained", true}} {
		c := chain(b, 100000, bc.chained)
		b.Run(bc.name, func(b *testing.B) {
			start := cpuTime()
			defer reportCPU(b, start)
			for b.Loop() {
				g, err := Build(c, Options{Types: testTypes()})
				if err != nil {
					b.Fatal(err)
				}
				if len(g.Cycles()) != 0 {
					b.Fatal("cycle")
				}
				w := g.NewWalk()
				n := 0
				for v := w.Next(); v != nil; v = w.Next() {
					w.Done(v)
					n++
				}
				if n != g.Len() {
					b.Fatalf("walked %d of %d", n, g.Len())
				}
			}
		})
	}
}

// BenchmarkBuild and BenchmarkWalk split the two halves for the chained catalog.
func BenchmarkBuild(b *testing.B) {
	c := chain(b, 100000, true)
	start := cpuTime()
	defer reportCPU(b, start)
	for b.Loop() {
		if _, err := Build(c, Options{Types: testTypes()}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkWalk(b *testing.B) {
	g, err := Build(chain(b, 100000, true), Options{Types: testTypes()})
	if err != nil {
		b.Fatal(err)
	}
	start := cpuTime()
	defer reportCPU(b, start)
	for b.Loop() {
		w := g.NewWalk()
		for v := w.Next(); v != nil; v = w.Next() {
			w.Done(v)
		}
	}
}
