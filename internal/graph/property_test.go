package graph

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
)

// randomCatalog makes n notifies spread over a few classes and defined
// types, with random require edges; forward only when acyclic is set.
func randomCatalog(t testing.TB, rng *rand.Rand, n int, acyclic bool) *catalog.Catalog {
	c := catalog.New("node")
	main := catalog.Ref{Type: "Stage", Title: "main"}
	add(t, c, &catalog.Resource{Type: "Stage", Title: "main"})
	containers := []catalog.Ref{main}
	for i := 0; i < 3; i++ {
		r := &catalog.Resource{Type: "Class", Title: fmt.Sprintf("C%d", i)}
		add(t, c, r)
		c.Contain(main, r.Ref())
		containers = append(containers, r.Ref())
		d := &catalog.Resource{Type: "D", Title: fmt.Sprintf("d%d", i)}
		add(t, c, d)
		c.Contain(r.Ref(), d.Ref())
		containers = append(containers, d.Ref())
	}
	for i := 0; i < n; i++ {
		r := &catalog.Resource{Type: "Notify", Title: fmt.Sprintf("n%d", i)}
		var reqs []catalog.Value
		for k := 0; k < 2; k++ {
			if i > 0 && rng.Intn(3) == 0 {
				j := rng.Intn(i)
				if !acyclic && rng.Intn(2) == 0 {
					j = rng.Intn(n)
				}
				reqs = append(reqs, fmt.Sprintf("Notify[n%d]", j))
			}
		}
		if reqs != nil {
			r.Params = []catalog.Param{{Name: "require", Value: reqs}}
		}
		add(t, c, r)
		c.Contain(containers[1+rng.Intn(len(containers)-1)], r.Ref())
	}
	return c
}

// The walk visits every vertex of an acyclic graph once, each after all
// its predecessors.
func TestWalkIsTopological(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for round := 0; round < 50; round++ {
		c := randomCatalog(t, rng, 40, true)
		for _, o := range []Ordering{Manifest, TitleHash, Random} {
			g := mustBuild(t, c, Options{Ordering: o, Seed: int64(round)})
			if len(g.Cycles()) != 0 {
				t.Fatalf("round %d: cycles in an acyclic catalog: %s", round, g.CycleMessage(""))
			}
			pos := map[*Vertex]int{}
			for i, v := range g.Order() {
				if _, dup := pos[v]; dup {
					t.Fatalf("round %d: %s walked twice", round, v.DotName())
				}
				pos[v] = i
			}
			if len(pos) != g.Len() {
				t.Fatalf("round %d: walked %d of %d", round, len(pos), g.Len())
			}
			for _, v := range g.Vertices() {
				for _, p := range g.Predecessors(v) {
					if pos[p] > pos[v] {
						t.Fatalf("round %d: %s before its predecessor %s", round, v.DotName(), p.DotName())
					}
				}
			}
		}
	}
}

// Cycles finds exactly the vertices that can reach themselves.
func TestCyclesMatchReachability(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for round := 0; round < 50; round++ {
		g := mustBuild(t, randomCatalog(t, rng, 30, false), Options{})
		in := g.InCycle()
		for _, v := range g.Vertices() {
			if reaches(g, v, v) != in[v] {
				t.Fatalf("round %d: %s: in cycle %v, reaches itself %v", round, v.DotName(), in[v], !in[v])
			}
		}
		for _, c := range g.Cycles() {
			p := g.CyclePaths(c, 1)
			if len(p) != 1 {
				t.Fatalf("round %d: no path for a cycle", round)
			}
			path := p[0]
			for i := 0; i+1 < len(path); i++ {
				if !path[i].out.has(path[i+1]) {
					t.Fatalf("round %d: path step %s -> %s is not an edge", round, path[i].DotName(), path[i+1].DotName())
				}
			}
		}
	}
}

func reaches(g *Graph, from, to *Vertex) bool {
	seen := map[*Vertex]bool{}
	stack := g.Successors(from)
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if v == to {
			return true
		}
		if !seen[v] {
			seen[v] = true
			stack = append(stack, g.Successors(v)...)
		}
	}
	return false
}
