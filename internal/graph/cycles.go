package graph

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
)

// Cycles returns the dependency cycles: strongly connected components
// with more than one vertex or with a self-edge, each sorted by DotName
// (byte order), the list sorted lexicographically, as Puppet reports them.
func (g *Graph) Cycles() [][]*Vertex {
	g.cyclesOnce.Do(func() { g.cycles = g.findCycles() })
	return g.cycles
}

// findCycles is Tarjan's algorithm without recursion: roots in vertex
// order, children in out-neighbour order.
func (g *Graph) findCycles() [][]*Vertex {
	n := len(g.verts)
	index := make([]int, n)
	low := make([]int, n)
	onStack := make([]bool, n)
	for i := range index {
		index[i] = -1
	}
	var stack []*Vertex
	type frame struct {
		v    *Vertex
		next int // position in v.out.entries
	}
	var sccs [][]*Vertex
	var frames []frame
	counter := 0
	for _, root := range g.verts {
		if index[root.id] >= 0 {
			continue
		}
		frames = append(frames[:0], frame{v: root})
		index[root.id], low[root.id] = counter, counter
		counter++
		stack = append(stack, root)
		onStack[root.id] = true
		for len(frames) > 0 {
			f := &frames[len(frames)-1]
			v := f.v
			pushed := false
			for f.next < len(v.out.entries) {
				c := v.out.entries[f.next].to()
				f.next++
				if c == nil {
					continue
				}
				if index[c.id] < 0 {
					index[c.id], low[c.id] = counter, counter
					counter++
					stack = append(stack, c)
					onStack[c.id] = true
					frames = append(frames, frame{v: c})
					pushed = true
					break
				} else if onStack[c.id] {
					low[v.id] = min(low[v.id], index[c.id])
				}
			}
			if pushed {
				continue
			}
			if low[v.id] == index[v.id] {
				// v's component is the top of the stack down to v; most
				// are v alone and need no slice of their own.
				k := len(stack) - 1
				for stack[k] != v {
					k--
				}
				members := stack[k:]
				for _, m := range members {
					onStack[m.id] = false
				}
				if len(members) > 1 || v.out.has(v) {
					scc := make([]*Vertex, len(members))
					for j, m := range members {
						scc[len(members)-1-j] = m // in the order they leave the stack
					}
					sccs = append(sccs, scc)
				}
				stack = stack[:k]
			}
			frames = frames[:len(frames)-1]
			if len(frames) > 0 {
				p := frames[len(frames)-1].v
				low[p.id] = min(low[p.id], low[v.id])
			}
		}
	}
	for _, scc := range sccs {
		slices.SortFunc(scc, func(a, b *Vertex) int { return strings.Compare(a.DotName(), b.DotName()) })
	}
	slices.SortFunc(sccs, func(a, b []*Vertex) int {
		for i := 0; i < len(a) && i < len(b); i++ {
			if c := strings.Compare(a[i].DotName(), b[i].DotName()); c != 0 {
				return c
			}
		}
		return len(a) - len(b)
	})
	return sccs
}

// CyclePaths returns up to max paths through the cycle: a breadth-first
// search from its first vertex along edges inside the cycle, recording a
// path the first time it reaches a vertex already on it (Puppet's
// paths_in_cycle). The paths are sorted.
func (g *Graph) CyclePaths(cycle []*Vertex, max int) [][]*Vertex {
	in := make(map[*Vertex]bool, len(cycle))
	for _, v := range cycle {
		in[v] = true
	}
	// Paths share their prefixes: each step links to the one before.
	type step struct {
		v    *Vertex
		prev *step
	}
	onPath := func(s *step, v *Vertex) bool {
		for ; s != nil; s = s.prev {
			if s.v == v {
				return true
			}
		}
		return false
	}
	unwind := func(s *step, last *Vertex) []*Vertex {
		var p []*Vertex
		for ; s != nil; s = s.prev {
			p = append(p, s.v)
		}
		slices.Reverse(p)
		return append(p, last)
	}
	type item struct {
		v    *Vertex
		path *step
	}
	var found [][]*Vertex
	queue := []item{{v: cycle[0]}}
	for len(queue) > 0 && len(found) < max {
		it := queue[0]
		queue = queue[1:]
		if onPath(it.path, it.v) {
			found = append(found, unwind(it.path, it.v))
			continue
		}
		next := &step{v: it.v, prev: it.path}
		for _, en := range it.v.out.entries {
			to := en.to()
			if to != nil && in[to] {
				queue = append(queue, item{v: to, path: next})
			}
		}
	}
	slices.SortFunc(found, func(a, b []*Vertex) int {
		for i := 0; i < len(a) && i < len(b); i++ {
			if c := strings.Compare(a[i].DotName(), b[i].DotName()); c != 0 {
				return c
			}
		}
		return len(a) - len(b)
	})
	return found
}

// CycleMessage is Puppet's error text for the graph's cycles, "" when
// there are none. Paths are separated by the two characters \n, as
// Puppet writes them. With graphFile set the message names the written
// cycle graph instead of suggesting --graph.
func (g *Graph) CycleMessage(graphFile string) string {
	cycles := g.Cycles()
	if len(cycles) == 0 {
		return ""
	}
	var b strings.Builder
	if len(cycles) == 1 {
		b.WriteString("Found 1 dependency cycle:\n")
	} else {
		fmt.Fprintf(&b, "Found %d dependency cycles:\n", len(cycles))
	}
	for _, c := range cycles {
		for i, p := range g.CyclePaths(c, 1) {
			if i > 0 {
				b.WriteString(`\n`)
			}
			b.WriteString("(" + joinPath(p) + ")")
		}
		b.WriteString(`\n`)
	}
	if graphFile != "" {
		b.WriteString("Cycle graph written to " + graphFile + ".")
	} else {
		b.WriteString("Try the '--graph' option and opening the resulting '.dot' file in OmniGraffle or GraphViz")
	}
	return b.String()
}

func joinPath(p []*Vertex) string {
	s := make([]string, len(p))
	for i, v := range p {
		s[i] = v.String()
	}
	return strings.Join(s, " => ")
}

// InCycle reports the vertices that are part of some cycle.
func (g *Graph) InCycle() map[*Vertex]bool {
	m := map[*Vertex]bool{}
	for _, c := range g.Cycles() {
		for _, v := range c {
			m[v] = true
		}
	}
	return m
}

// CycleStep is one step of a cycle path: the vertices it joins and every
// edge (parallel ones included) from the first to the second.
type CycleStep struct {
	From, To *Vertex
	Edges    []*Edge
}

// CycleSteps returns the steps of the paths CycleMessage prints, cycle
// by cycle, path by path.
func (g *Graph) CycleSteps() []CycleStep {
	var steps []CycleStep
	for _, c := range g.Cycles() {
		for _, p := range g.CyclePaths(c, 1) {
			for i := 0; i+1 < len(p); i++ {
				st := CycleStep{From: p[i], To: p[i+1]}
				for e := range p[i].out.each {
					if e.To == p[i+1] {
						st.Edges = append(st.Edges, e)
					}
				}
				steps = append(steps, st)
			}
		}
	}
	return steps
}

// CycleOrigins are the lines ordo prints under Puppet's cycle message:
// for every step of every cycle path, the declaration that made each
// edge and where it was written ("Notify[a] => Notify[b]: -> at
// site.pp:4:12"). c is the catalog the graph was built from, whose
// containment origins name where members joined their containers; file
// renders a file name (nil keeps it as it is).
func (g *Graph) CycleOrigins(c *catalog.Catalog, file func(string) string) []string {
	var lines []string
	for _, st := range g.CycleSteps() {
		for _, e := range st.Edges {
			lines = append(lines, st.From.String()+" => "+st.To.String()+": "+DescribeEdge(c, e, file))
		}
	}
	return lines
}

// DescribeEdge says which declaration made e and where: the arrow or
// metaparameter with its file, line and column, or for the edges
// between a container's sentinels and its members, what put the member
// in the container.
func DescribeEdge(c *catalog.Catalog, e *Edge, file func(string) string) string {
	switch e.Origin.Via {
	case "autorequire", "autobefore":
		by, other, verb := e.To, e.From, "requires"
		if e.Origin.Via == "autobefore" {
			by, other, verb = e.From, e.To, "comes before"
		}
		text := e.Origin.Via + ": " + by.String()
		if loc := provenanceText(catalog.Provenance{Via: "declared", File: e.Origin.File, Line: e.Origin.Line}, file); loc != "declared" {
			text += " (" + loc + ")"
		}
		return text + " " + verb + " " + other.String()
	case "contains":
	default:
		return provenanceText(e.Origin, file)
	}
	if e.Origin.File != "" {
		return provenanceText(e.Origin, file)
	}
	container, member := e.To.Resource, e.From.Resource
	if e.From.Whit == Admissible {
		container, member = e.From.Resource, e.To.Resource
	}
	if container == member {
		return "containment: " + displayRef(container) + " contains nothing; its start and end are joined"
	}
	text := "containment: " + displayRef(container) + " contains " + displayRef(member)
	if c != nil {
		for _, ce := range c.Containment {
			if ce.Container == container.Ref() && ce.Member == member.Ref() {
				if ce.Origin.Via != "" {
					text += " (" + provenanceText(ce.Origin, file) + ")"
				}
				break
			}
		}
	}
	return text
}

func provenanceText(p catalog.Provenance, file func(string) string) string {
	if file != nil && p.File != "" {
		p.File = file(p.File)
	}
	return p.String()
}
