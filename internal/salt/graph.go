package salt

import (
	"fmt"
	"io"
	"strings"
)

// WriteOrder prints the run order: each state (and each pre-required
// state's dry run) with its order value and the requisites that place it
// after others, with where they were written.
func WriteOrder(w io.Writer, low *Low) error {
	var b strings.Builder
	for i, s := range low.Steps {
		c := s.Chunk
		what := c.Tag()
		if s.TestRun {
			what += " (dry run for prereq)"
		}
		fmt.Fprintf(&b, "%d. %s  [order %s, %s]\n", i+1, what, formatOrder(c.Order), c.Pos)
		if s.TestRun {
			continue
		}
		for _, r := range c.Requisites {
			for _, d := range r.Deps {
				if r.Type == "prereq" {
					fmt.Fprintf(&b, "     after the dry run of %s: prereq at %s\n", d.Tag(), c.ArgPos[r.Type])
					continue
				}
				fmt.Fprintf(&b, "     after %s: %s at %s\n", d.Tag(), r.Type, c.ArgPos[r.Type])
			}
		}
		for _, p := range c.PrereqBy {
			fmt.Fprintf(&b, "     after %s, which pre-requires it at %s\n", p.Tag(), p.ArgPos["prereq"])
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func formatOrder(f float64) string {
	if f == float64(int64(f)) {
		return fmt.Sprintf("%d", int64(f))
	}
	return fmt.Sprintf("%g", f)
}

// find returns the chunk named by s: its tag, or its ID (the first chunk
// of that ID), or its name.
func (l *Low) find(s string) *Chunk {
	for _, c := range l.Chunks {
		if c.Tag() == s {
			return c
		}
	}
	for _, c := range l.Chunks {
		if c.ID == s {
			return c
		}
	}
	for _, c := range l.Chunks {
		if c.Name == s {
			return c
		}
	}
	return nil
}

// WriteWhy explains why state a runs before state b (each named by tag,
// ID or name): the chain of requisites from a to b, each with where it
// was written, or, when no requisite links them, the order values and
// labels that decide.
func WriteWhy(w io.Writer, low *Low, a, b string) error {
	ca, cb := low.find(a), low.find(b)
	switch {
	case ca == nil:
		return fmt.Errorf("no state %q", a)
	case cb == nil:
		return fmt.Errorf("no state %q", b)
	}
	// Breadth-first from a's vertex along dependency -> dependent edges.
	from, to := low.nodes[ca.Index], low.nodes[cb.Index]
	type hop struct {
		prev *node
		typ  string
	}
	seen := map[*node]hop{from: {}}
	queue := []*node{from}
	for len(queue) > 0 && to != from {
		n := queue[0]
		queue = queue[1:]
		if n == to {
			break
		}
		for _, o := range n.out {
			if _, ok := seen[o.to]; !ok {
				seen[o.to] = hop{prev: n, typ: o.types[0]}
				queue = append(queue, o.to)
			}
		}
	}
	if _, ok := seen[to]; ok && to != from {
		var lines []string
		for n := to; n != from; n = seen[n].prev {
			h := seen[n]
			dependent, dependency := n.chunk, h.prev.chunk
			what := fmt.Sprintf("%s runs after %s: %s", describe(n), describe(h.prev), h.typ)
			pos := dependent.ArgPos[h.typ]
			if h.typ == "prereq" && !h.prev.testRun {
				// The state that runs first pre-requires this one.
				pos = dependency.ArgPos["prereq"]
				what += " (which pre-requires it)"
			}
			if pos.File != "" {
				what += " at " + pos.String()
			}
			lines = append([]string{what}, lines...)
		}
		_, err := io.WriteString(w, strings.Join(lines, "\n")+"\n")
		return err
	}
	first, second := ca, cb
	if stepIndex(low, cb) < stepIndex(low, ca) {
		first, second = cb, ca
	}
	_, err := fmt.Fprintf(w, "no requisite links them; %s runs first by Salt's order: order %s (lookahead %s, label %q) before order %s (lookahead %s, label %q)\n",
		first.Tag(), formatOrder(first.Order), formatOrder(low.nodes[first.Index].effective()), first.Label(),
		formatOrder(second.Order), formatOrder(low.nodes[second.Index].effective()), second.Label())
	return err
}

func describe(n *node) string {
	if n.testRun {
		return "the dry run of " + n.chunk.Tag()
	}
	return n.chunk.Tag()
}

func stepIndex(low *Low, c *Chunk) int {
	for i, s := range low.Steps {
		if s.Chunk == c && !s.TestRun {
			return i
		}
	}
	return -1
}

// LowData returns the chunks in run order as Salt's state.show_low_sls
// shows them: each a mapping of its arguments plus state, fun, name,
// __id__, __sls__, __env__ and the normalised order.
func LowData(low *Low) []map[string]any {
	var out []map[string]any
	for _, s := range low.Steps {
		if s.TestRun {
			continue
		}
		c := s.Chunk
		m := make(map[string]any, len(c.Args)+7)
		for k, v := range c.Args {
			m[k] = v
		}
		m["state"], m["fun"], m["name"] = c.Module, c.Fun, c.Name
		m["__id__"], m["__sls__"], m["__env__"] = c.ID, c.SLS, Env
		if c.Order == float64(int64(c.Order)) {
			m["order"] = int64(c.Order)
		} else {
			m["order"] = c.Order
		}
		out = append(out, m)
	}
	return out
}
