package graph

import "testing"

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
	for b.Loop() {
		w := g.NewWalk()
		for v := w.Next(); v != nil; v = w.Next() {
			w.Done(v)
		}
	}
}
