package salt

import (
	"container/heap"
	"math/big"

	"fmt"
	"github.com/ordoproject/ordo/internal/catalog"
	"math"
	"sort"
	"strconv"
	"strings"
)

// Chunk is one low chunk: the unit Salt orders and runs. One ID's state
// declaration gives one chunk, or one per entry of its names.
type Chunk struct {
	Index        int // position in compile order
	Module, Fun  string
	Name, ID     string
	SLS          string
	IncludedFrom []string
	// Args holds every argument, requisites included, as decoded.
	Args   map[string]any
	ArgPos map[string]Pos
	Pos    Pos
	// Order is the normalised order value the sort uses.
	Order     float64
	nameOrder int
	title     string // the resource title, see Ref

	// Requisites are the resolved direct requisites, in Salt's type order.
	Requisites []Requisite
	// PrereqBy are the chunks that pre-require this one: it runs only if
	// none of them failed.
	PrereqBy []*Chunk
	// ExternalIn are the _in requisites naming resources of another
	// language (Options.External): those resources depend on this chunk.
	ExternalIn []Requisite
}

// Requisite is one resolved requisite of a chunk: its type and the chunks
// it names.
type Requisite struct {
	Type string
	Deps []*Chunk
	// External are the resources of another language the requisite
	// names (see Options.External), in the order written.
	External []catalog.Ref
}

// Tag is the chunk's key in Salt's results:
// <module>_|-<ID>_|-<name>_|-<function>.
func (c *Chunk) Tag() string {
	return c.Module + "_|-" + c.ID + "_|-" + c.Name + "_|-" + c.Fun
}

// Label is the sort's tie-breaker: module, name and function with no
// separator.
func (c *Chunk) Label() string { return c.Module + c.Name + c.Fun }

func (c *Chunk) clone() *Chunk {
	n := *c
	n.Args = make(map[string]any, len(c.Args))
	for k, v := range c.Args {
		n.Args[k] = v
	}
	return &n
}

// Step is one entry of the run sequence: a chunk, or the dry run of a
// pre-required chunk.
type Step struct {
	Chunk   *Chunk
	TestRun bool
}

// Low is the compiled, ordered run.
type Low struct {
	// Chunks are in compile order.
	Chunks []*Chunk
	// Steps are in run order.
	Steps []Step
	// Waits lists, for each step, the steps it must wait for: its
	// requisites (and, for a pre-required state, the states that
	// pre-require it). A parallel run may start a step once these are
	// done.
	Waits [][]int

	nodes    []*node
	external string // Options.External
	globs    *globCache
}

func (l *Low) add(c *Chunk) {
	c.Index = len(l.Chunks)
	l.Chunks = append(l.Chunks, c)
}

// normaliseOrder turns each chunk's order option into the number the sort
// uses: first, last, negative numbers and the cap, plus the fractions of
// names.
func (l *Low) normaliseOrder() {
	// The cap is 100 past the largest positive integer order (Python's
	// int: booleans count, floats do not).
	maxInt, have := 0.0, false
	for _, c := range l.Chunks {
		if n, ok := intOrder(c.Args["order"]); ok && n > 0 {
			if !have || n > maxInt {
				maxInt = n
			}
			have = true
		}
	}
	cap := 1.0
	if have {
		cap = maxInt + 100
	}
	for _, c := range l.Chunks {
		v, ok := c.Args["order"]
		switch {
		case !ok:
			c.Order = cap
		default:
			if n, isInt := intOrder(v); isInt {
				c.Order = n
			} else if f, isFloat := v.(float64); isFloat {
				c.Order = f
			} else {
				switch v {
				case "first":
					c.Order = 0
				case "last":
					c.Order = cap + 1000000
				default:
					c.Order = cap
				}
			}
			if c.Order < 0 {
				c.Order = cap + 1000000 + c.Order
			}
		}
		if c.nameOrder > 0 {
			c.Order += float64(c.nameOrder) / 10000
		}
	}
}

// intOrder reads an order that is a Python int: an integer of any size,
// or a boolean.
func intOrder(v any) (float64, bool) {
	switch o := v.(type) {
	case int:
		return float64(o), true
	case int64:
		return float64(o), true
	case uint64:
		return float64(o), true
	case *big.Int:
		f, _ := new(big.Float).SetInt(o).Float64()
		return f, true
	case bool:
		if o {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

// node is a vertex of the ordering graph: a chunk, or the hidden dry-run
// vertex of a pre-required chunk.
type node struct {
	index   int
	chunk   *Chunk
	testRun bool
	out     []*outEdges // grouped by dependent, first-linked first
	indeg   int
	eff     float64
	effDone bool
}

// outEdges are the edges from one node to one dependent, by type.
type outEdges struct {
	to    *node
	types []string
}

func (n *node) link(to *node, typ string) {
	for _, o := range n.out {
		if o.to == to {
			o.types = append(o.types, typ)
			to.indeg++
			return
		}
	}
	n.out = append(n.out, &outEdges{to: to, types: []string{typ}})
	to.indeg++
}

// requisiteWeight ranks requisite types for the sort's lookahead.
var requisiteWeight = map[string]int{"onfail": 0, "onfail_any": 1, "onfail_all": 2, "require": 3, "require_any": 4, "onchanges": 5, "onchanges_any": 6, "watch": 7, "watch_any": 8, "prereq": 9}

// hasModWatch names Salt's modules with a mod_watch function, used when
// the compile is not told which functions exist: for the others watch is
// plain require.
var hasModWatch = map[string]bool{"test": true, "cmd": true, "service": true, "pkg": true}

// link resolves every direct requisite into graph edges. Each chunk gets at
// most one error: the first reference that names nothing.
func (l *Low) link(globs *globCache, hasModWatch func(module string) bool) Errors {
	l.globs = globs
	index := l.buildIndex()
	l.nodes = make([]*node, len(l.Chunks))
	for i, c := range l.Chunks {
		l.nodes[i] = &node{index: i, chunk: c}
	}
	testNodes := map[*Chunk]*node{}
	testNode := func(c *Chunk) *node {
		if n := testNodes[c]; n != nil {
			return n
		}
		n := &node{index: len(l.nodes), chunk: c, testRun: true}
		l.nodes = append(l.nodes, n)
		testNodes[c] = n
		return n
	}
	var errs Errors
	for _, c := range l.Chunks {
		var chunkErr *Error
		for _, typ := range directRequisites {
			raw, ok := c.Args[typ]
			if !ok {
				continue
			}
			list, _ := raw.([]any)
			linkType := typ
			if !hasModWatch(c.Module) {
				switch typ {
				case "watch":
					linkType = "require"
				case "watch_any":
					linkType = "require_any"
				}
			}
			var deps []*Chunk
			var external []catalog.Ref
			for _, item := range list {
				kind, target := "id", ""
				switch item := item.(type) {
				case string:
					target = item
				case map[string]any:
					for k, v := range item {
						kind, _, _ = strings.Cut(k, ".")
						if v == nil {
							kind = ""
							continue
						}
						s, ok := v.(string)
						if !ok {
							if chunkErr == nil {
								chunkErr = &Error{Pos: c.ArgPos[typ], Msg: fmt.Sprintf("Requisite [%s: %s] in state [%s] in SLS [%s] must have a string as the value", typ, kind, c.Name, c.SLS)}
							}
							kind = ""
							continue
						}
						target = s
					}
				default:
					continue
				}
				if kind == "" {
					continue
				}
				if kind == l.external && kind != "" {
					if ref, ok := catalog.ParseRef(target); ok {
						external = append(external, ref)
						continue
					}
				}
				found := l.match(index, kind, target)
				if len(found) == 0 && kind == "sls" && isGlob(target) {
					continue
				}
				if len(found) == 0 {
					if chunkErr == nil {
						chunkErr = &Error{Pos: c.ArgPos[typ], Msg: fmt.Sprintf("Referenced state does not exist for requisite [%s: (%s: %s)] in state [%s] in SLS [%s]", typ, kind, target, c.Name, c.SLS)}
					}
					continue
				}
				for _, d := range found {
					deps = append(deps, d)
					if typ == "prereq" {
						t := testNode(d)
						t.link(l.nodes[c.Index], "prereq")
						l.nodes[c.Index].link(l.nodes[d.Index], "prereq")
						d.PrereqBy = append(d.PrereqBy, c)
						continue
					}
					l.nodes[d.Index].link(l.nodes[c.Index], linkType)
				}
			}
			if len(deps) > 0 || len(external) > 0 {
				c.Requisites = append(c.Requisites, Requisite{Type: linkType, Deps: deps, External: external})
			}
		}
		if chunkErr != nil {
			errs = append(errs, chunkErr)
		}
	}
	if len(errs) > 0 {
		return errs
	}
	// A dry-run vertex waits for everything its chunk waits for, except
	// other prereqs.
	for _, n := range l.nodes {
		for _, o := range n.out {
			if t := testNodes[o.to.chunk]; t != nil && !o.to.testRun && t != n {
				for _, typ := range o.types {
					if typ != "prereq" {
						n.link(t, typ)
					}
				}
			}
		}
	}
	return nil
}

// chunkKey is a key of the requisite index: a module, "id" or "sls",
// and an ID or name.
type chunkKey struct{ kind, value string }

// buildIndex registers every chunk under its module and "id", by ID and
// by name, as Salt's requisite matching does.
func (l *Low) buildIndex() map[chunkKey][]*Chunk {
	index := map[chunkKey][]*Chunk{}
	add := func(k chunkKey, c *Chunk) {
		list := index[k]
		if len(list) > 0 && list[len(list)-1] == c {
			return
		}
		index[k] = append(list, c)
	}
	for _, c := range l.Chunks {
		add(chunkKey{c.Module, c.Name}, c)
		add(chunkKey{c.Module, c.ID}, c)
		add(chunkKey{"id", c.ID}, c)
		add(chunkKey{"id", c.Name}, c)
	}
	return index
}

// match returns the chunks a requisite names: kind is a module, "id" or
// "sls"; target an ID or name (or SLS name), or a glob of them.
func (l *Low) match(index map[chunkKey][]*Chunk, kind, target string) []*Chunk {
	globs := l.globs
	if globs == nil {
		globs = &globCache{}
		l.globs = globs
	}
	var found []*Chunk
	switch {
	case kind == "sls":
		for _, d := range l.Chunks {
			if slsMatches(globs, target, d) {
				found = append(found, d)
			}
		}
	case isGlob(target):
		seen := map[*Chunk]bool{}
		for _, d := range l.Chunks {
			if seen[d] {
				continue
			}
			if (kind == "id" || d.Module == kind) && (globs.match(target, d.ID) || globs.match(target, d.Name)) {
				seen[d] = true
				found = append(found, d)
			}
		}
	default:
		found = index[chunkKey{kind, target}]
	}
	return found
}

// Find returns the states a requisite {kind: target} names, as Salt
// matches them: kind is a module, "id" (any module) or "sls" (the states
// of that SLS and what it included); target is an ID or name, an SLS
// name, or a glob.
func (l *Low) Find(kind, target string) []*Chunk {
	return l.match(l.buildIndex(), kind, target)
}

func slsMatches(globs *globCache, target string, c *Chunk) bool {
	match := func(s string) bool {
		if isGlob(target) {
			return globs.match(target, s)
		}
		return s == target
	}
	if match(c.SLS) {
		return true
	}
	for _, s := range c.IncludedFrom {
		if match(s) {
			return true
		}
	}
	return false
}

// effective is the order a node sorts by: its own, or that of a direct
// dependent pulled forward by the one-level lookahead.
func (n *node) effective() float64 {
	if n.effDone {
		return n.eff
	}
	eff := n.chunk.Order
	runmax := math.MinInt
	for _, o := range n.out {
		for _, typ := range o.types {
			w := requisiteWeight[typ]
			if w >= runmax {
				runmax = w
				if o.to.chunk.Order < eff {
					eff = o.to.chunk.Order
				}
			}
		}
	}
	n.eff, n.effDone = eff, true
	return eff
}

type readyQueue []*node

func (q readyQueue) Len() int { return len(q) }
func (q readyQueue) Less(i, j int) bool {
	a, b := q[i], q[j]
	if ea, eb := a.effective(), b.effective(); ea != eb {
		return ea < eb
	}
	if a.chunk.Order != b.chunk.Order {
		return a.chunk.Order < b.chunk.Order
	}
	if la, lb := a.chunk.Label(), b.chunk.Label(); la != lb {
		return la < lb
	}
	return a.index < b.index
}
func (q readyQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *readyQueue) Push(x any)   { *q = append(*q, x.(*node)) }
func (q *readyQueue) Pop() any {
	old := *q
	n := old[len(old)-1]
	*q = old[:len(old)-1]
	return n
}

// sort orders the nodes: Kahn's algorithm over a priority queue keyed by
// (effective order, order, label, compile index).
func (l *Low) sort() Errors {
	indeg := make([]int, len(l.nodes))
	q := &readyQueue{}
	for i, n := range l.nodes {
		indeg[i] = n.indeg
		if n.indeg == 0 {
			heap.Push(q, n)
		}
	}
	stepOf := make([]int, len(l.nodes))
	l.Waits = make([][]int, len(l.nodes))
	for q.Len() > 0 {
		n := heap.Pop(q).(*node)
		stepOf[n.index] = len(l.Steps)
		l.Steps = append(l.Steps, Step{Chunk: n.chunk, TestRun: n.testRun})
		for _, o := range n.out {
			indeg[o.to.index] -= len(o.types)
			if indeg[o.to.index] == 0 {
				heap.Push(q, o.to)
			}
		}
	}
	if len(l.Steps) < len(l.nodes) {
		return Errors{l.cycleError()}
	}
	waits := make([][]int, len(l.Steps))
	for _, n := range l.nodes {
		for _, o := range n.out {
			to := stepOf[o.to.index]
			waits[to] = append(waits[to], stepOf[n.index])
		}
	}
	l.Waits = waits
	return nil
}

// cycleError describes the first cycle a depth-first search finds,
// starting from nodes in compile order and following edges in the order
// they were made, in Salt's words.
func (l *Low) cycleError() *Error {
	type edge struct {
		from, to *node
		typ      string
	}
	state := make([]int, len(l.nodes)) // 0 new, 1 on path, 2 done
	var path []edge
	var cycle []edge
	var visit func(n *node) bool
	visit = func(n *node) bool {
		state[n.index] = 1
		for _, o := range n.out {
			for _, typ := range o.types {
				e := edge{n, o.to, typ}
				switch state[o.to.index] {
				case 1:
					start := len(path)
					for i := range path {
						if path[i].from == o.to {
							start = i
							break
						}
					}
					cycle = append(append([]edge{}, path[start:]...), e)
					return true
				case 0:
					path = append(path, e)
					if visit(o.to) {
						return true
					}
					path = path[:len(path)-1]
				}
			}
		}
		state[n.index] = 2
		return false
	}
	for _, n := range l.nodes {
		if state[n.index] == 0 && visit(n) {
			break
		}
	}
	parts := make([]string, len(cycle))
	for i, e := range cycle {
		parts[i] = fmt.Sprintf("(%s, %s, %s)", stateRepr(e.to.chunk), pyString(e.typ), stateRepr(e.from.chunk))
	}
	pos := Pos{}
	if len(cycle) > 0 {
		pos = cycle[0].to.chunk.Pos
	}
	return &Error{Pos: pos, Msg: "Recursive requisites were found: " + strings.Join(parts, ", ")}
}

func stateRepr(c *Chunk) string {
	s := "{'SLS': " + pyString(c.SLS) + ", 'ID': " + pyString(c.ID)
	if c.Name != c.ID {
		s += ", 'NAME': " + pyString(c.Name)
	}
	return s + "}"
}

// pyString quotes s as Python's repr does.
func pyString(s string) string {
	q := "'"
	if strings.Contains(s, "'") && !strings.Contains(s, `"`) {
		q = `"`
	}
	var b strings.Builder
	b.WriteString(q)
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case string(r) == q:
			b.WriteString(`\` + q)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteString(q)
	return b.String()
}

// pyRepr prints a decoded YAML value as Python's repr would.
func pyRepr(v any) string {
	switch v := v.(type) {
	case nil:
		return "None"
	case string:
		return pyString(v)
	case bool:
		if v {
			return "True"
		}
		return "False"
	case int:
		return strconv.Itoa(v)
	case int64:
		return strconv.FormatInt(v, 10)
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64)
	case []any:
		parts := make([]string, len(v))
		for i, x := range v {
			parts[i] = pyRepr(x)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case map[string]any:
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		parts := make([]string, len(keys))
		for i, k := range keys {
			parts[i] = pyString(k) + ": " + pyRepr(v[k])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return fmt.Sprint(v)
}
