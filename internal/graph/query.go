package graph

import (
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
)

// Vertices returns the expanded graph's vertices in insertion order:
// the non-container resources in catalog order, then each container's
// admissible and completed sentinels in catalog order of the containers.
func (g *Graph) Vertices() []*Vertex { return g.verts }

// Len is the number of vertices (Puppet's "M" in "(N of M)").
func (g *Graph) Len() int { return len(g.verts) }

// Vertex returns the vertex of a resource (nil for containers, which the
// expanded graph no longer holds, and for dropped virtual resources).
func (g *Graph) Vertex(r *catalog.Resource) *Vertex {
	v := g.byRes[r]
	if v == nil || v.gone {
		return nil
	}
	return v
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

// Predecessors returns the distinct vertices with an edge to v.
func (g *Graph) Predecessors(v *Vertex) []*Vertex { return v.in.vertices() }

// Successors returns the distinct vertices v has an edge to.
func (g *Graph) Successors(v *Vertex) []*Vertex { return v.out.vertices() }

// Edges returns every edge as Puppet lists them: grouped by target in
// vertex order, then by source.
func (g *Graph) Edges() []*Edge { return edgesByTarget(g.verts) }

// Parent returns the resource's container as the agent sees it: the
// source of the first containment edge into it; nil at the top.
func (g *Graph) Parent(r *catalog.Resource) *catalog.Resource { return g.parent[r] }

// Members returns a container's direct members in catalog order.
func (g *Graph) Members(r *catalog.Resource) []*catalog.Resource { return g.contains[r] }

// Path is v's log source: /Stage[main]/Main/File[/x] for a resource,
// /Schedule[puppet] for one without container, and the container's
// reference (Class[Main]) for a whit.
func (g *Graph) Path(v *Vertex) string {
	if v.Whit != NotWhit {
		return v.String()
	}
	return g.ResourcePath(v.Resource)
}

// ResourcePath is the path of any catalog resource, containers included
// (a class's path ends in its class name: /Stage[main]/Apache::Config).
func (g *Graph) ResourcePath(r *catalog.Resource) string {
	return "/" + strings.Join(g.segments(r), "/")
}

// ContainmentPath returns the segments of v's path:
// ["Stage[main]", "Main", "Exec[bad]"]; a whit's is its container's.
func (g *Graph) ContainmentPath(v *Vertex) []string {
	return append([]string(nil), g.segments(v.Resource)...)
}

// segments builds Puppet's pathbuilder: the parent's segments, then the
// resource's own: a class contributes its name, anything else its ref.
func (g *Graph) segments(r *catalog.Resource) []string {
	if s, ok := g.paths[r]; ok {
		return s
	}
	// Walk up iteratively: containment chains can be long.
	var chain []*catalog.Resource
	seen := map[*catalog.Resource]bool{}
	for p := r; p != nil && !seen[p]; p = g.parent[p] {
		if _, ok := g.paths[p]; ok {
			chain = append(chain, p)
			break
		}
		seen[p] = true
		chain = append(chain, p)
	}
	var base []string
	last := chain[len(chain)-1]
	if s, ok := g.paths[last]; ok {
		base = s
		chain = chain[:len(chain)-1]
	}
	for i := len(chain) - 1; i >= 0; i-- {
		p := chain[i]
		seg := displayRef(p)
		if p.Type == "Class" {
			seg = strings.TrimSuffix(strings.TrimPrefix(seg, "Class["), "]")
		}
		s := make([]string, len(base), len(base)+1)
		copy(s, base)
		s = append(s, seg)
		g.paths[p] = s
		base = s
	}
	return g.paths[r]
}
