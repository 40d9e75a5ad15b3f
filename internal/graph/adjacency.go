package graph

import "slices"

// adjacency is one side (out or in) of a vertex's edges: an
// insertion-ordered map from the neighbour to the parallel edges between
// the two, as Puppet keeps them. A neighbour whose last edge is removed
// loses its place; adding an edge to it again puts it at the end. Removed
// entries are left as holes and compacted when they dominate, so removing
// every edge of a vertex with many neighbours stays linear.
type adjacency struct {
	entries []adjEntry
	pos     map[*Vertex]int // built when a list of more than a few entries is first searched
	live    int32
	side    listSide
}

// listSide says which end of its edges a list's neighbours are.
type listSide uint8

const (
	sideUnknown listSide = iota // only self-loops so far, whose ends are one
	sideOut                     // a vertex's out-edges: neighbours are targets
	sideIn                      // its in-edges: neighbours are sources
)

// adjEntry holds the edges to one neighbour; the first is kept inline
// because most pairs have exactly one, and the others, rare, behind a
// pointer, which keeps the entry at two words. The neighbour is the
// first edge's other end.
type adjEntry struct {
	e    *Edge // nil marks a removed entry
	more *[]*Edge
}

// to is the neighbour of an entry of an out-list: its edges' target; nil
// for a removed entry.
func (en adjEntry) to() *Vertex {
	if en.e == nil {
		return nil
	}
	return en.e.To
}

// neighbour is the vertex at the other end of en's edges, nil for a
// removed entry.
func (a *adjacency) neighbour(en adjEntry) *Vertex {
	switch {
	case en.e == nil:
		return nil
	case a.side == sideIn:
		return en.e.From
	}
	return en.e.To
}

const adjacencyIndexAt = 8

func (a *adjacency) find(v *Vertex) int {
	if a.pos == nil && len(a.entries) > adjacencyIndexAt {
		a.reindex()
	}
	if a.pos != nil {
		if i, ok := a.pos[v]; ok {
			return i
		}
		return -1
	}
	for i := range a.entries {
		if a.neighbour(a.entries[i]) == v {
			return i
		}
	}
	return -1
}

// add appends e under neighbour v. A first list is carved from slab, a
// block shared by many vertices, so small lists cost no allocation each.
func (a *adjacency) add(v *Vertex, e *Edge, slab *[]adjEntry) {
	a.learnSide(v, e)
	if i := a.find(v); i >= 0 {
		en := &a.entries[i]
		if en.more == nil {
			en.more = new([]*Edge)
		}
		*en.more = append(*en.more, e)
		return
	}
	a.push(v, e, slab)
}

// addNew is add for a neighbour v the list is known not to hold yet: it
// looks nothing up. A long list filled this way is indexed only when it
// is first searched.
func (a *adjacency) addNew(v *Vertex, e *Edge, slab *[]adjEntry) {
	a.learnSide(v, e)
	a.push(v, e, slab)
}

func (a *adjacency) learnSide(v *Vertex, e *Edge) {
	if a.side == sideUnknown && e.From != e.To {
		a.side = sideOut
		if e.From == v {
			a.side = sideIn
		}
	}
}

// push appends a new entry for neighbour v.
func (a *adjacency) push(v *Vertex, e *Edge, slab *[]adjEntry) {
	if a.entries == nil {
		if len(*slab) < 2 {
			*slab = make([]adjEntry, 4096)
		}
		a.entries = (*slab)[0:0:2]
		*slab = (*slab)[2:]
	}
	a.entries = append(a.entries, adjEntry{e: e})
	a.live++
	if a.pos != nil {
		a.pos[v] = len(a.entries) - 1
	}
}

// reserve makes room for n more neighbours, for a list whose size is
// known before it is filled.
func (a *adjacency) reserve(n int) {
	if n <= adjacencyIndexAt || cap(a.entries)-len(a.entries) >= n {
		return
	}
	a.entries = slices.Grow(a.entries, n)
}

func (a *adjacency) reindex() {
	a.pos = make(map[*Vertex]int, len(a.entries))
	for i, en := range a.entries {
		if en.e != nil {
			a.pos[a.neighbour(en)] = i
		}
	}
}

// remove drops edge e, kept under neighbour v.
func (a *adjacency) remove(v *Vertex, e *Edge) {
	i := a.find(v)
	if i < 0 {
		return
	}
	en := &a.entries[i]
	if en.e != e {
		if en.more == nil {
			return
		}
		for j, x := range *en.more {
			if x == e {
				*en.more = append((*en.more)[:j:j], (*en.more)[j+1:]...)
				break
			}
		}
		if len(*en.more) == 0 {
			en.more = nil
		}
		return
	}
	if en.more != nil {
		en.e = (*en.more)[0]
		if rest := (*en.more)[1:]; len(rest) > 0 {
			*en.more = rest
		} else {
			en.more = nil
		}
		return
	}
	*en = adjEntry{}
	a.live--
	if a.pos != nil {
		delete(a.pos, v)
	}
	if len(a.entries) > 16 && int(a.live) < len(a.entries)/2 {
		a.compact()
	}
}

func (a *adjacency) compact() {
	n := 0
	for _, en := range a.entries {
		if en.e != nil {
			a.entries[n] = en
			n++
		}
	}
	clear(a.entries[n:])
	a.entries = a.entries[:n]
	if a.pos != nil {
		a.reindex()
	}
}

// has reports whether there is at least one edge to or from v.
func (a *adjacency) has(v *Vertex) bool { return a.find(v) >= 0 }

// vertices returns the distinct neighbours in order.
func (a *adjacency) vertices() []*Vertex {
	out := make([]*Vertex, 0, a.live)
	for _, en := range a.entries {
		if en.e != nil {
			out = append(out, a.neighbour(en))
		}
	}
	return out
}

// all returns every edge, grouped by neighbour in order.
func (a *adjacency) all() []*Edge { return a.appendAll(make([]*Edge, 0, a.live)) }

func (a *adjacency) appendAll(out []*Edge) []*Edge {
	for _, en := range a.entries {
		if en.e != nil {
			out = append(out, en.e)
			if en.more != nil {
				out = append(out, *en.more...)
			}
		}
	}
	return out
}

// each yields every edge in appendAll's order.
func (a *adjacency) each(yield func(*Edge) bool) {
	for _, en := range a.entries {
		if en.e == nil {
			continue
		}
		if !yield(en.e) {
			return
		}
		if en.more == nil {
			continue
		}
		for _, e := range *en.more {
			if !yield(e) {
				return
			}
		}
	}
}
