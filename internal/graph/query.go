package graph

import (
	"iter"
	"slices"

	"github.com/ordoproject/ordo/internal/catalog"
)

// ID is the vertex's dense index among the graph's vertices, from 0 to
// Len()-1: a key for slices that hold something for every vertex.
func (v *Vertex) ID() int { return int(v.id) }

// Vertices returns the expanded graph's vertices in insertion order:
// the non-container resources in catalog order, then each container's
// admissible and completed sentinels in catalog order of the containers.
func (g *Graph) Vertices() []*Vertex { return g.verts }

// Len is the number of vertices (Puppet's "M" in "(N of M)").
func (g *Graph) Len() int { return len(g.verts) }

// Vertex returns the vertex of a resource (nil for containers, which the
// expanded graph no longer holds, and for dropped virtual resources).
func (g *Graph) Vertex(r *catalog.Resource) *Vertex {
	i, ok := g.index(r)
	if !ok || g.rv[i].gone {
		return nil
	}
	return g.rv[i]
}

// Sentinels returns a container's admissible and completed whits.
func (g *Graph) Sentinels(container *catalog.Resource) (admissible, completed *Vertex) {
	for _, v := range g.verts {
		if v.Resource == container {
			switch v.Whit {
			case Admissible:
				admissible = v
			case Completed:
				completed = v
			}
		}
	}
	return admissible, completed
}

// Out returns v's out-edges grouped by target in insertion order,
// parallel edges kept.
func (g *Graph) Out(v *Vertex) []*Edge { return v.out.all() }

// In returns v's in-edges grouped by source in insertion order.
func (g *Graph) In(v *Vertex) []*Edge { return v.in.all() }

// InEdges yields v's in-edges in In's order without building a slice.
func (g *Graph) InEdges(v *Vertex) iter.Seq[*Edge] { return v.in.each }

// OutEdges yields v's out-edges in Out's order without building a slice.
func (g *Graph) OutEdges(v *Vertex) iter.Seq[*Edge] { return v.out.each }

// AppendIn appends v's in-edges, in In's order, to buf: with a buffer on
// the caller's stack, asking costs no allocation.
func (g *Graph) AppendIn(buf []*Edge, v *Vertex) []*Edge { return v.in.appendAll(buf) }

// Predecessors returns the distinct vertices with an edge to v.
func (g *Graph) Predecessors(v *Vertex) []*Vertex { return v.in.vertices() }

// Successors returns the distinct vertices v has an edge to.
func (g *Graph) Successors(v *Vertex) []*Vertex { return v.out.vertices() }

// Edges returns every edge as Puppet lists them: grouped by target in
// vertex order, then by source.
func (g *Graph) Edges() []*Edge { return edgesByTarget(g.verts) }

// Parent returns the resource's container as the agent sees it: the
// source of the first containment edge into it; nil at the top.
func (g *Graph) Parent(r *catalog.Resource) *catalog.Resource {
	i, ok := g.index(r)
	if !ok || g.parent[i] < 0 {
		return nil
	}
	return g.res[g.parent[i]]
}

// Members returns a container's direct members in catalog order.
func (g *Graph) Members(r *catalog.Resource) []*catalog.Resource {
	i, ok := g.index(r)
	if !ok {
		return nil
	}
	out := make([]*catalog.Resource, len(g.contains[i]))
	for k, m := range g.contains[i] {
		out[k] = g.res[m]
	}
	return out
}

// Path is v's log source: /Stage[main]/Main/File[/x] for a resource,
// /Schedule[puppet] for one without container, and the container's
// reference (Class[Main]) for a whit.
func (g *Graph) Path(v *Vertex) string {
	if v.Whit != NotWhit {
		return v.String()
	}
	// A resource that contains nothing (most) has its path made in one
	// piece from its parent's, which is kept.
	if i := v.ri; len(g.contains[i]) == 0 && g.parent[i] >= 0 && g.res[i].Type != "Class" {
		_, base := g.segments(g.parent[i])
		r := g.res[i]
		return base + "/" + r.Type + "[" + r.Title + "]"
	}
	_, full := g.segments(v.ri)
	return full
}

// index finds a kept resource's index. The index is made at the first
// question: a run asks by vertex, and needs none.
func (g *Graph) index(r *catalog.Resource) (int32, bool) {
	g.resIndexOnce.Do(func() {
		g.resIndex = make(map[*catalog.Resource]int32, len(g.res))
		for i, r := range g.res {
			g.resIndex[r] = int32(i)
		}
	})
	i, ok := g.resIndex[r]
	return i, ok
}

// ResourcePath is the path of any kept catalog resource, containers
// included (a class's path ends in its class name: /Stage[main]/Apache::Config).
func (g *Graph) ResourcePath(r *catalog.Resource) string {
	i, ok := g.index(r)
	if !ok {
		return "/" + displayRef(r)
	}
	_, full := g.segments(i)
	return full
}

// ContainmentPath returns the segments of v's path:
// ["Stage[main]", "Main", "Exec[bad]"]; a whit's is its container's.
// The slice may be the graph's own, shared by every caller: read it,
// never change it.
func (g *Graph) ContainmentPath(v *Vertex) []string {
	s, _ := g.segments(v.ri)
	return s[:len(s):len(s)] // an append by a caller copies
}

// segments builds Puppet's pathbuilder: the parent's segments, then the
// resource's own: a class contributes its name, anything else its ref;
// and the path they make. The paths of containers are kept, as many
// resources share them; a resource that contains nothing has its own
// made when asked, so that a run does not hold a path for every
// resource. Walkers may ask from several goroutines.
func (g *Graph) segments(i int32) ([]string, string) {
	g.pathMu.Lock()
	defer g.pathMu.Unlock()
	if p, ok := g.paths[i]; ok {
		return p.segments, p.full
	}
	// Walk up without recursion: containment chains can be long, and a
	// broken catalog may even loop.
	var chain []int32
	for p := i; p >= 0 && len(chain) <= len(g.res); p = g.parent[p] {
		chain = append(chain, p)
		if _, ok := g.paths[p]; ok {
			break
		}
	}
	var base []string
	basePath := ""
	if p, ok := g.paths[chain[len(chain)-1]]; ok {
		base, basePath = p.segments, p.full
		chain = chain[:len(chain)-1]
	}
	for k := len(chain) - 1; k >= 0; k-- {
		p := chain[k]
		r := g.res[p]
		// One string holds the path; the segment is its tail.
		var full string
		switch {
		case r.Type == "Class" && r.Title == "main":
			full = basePath + "/Main"
		case r.Type == "Class":
			full = basePath + "/" + r.Title
		default:
			full = basePath + "/" + r.Type + "[" + r.Title + "]"
		}
		s := make([]string, len(base), len(base)+1)
		copy(s, base)
		s = append(s, full[len(basePath)+1:])
		if k > 0 || len(g.contains[p]) > 0 {
			if g.paths == nil {
				g.paths = map[int32]pathEntry{}
			}
			g.paths[p] = pathEntry{s, full}
		}
		base, basePath = s, full
	}
	return base, basePath
}

// Why explains why from is applied before to: the edges of a shortest
// path between them (the first edge of each pair, in out-edge order),
// or nil when to does not depend on from. Each edge carries its kind and
// the declaration it came from.
func (g *Graph) Why(from, to *Vertex) []*Edge {
	if from == to {
		return nil
	}
	via := map[*Vertex]*Edge{from: nil}
	queue := []*Vertex{from}
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, en := range v.out.entries {
			next := en.to()
			if next == nil {
				continue
			}
			if _, seen := via[next]; seen {
				continue
			}
			via[next] = en.e
			if next == to {
				var path []*Edge
				for e := via[to]; e != nil; e = via[e.From] {
					path = append(path, e)
				}
				slices.Reverse(path)
				return path
			}
			queue = append(queue, next)
		}
	}
	return nil
}
