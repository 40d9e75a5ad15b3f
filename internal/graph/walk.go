package graph

import "container/heap"

// Walk is Puppet's prioritized traversal: a vertex is ready once every
// distinct predecessor is done, and among ready vertices the one with
// the lowest priority goes first. Dependencies only ever delay a vertex:
// with `first require third`, the order is second, third, first.
type Walk struct {
	g        *Graph
	blockers []int
	done     []bool
	ready    readyQueue
	left     int
}

// Regenerate brings the walk up to date after Generate added vertices
// and edges. As when Puppet clears its blocker counts, a vertex is
// blocked by its distinct predecessors not yet done. Only the new
// vertices and the targets of their edges can have changed: Generate's
// other edges end at new vertices, and an edge it moved from the
// generator to its sentinel replaced one predecessor not yet done by
// another.
func (w *Walk) Regenerate() {
	old := len(w.done)
	n := len(w.g.verts)
	w.left += n - old
	w.blockers = append(w.blockers, make([]int, n-len(w.blockers))...)
	w.done = append(w.done, make([]bool, n-old)...)
	count := func(v *Vertex) {
		b := 0
		for _, en := range v.in.entries {
			if u := v.in.neighbour(en); u != nil && !w.done[u.id] {
				b++
			}
		}
		w.blockers[v.id] = b
	}
	blocked := false
	for _, v := range w.g.verts[old:] {
		count(v)
		for _, en := range v.out.entries {
			if u := en.to(); u != nil && int(u.id) < old && !w.done[u.id] {
				// Only a vertex that was ready (no blockers) can have to
				// leave the ready queue.
				wasReady := w.blockers[u.id] == 0
				count(u)
				blocked = blocked || (wasReady && w.blockers[u.id] > 0)
			}
		}
	}
	if !blocked {
		return
	}
	kept := w.ready.vs[:0]
	for _, v := range w.ready.vs {
		if w.blockers[v.id] == 0 {
			kept = append(kept, v)
		}
	}
	w.ready.vs = kept
	heap.Init(&w.ready)
}

// NewWalk starts a traversal of the whole graph.
func (g *Graph) NewWalk() *Walk {
	w := &Walk{g: g, blockers: make([]int, len(g.verts)), done: make([]bool, len(g.verts)), left: len(g.verts)}
	w.ready.g = g
	// Room for every vertex: the members of a container all become ready
	// at once, and the queue would otherwise grow by steps.
	w.ready.vs = make([]*Vertex, 0, len(g.verts))
	for _, v := range g.verts {
		n := int(v.in.live)
		w.blockers[v.id] = n
		if n == 0 {
			w.ready.vs = append(w.ready.vs, v)
		}
	}
	heap.Init(&w.ready)
	return w
}

// Next removes and returns the lowest-priority ready vertex, or nil when
// none is ready now (all done, or everything left waits on a vertex not
// yet Done).
func (w *Walk) Next() *Vertex {
	for len(w.ready.vs) > 0 {
		v := heap.Pop(&w.ready).(*Vertex)
		if !w.done[v.id] {
			return v
		}
	}
	return nil
}

// Ready reports how many vertices are ready now.
func (w *Walk) Ready() int { return len(w.ready.vs) }

// Done records that v finished (applied, failed or skipped) and makes its
// successors ready once all their predecessors are done.
func (w *Walk) Done(v *Vertex) {
	if w.done[v.id] {
		return
	}
	w.done[v.id] = true
	w.left--
	for _, en := range v.out.entries {
		s := en.to()
		if s == nil {
			continue
		}
		w.blockers[s.id]--
		if w.blockers[s.id] == 0 && !w.done[s.id] {
			heap.Push(&w.ready, s)
		}
	}
}

// Remaining is the number of vertices not yet Done.
func (w *Walk) Remaining() int { return w.left }

// Order walks the whole graph, marking each vertex done as soon as it is
// taken, and returns the visiting order. Vertices stuck behind a cycle
// are left out.
func (g *Graph) Order() []*Vertex {
	w := g.NewWalk()
	out := make([]*Vertex, 0, len(g.verts))
	for v := w.Next(); v != nil; v = w.Next() {
		out = append(out, v)
		w.Done(v)
	}
	return out
}

// readyQueue is a heap of ready vertices, lowest priority first.
type readyQueue struct {
	vs []*Vertex
	g  *Graph
}

func (q readyQueue) Len() int { return len(q.vs) }
func (q readyQueue) Less(i, j int) bool {
	a, b := q.vs[i], q.vs[j]
	if a.prio != b.prio {
		return a.prio < b.prio
	}
	return q.g.before(a, b)
}
func (q readyQueue) Swap(i, j int) { q.vs[i], q.vs[j] = q.vs[j], q.vs[i] }
func (q *readyQueue) Push(x any)   { q.vs = append(q.vs, x.(*Vertex)) }
func (q *readyQueue) Pop() any {
	old := q.vs
	v := old[len(old)-1]
	old[len(old)-1] = nil
	q.vs = old[:len(old)-1]
	return v
}
