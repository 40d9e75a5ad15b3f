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
