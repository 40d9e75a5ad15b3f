package engine

import (
	"fmt"
	"sync"

	"github.com/ordoproject/ordo/internal/salt"
)

// aggregated are the modules whose states can be aggregated (Salt's
// mod_aggregate), and the functions of each that aggregate.
var aggregated = map[string]map[string]bool{
	"pkg": {"installed": true, "latest": true, "removed": true, "purged": true},
}

// maxGroup is the most states Salt puts in one aggregate.
const maxGroup = 500

// aggregator is Salt's state aggregation (state_aggregate, or a state's
// aggregate option) for one run. Before the run, the states that may be
// aggregated are grouped by module, in run order: a state joins the
// first group that no requisite path leads from to it, so that no state
// of a group waits for another of it. When a state of a group runs, it
// takes over the states of its group that have not run and were not
// taken yet, of the same function and fromrepo and without hold, as
// Salt's pkg.mod_aggregate does: their packages join its pkgs (or
// sources), and one call installs (or removes) them all. The states
// taken still run at their own turn, and find their packages done.
type aggregator struct {
	group map[*salt.Chunk][]*salt.Chunk // a chunk's group, in run order

	mu      sync.Mutex
	started map[*salt.Chunk]bool
	taken   map[*salt.Chunk]bool
	merged  map[*salt.Chunk]map[string]any // a leader's arguments, once merged
}

// allowAggregate is Salt's _allow_aggregate: the state's own aggregate
// option, or else the run's state_aggregate, is True or a list naming the
// state's module, and the module can aggregate.
func allowAggregate(c *salt.Chunk, global any) bool {
	opt := global
	if v, ok := c.Args["aggregate"]; ok {
		opt = v
	}
	on := false
	switch v := opt.(type) {
	case bool:
		on = v
	case []any:
		for _, m := range v {
			if fmt.Sprint(m) == c.Module {
				on = true
			}
		}
	}
	return on && aggregated[c.Module] != nil
}

// newAggregator groups low's states for aggregation; nil when none may
// be aggregated.
func newAggregator(low *salt.Low, global any) *aggregator {
	var order []*salt.Chunk
	allowed := false
	for _, s := range low.Steps {
		if s.TestRun {
			continue
		}
		order = append(order, s.Chunk)
		allowed = allowed || allowAggregate(s.Chunk, global)
	}
	if !allowed {
		return nil
	}
	// The edges of the run's graph, from each state to the states that
	// wait for it (a prereq's prerequiring state waits for nothing: it
	// runs before the state it names).
	next := map[*salt.Chunk][]*salt.Chunk{}
	for _, c := range low.Chunks {
		for _, req := range c.Requisites {
			for _, d := range req.Deps {
				if req.Type == "prereq" {
					next[c] = append(next[c], d)
				} else {
					next[d] = append(next[d], c)
				}
			}
		}
	}
	type group struct {
		members []*salt.Chunk
		reach   map[*salt.Chunk]bool // what a path leads to from a member
	}
	extend := func(g *group, c *salt.Chunk) {
		stack := []*salt.Chunk{c}
		for len(stack) > 0 {
			n := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			for _, m := range next[n] {
				if !g.reach[m] {
					g.reach[m] = true
					stack = append(stack, m)
				}
			}
		}
	}
	groups := map[string][]*group{}
	for _, c := range order {
		if !allowAggregate(c, global) {
			continue
		}
		var joined *group
		for _, g := range groups[c.Module] {
			if len(g.members) < maxGroup && !g.reach[c] {
				joined = g
				break
			}
		}
		if joined == nil {
			joined = &group{reach: map[*salt.Chunk]bool{}}
			groups[c.Module] = append(groups[c.Module], joined)
		}
		joined.members = append(joined.members, c)
		extend(joined, c)
	}
	a := &aggregator{group: map[*salt.Chunk][]*salt.Chunk{}, started: map[*salt.Chunk]bool{},
		taken: map[*salt.Chunk]bool{}, merged: map[*salt.Chunk]map[string]any{}}
	for _, gs := range groups {
		for _, g := range gs {
			if len(g.members) < 2 {
				continue
			}
			for _, c := range g.members {
				a.group[c] = g.members
			}
		}
	}
	return a
}

// chunk is c as it runs: itself, or when it leads an aggregate, a copy
// whose arguments add the packages of the states it takes over.
func (a *aggregator) chunk(c *salt.Chunk) *salt.Chunk {
	if a == nil || a.group[c] == nil {
		return c
	}
	args := a.args(c)
	if len(args) == len(c.Args) && fmt.Sprint(args) == fmt.Sprint(c.Args) {
		return c
	}
	lc := *c
	lc.Args = args
	return &lc
}

func (a *aggregator) args(c *salt.Chunk) map[string]any {
	a.mu.Lock()
	defer a.mu.Unlock()
	if m, ok := a.merged[c]; ok {
		return m
	}
	a.started[c] = true
	args := c.Args
	if !a.taken[c] && aggregated[c.Module][c.Fun] {
		args = a.take(c)
	}
	a.merged[c] = args
	return args
}

// take is Salt's pkg.mod_aggregate for the leader c; a.mu is held.
func (a *aggregator) take(c *salt.Chunk) map[string]any {
	a.taken[c] = true
	key := "pkgs"
	if _, ok := c.Args["sources"]; ok {
		key = "sources"
	}
	var list []any
	seen := map[string]bool{}
	add := func(items ...any) {
		for _, it := range items {
			k := fmt.Sprint(it)
			if !seen[k] {
				seen[k] = true
				list = append(list, it)
			}
		}
	}
	addOwn := func(d *salt.Chunk) bool {
		if l, ok := d.Args[key].([]any); ok {
			add(l...)
			return true
		}
		if key == "sources" {
			return false
		}
		if _, ok := d.Args["sources"]; ok {
			return false
		}
		if v, ok := d.Args["version"]; ok && v != nil {
			add(map[string]any{d.Name: v})
		} else {
			add(d.Name)
		}
		return true
	}
	addOwn(c)
	own := len(list)
	for _, d := range a.group[c] {
		if d == c || a.started[d] || a.taken[d] || d.Fun != c.Fun {
			continue
		}
		if fmt.Sprint(d.Args["fromrepo"]) != fmt.Sprint(c.Args["fromrepo"]) {
			continue
		}
		if _, held := d.Args["hold"]; held {
			continue
		}
		if addOwn(d) {
			a.taken[d] = true
		}
	}
	if len(list) == own {
		return c.Args
	}
	out := make(map[string]any, len(c.Args)+1)
	for k, v := range c.Args {
		out[k] = v
	}
	out[key] = list
	return out
}
