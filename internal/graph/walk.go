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

// NewWalk starts a traversal of the whole graph.
func (g *Graph) NewWalk() *Walk {
	w := &Walk{g: g, blockers: make([]int, len(g.verts)), done: make([]bool, len(g.verts)), left: len(g.verts)}
	// Room for every vertex: the members of a container all become ready
	// at once, and the queue would otherwise grow by steps.
	w.ready = make(readyQueue, 0, len(g.verts))
	for _, v := range g.verts {
		n := int(v.in.live)
		w.blockers[v.id] = n
		if n == 0 {
			w.ready = append(w.ready, v)
		}
	}
	heap.Init(&w.ready)
	return w
}

// Next removes and returns the lowest-priority ready vertex, or nil when
// none is ready now (all done, or everything left waits on a vertex not
// yet Done).
func (w *Walk) Next() *Vertex {
	for len(w.ready) > 0 {
		v := heap.Pop(&w.ready).(*Vertex)
		if !w.done[v.id] {
			return v
		}
	}
	return nil
}

// Ready reports how many vertices are ready now.
func (w *Walk) Ready() int { return len(w.ready) }

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

type readyQueue []*Vertex

func (q readyQueue) Len() int { return len(q) }
func (q readyQueue) Less(i, j int) bool {
	if q[i].prio != q[j].prio {
		return q[i].prio < q[j].prio
	}
	return q[i].seq < q[j].seq
}
func (q readyQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *readyQueue) Push(x any)   { *q = append(*q, x.(*Vertex)) }
func (q *readyQueue) Pop() any {
	old := *q
	v := old[len(old)-1]
	old[len(old)-1] = nil
	*q = old[:len(old)-1]
	return v
}
