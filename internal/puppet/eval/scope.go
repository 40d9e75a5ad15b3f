package eval

import (
	"strconv"

	"github.com/ordoproject/ordo/internal/catalog"
	"strings"

	"github.com/ordoproject/ordo/internal/puppet/ast"
	"github.com/ordoproject/ordo/internal/source"
)

// scopeKind tells what created a scope.
type scopeKind int

const (
	topScope scopeKind = iota
	nodeScope
	classScope
	defineScope
	lambdaScope
	functionScope
	ephemeralScope // a case/selector branch with match variables
)

// Scope holds variables and resource defaults. Variables are looked up
// through parent (lexical: local, then inherited class, node, top);
// resource defaults through dynParent (the scope that declared this one).
type Scope struct {
	c         *Compiler
	kind      scopeKind
	parent    *Scope
	dynParent *Scope
	vars      map[string]Value
	file      *source.File
	// name is the class or define name (lower case) of class and define
	// scopes, used for qualified lookups and module_name.
	name string
	// resource is the container that resources declared here belong to:
	// Class[main], Class[X], a defined type instance or Node[x].
	resource *Resource
	defaults map[string]*defaultSet
	match    []Value
	hasMatch bool
	// While a parameter's default is evaluated, defaultOf names it;
	// the parameters at or after position boundBelow in paramIndex have
	// no value yet, and the default may not read them.
	defaultOf  string
	paramIndex map[string]int
	boundBelow int
}

// defaultSet is the attribute defaults of one type set in one scope.
type defaultSet struct {
	names []string
	vals  map[string]*param
	// ordered is vals in the order of names, made by lookupDefaults
	// once the set no longer changes.
	ordered []*param
}

func (c *Compiler) newScope(kind scopeKind, parent, dyn *Scope, file *source.File) *Scope {
	return &Scope{c: c, kind: kind, parent: parent, dynParent: dyn, vars: map[string]Value{}, file: file}
}

// rng makes a source range in the scope's file.
func (s *Scope) rng(n ast.Node) source.Range {
	if n == nil {
		return source.Range{File: s.file, Start: source.NoPos}
	}
	return source.Range{File: s.file, Start: n.Pos(), End: n.End()}
}

// container returns the resource resources declared here belong to.
func (s *Scope) container() *Resource {
	for x := s; x != nil; x = x.parent {
		if x.resource != nil {
			return x.resource
		}
	}
	return nil
}

// real returns the scope that assignments in s go to: ephemeral scopes
// forward to their parent.
func (s *Scope) real() *Scope {
	for s.kind == ephemeralScope {
		s = s.parent
	}
	return s
}

// setVar assigns a variable, which must not exist yet in that scope.
func (s *Scope) setVar(name string, v Value, r source.Range) error {
	t := s.real()
	if _, ok := t.vars[name]; ok {
		if name == "title" || name == "name" {
			return errAt(r, "Cannot reassign built in (or already assigned) variable '$%s'", name)
		}
		return errAt(r, "Cannot reassign variable '$%s'", name)
	}
	t.vars[name] = v
	return nil
}

// restoreMatch puts back the match variables s had before a guarded
// expression (if, unless) set its own.
func (s *Scope) restoreMatch(match []Value, has bool) {
	s.match, s.hasMatch = match, has
}

// matchIndex reads the name of a match variable ($0, $1, ...).
func matchIndex(name string) (int, bool) {
	if name == "" || name[0] < '0' || name[0] > '9' {
		return 0, false
	}
	n, err := strconv.Atoi(name)
	return n, err == nil
}

// lookup finds a variable: numeric match variables, qualified names
// through the class scopes, plain names through the parent chain.
func (s *Scope) lookup(name string) (Value, bool) {
	if n, ok := matchIndex(name); ok {
		for x := s; x != nil; x = x.parent {
			if x.hasMatch {
				if n < len(x.match) {
					return x.match[n], true
				}
				return nil, true
			}
			if x.kind != ephemeralScope && x.kind != lambdaScope {
				break
			}
		}
		return nil, false
	}
	if strings.Contains(name, "::") {
		name = strings.TrimPrefix(name, "::")
		i := strings.LastIndex(name, "::")
		if i < 0 {
			v, ok := s.c.top.vars[name]
			return v, ok
		}
		cls, v := name[:i], name[i+2:]
		cs, ok := s.c.classScopes[strings.ToLower(cls)]
		if !ok {
			return nil, false
		}
		val, ok := cs.lookupLocalOrInherited(v)
		return val, ok
	}
	for x := s; x != nil; x = x.parent {
		if v, ok := x.vars[name]; ok {
			return v, true
		}
	}
	return nil, false
}

// lookupLocalOrInherited finds name in a class scope or the scopes of
// the classes it inherits from.
func (s *Scope) lookupLocalOrInherited(name string) (Value, bool) {
	for x := s; x != nil && x.kind == classScope; x = x.parent {
		if v, ok := x.vars[name]; ok {
			return v, true
		}
	}
	return nil, false
}

// lookupDefaults returns the resource defaults for typ visible from s:
// for each attribute the nearest scope's value, in the order Puppet
// applies them, the outermost scope's attributes first. The list is
// only to be read.
func (s *Scope) lookupDefaults(typ string) []*param {
	var buf [4]*defaultSet
	chain := buf[:0] // nearest first
	for x := s; x != nil; x = x.dynParentOrParent() {
		if ds := x.defaults[typ]; ds != nil {
			chain = append(chain, ds)
		}
	}
	switch len(chain) {
	case 0:
		return nil
	case 1:
		// The one set's, made once: the caller only reads it.
		ds := chain[0]
		if ds.ordered == nil {
			ds.ordered = make([]*param, len(ds.names))
			for i, n := range ds.names {
				ds.ordered[i] = ds.vals[n]
			}
		}
		return ds.ordered
	}
	var out []*param
	seen := map[string]bool{}
	for i := len(chain) - 1; i >= 0; i-- {
		for _, n := range chain[i].names {
			if seen[n] {
				continue
			}
			seen[n] = true
			// The nearest scope that sets it gives the value.
			for _, ds := range chain {
				if p, ok := ds.vals[n]; ok {
					out = append(out, p)
					break
				}
			}
		}
	}
	return out
}

func (s *Scope) dynParentOrParent() *Scope {
	switch s.kind {
	case ephemeralScope, lambdaScope:
		return s.parent
	}
	return s.dynParent
}

// catalogVar gives a variable as catalog data, for Hiera and templates.
func (s *Scope) catalogVar(name string) (catalog.Value, bool) {
	v, ok := s.lookup(name)
	if !ok {
		return nil, false
	}
	if h, isHash := v.(*Hash); isHash {
		// Values never change once made, so a hash's conversion (the
		// facts, asked for by every Hiera interpolation) is kept.
		if ch, ok := s.c.catalogHashes[h]; ok {
			return ch, true
		}
		ch := ToCatalog(h)
		s.c.catalogHashes[h] = ch
		return ch, true
	}
	return ToCatalog(v), true
}
