package graph

// adjacency is one side (out or in) of a vertex's edges: an
// insertion-ordered map from the neighbour to the parallel edges between
// the two, as Puppet keeps them. A neighbour whose last edge is removed
// loses its place; adding an edge to it again puts it at the end. Removed
// entries are left as holes and compacted when they dominate, so removing
// every edge of a vertex with many neighbours stays linear.
type adjacency struct {
	keys  []*Vertex // nil marks a removed entry
	edges [][]*Edge
	pos   map[*Vertex]int // built only once the list grows past a few entries
	live  int
}

const adjacencyIndexAt = 8

func (a *adjacency) find(v *Vertex) int {
	if a.pos != nil {
		if i, ok := a.pos[v]; ok {
			return i
		}
		return -1
	}
	for i, k := range a.keys {
		if k == v {
			return i
		}
	}
	return -1
}

func (a *adjacency) add(v *Vertex, e *Edge) {
	if i := a.find(v); i >= 0 {
		a.edges[i] = append(a.edges[i], e)
		return
	}
	a.keys = append(a.keys, v)
	a.edges = append(a.edges, []*Edge{e})
	a.live++
	if a.pos != nil {
		a.pos[v] = len(a.keys) - 1
	} else if len(a.keys) > adjacencyIndexAt {
		a.reindex()
	}
}

func (a *adjacency) reindex() {
	a.pos = make(map[*Vertex]int, len(a.keys))
	for i, k := range a.keys {
		if k != nil {
			a.pos[k] = i
		}
	}
}

// remove drops edge e, kept under neighbour v.
func (a *adjacency) remove(v *Vertex, e *Edge) {
	i := a.find(v)
	if i < 0 {
		return
	}
	list := a.edges[i]
	for j, x := range list {
		if x == e {
			list = append(list[:j:j], list[j+1:]...)
			break
		}
	}
	if len(list) > 0 {
		a.edges[i] = list
		return
	}
	a.keys[i] = nil
	a.edges[i] = nil
	a.live--
	if a.pos != nil {
		delete(a.pos, v)
	}
	if len(a.keys) > 16 && a.live < len(a.keys)/2 {
		a.compact()
	}
}

func (a *adjacency) compact() {
	n := 0
	for i, k := range a.keys {
		if k != nil {
			a.keys[n] = k
			a.edges[n] = a.edges[i]
			n++
		}
	}
	clear(a.keys[n:])
	clear(a.edges[n:])
	a.keys = a.keys[:n]
	a.edges = a.edges[:n]
	if a.pos != nil {
		a.reindex()
	}
}

// has reports whether there is at least one edge to or from v.
func (a *adjacency) has(v *Vertex) bool { return a.find(v) >= 0 }

// vertices returns the distinct neighbours in order.
func (a *adjacency) vertices() []*Vertex {
	out := make([]*Vertex, 0, a.live)
	for _, k := range a.keys {
		if k != nil {
			out = append(out, k)
		}
	}
	return out
}

// all returns every edge, grouped by neighbour in order.
func (a *adjacency) all() []*Edge {
	var out []*Edge
	for i, k := range a.keys {
		if k != nil {
			out = append(out, a.edges[i]...)
		}
	}
	return out
}
