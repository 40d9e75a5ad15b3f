package graph

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
	w.ready.init()
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
	w.ready.init()
	return w
}

// Next removes and returns the lowest-priority ready vertex, or nil when
// none is ready now (all done, or everything left waits on a vertex not
// yet Done).
func (w *Walk) Next() *Vertex {
	for len(w.ready.vs) > 0 {
		v := w.ready.pop()
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
			w.ready.push(s)
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

// readyQueue is a binary heap of ready vertices, lowest priority first.
// Typed rather than through container/heap: a run of 100,000 resources
// pops as many, and the interface calls were most of the cost.
type readyQueue struct {
	vs []*Vertex
	g  *Graph
}

func (q *readyQueue) less(a, b *Vertex) bool {
	if a.prio != b.prio {
		return a.prio < b.prio
	}
	return q.g.before(a, b)
}

func (q *readyQueue) init() {
	for i := len(q.vs)/2 - 1; i >= 0; i-- {
		q.down(i)
	}
}

func (q *readyQueue) push(v *Vertex) {
	q.vs = append(q.vs, v)
	i := len(q.vs) - 1
	for i > 0 {
		parent := (i - 1) / 2
		if !q.less(v, q.vs[parent]) {
			break
		}
		q.vs[i] = q.vs[parent]
		i = parent
	}
	q.vs[i] = v
}

func (q *readyQueue) pop() *Vertex {
	n := len(q.vs) - 1
	top := q.vs[0]
	q.vs[0] = q.vs[n]
	q.vs[n] = nil
	q.vs = q.vs[:n]
	if n > 0 {
		q.down(0)
	}
	return top
}

func (q *readyQueue) down(i int) {
	n := len(q.vs)
	v := q.vs[i]
	for {
		c := 2*i + 1
		if c >= n {
			break
		}
		if r := c + 1; r < n && q.less(q.vs[r], q.vs[c]) {
			c = r
		}
		if !q.less(q.vs[c], v) {
			break
		}
		q.vs[i] = q.vs[c]
		i = c
	}
	q.vs[i] = v
}
