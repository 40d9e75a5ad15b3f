package eval

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/puppet/ast"
	"github.com/ordoproject/ordo/internal/puppet/parser"
	"github.com/ordoproject/ordo/internal/source"
)

// relationship is one arrow between two operands, materialized at the
// end of compilation.
type relationship struct {
	source, target Value // Ref or *collector
	notify         bool
	pos            source.Range
	// op is the arrow as written and opPos where, for the catalog's
	// record of where each edge was declared.
	op    ast.RelationshipOp
	opPos source.Range
}

// collector is Type <| query |>, re-run until nothing new is found.
type collector struct {
	typ      string
	query    func(r *Resource) bool
	exported bool
	ops      []*param
	scope    *Scope
	pos      source.Range
	matched  []*Resource
	seen     map[*Resource]bool
	// emptyAlt is what stands for the collector on the left of an arrow
	// when it collected nothing: the operands left of it.
	emptyAlt []Value
	// dupAttr is an attribute its overrides set twice: an error once
	// it collects a resource, as in Puppet.
	dupAttr string
	// key names its type and query, when another collector of the same
	// key finds the same resources (queries of plain values, without
	// overrides); empty otherwise.
	key string
}

func (c *Compiler) evalCollect(s *Scope, x *ast.CollectExpr) (Value, error) {
	tv, err := c.eval(s, x.TypeName)
	if err != nil {
		return nil, err
	}
	ref, ok := tv.(Ref)
	if !ok || ref.Title != "" {
		return nil, errAt(s.rng(x), "Collector type must be a resource type")
	}
	if ref.Type == "Class" {
		return nil, errAt(s.rng(x), "Error while evaluating a Virtual Query, Classes cannot be collected")
	}
	if _, ok := c.types.Lookup(ref.Type); !ok && c.findDefine(ref.Type) == nil {
		return nil, errAt(s.rng(x), "Error while evaluating a Virtual Query, Resource type %s doesn't exist", strings.ToLower(ref.Type))
	}
	if queryHasRegex(x.Query) {
		// Puppet cannot turn a regular expression into a query (no =~
		// in collectors); its message names its own class for it
		return nil, errAt(s.rng(x), "Error while evaluating a Virtual Query, Cannot transform object of class Puppet::Pops::Model::LiteralRegularExpression")
	}
	q, key, err := c.compileQuery(s, x.Query)
	if err != nil {
		return nil, err
	}
	ops, err := c.evalAttrOps(s, x.Overrides, "Collector", true, nil, true)
	if err != nil {
		return nil, err
	}
	col := &collector{typ: ref.Type, query: q, exported: x.Exported, ops: ops, scope: s, pos: s.rng(x), seen: map[*Resource]bool{}}
	set := map[string]bool{}
	for _, p := range ops {
		if name := strings.TrimPrefix(p.name, "+"); set[name] && col.dupAttr == "" {
			col.dupAttr = name
		} else {
			set[name] = true
		}
	}
	if x.Exported {
		c.logf("warning", "You cannot collect exported resources without storeconfigs being set; the collection will be ignored %s", posColumnString(col.pos))
		col.query = func(*Resource) bool { return false }
	} else if key != "" && len(ops) == 0 {
		col.key = strconv.Quote(ref.Type) + " " + key
	}
	c.collectors = append(c.collectors, col)
	return col, nil
}

// queryHasRegex reports whether a comparison of the query q compares
// with a regular expression literal.
func queryHasRegex(q ast.Expr) bool {
	switch x := q.(type) {
	case *ast.ParenExpr:
		return queryHasRegex(x.X)
	case *ast.BinaryExpr:
		if x.Op == ast.And || x.Op == ast.Or {
			return queryHasRegex(x.Left) || queryHasRegex(x.Right)
		}
		_, re := x.Right.(*ast.LiteralRegex)
		return re
	}
	return false
}

// compileQuery turns a collector's search expression into a predicate;
// its values are evaluated now. The key spells the query out when its
// values are plain (strings, numbers, booleans, undef), so that two
// queries of one key match the same resources; it is empty otherwise.
func (c *Compiler) compileQuery(s *Scope, q ast.Expr) (func(*Resource) bool, string, error) {
	if q == nil {
		return func(*Resource) bool { return true }, "all", nil
	}
	switch x := q.(type) {
	case *ast.ParenExpr:
		return c.compileQuery(s, x.X)
	case *ast.BinaryExpr:
		switch x.Op {
		case ast.And, ast.Or:
			l, lkey, err := c.compileQuery(s, x.Left)
			if err != nil {
				return nil, "", err
			}
			r, rkey, err := c.compileQuery(s, x.Right)
			if err != nil {
				return nil, "", err
			}
			key := ""
			if lkey != "" && rkey != "" {
				key = "(" + lkey + " " + x.Op.String() + " " + rkey + ")"
			}
			if x.Op == ast.And {
				return func(res *Resource) bool { return l(res) && r(res) }, key, nil
			}
			return func(res *Resource) bool { return l(res) || r(res) }, key, nil
		case ast.Eq, ast.Ne:
			var attr string
			switch a := x.Left.(type) {
			case *ast.QualifiedName:
				attr = a.Name
			case *ast.LiteralString:
				attr = a.Value
			default:
				return nil, "", errAt(s.rng(x.Left), "Illegal attribute name in query")
			}
			v, err := c.eval(s, x.Right)
			if err != nil {
				return nil, "", err
			}
			key := ""
			if vkey := queryValueKey(v); vkey != "" {
				key = "(" + strconv.Quote(attr) + " " + x.Op.String() + " " + vkey + ")"
			}
			if x.Op == ast.Eq {
				return func(r *Resource) bool { return queryEq(r, attr, v) }, key, nil
			}
			return func(r *Resource) bool {
				var got Value
				if attr == "title" {
					got = r.ref.Title
				} else {
					got, _ = r.get(attr)
				}
				return !Equal(got, v)
			}, key, nil
		}
	}
	return nil, "", errAt(s.rng(q), "Illegal query expression")
}

// queryValueKey spells a plain value of a query with its type, so that
// two values of one key compare alike with anything; it is empty for
// any other value.
func queryValueKey(v Value) string {
	switch x := v.(type) {
	case nil:
		return "undef"
	case string:
		return "s" + strconv.Quote(x)
	case int64:
		return "i" + strconv.FormatInt(x, 10)
	case float64:
		return "f" + strconv.FormatFloat(x, 'g', -1, 64)
	case bool:
		return "b" + strconv.FormatBool(x)
	}
	return ""
}

func queryEq(r *Resource, attr string, v Value) bool {
	if attr == "tag" {
		for _, t := range flatten(v) {
			if r.hasTag(ToS(t)) {
				return true
			}
		}
		return false
	}
	var got Value
	if attr == "title" {
		got = r.ref.Title
	} else {
		var ok bool
		got, ok = r.get(attr)
		if !ok {
			return v == nil
		}
	}
	if arr, ok := got.([]Value); ok {
		if _, vArr := v.([]Value); !vArr {
			for _, e := range arr {
				if Equal(e, v) {
					return true
				}
			}
			return false
		}
	}
	return Equal(got, v)
}

// runCollector collects the resources matching col that it has not yet
// seen; it reports whether it found any. shared holds, by key, what
// collectors run before it in the round found (see collector.key): it
// is emptied when a collector's overrides may have changed what a query
// finds.
func (c *Compiler) runCollector(col *collector, shared map[string][]*Resource) (bool, error) {
	found := false
	var rs []*Resource
	if of := c.byType[col.typ]; of != nil {
		rs = (*of)[:len(*of):len(*of)]
	}
	if col.key != "" && !c.unshared {
		// Only the query's resources, in their order: without overrides
		// a collector changes nothing another's query reads.
		matches, ok := shared[col.key]
		if !ok {
			for _, r := range rs {
				if col.query(r) {
					matches = append(matches, r)
				}
			}
			shared[col.key] = matches
		}
		for _, r := range matches {
			if col.seen[r] {
				continue
			}
			col.seen[r] = true
			col.matched = append(col.matched, r)
			found = true
			r.virtual = false
		}
		return found, nil
	}
	if len(col.ops) > 0 {
		clear(shared)
	}
	for _, r := range rs {
		// The query first: most resources fail it, and it reads them
		// only, where the set of those seen is a map.
		if !col.query(r) || col.seen[r] {
			continue
		}
		if col.dupAttr != "" {
			pos := col.pos.Position()
			return false, &Error{Msg: fmt.Sprintf("Duplicate parameter '%s' for on %s", col.dupAttr, r.ref), File: pos.Filename, Line: pos.Line}
		}
		col.seen[r] = true
		col.matched = append(col.matched, r)
		found = true
		r.virtual = false
		if len(col.ops) > 0 {
			o := &override{ref: r.ref, ops: col.ops, scope: col.scope, pos: col.pos, fromCollector: true}
			if err := c.applyOverride(o, r); err != nil {
				return false, err
			}
		}
	}
	return found, nil
}

// ---- chaining arrows ----

func (c *Compiler) evalRelationship(s *Scope, x *ast.RelationshipExpr) (Value, error) {
	l, err := c.eval(s, x.Left)
	if err != nil {
		return nil, err
	}
	r, err := c.eval(s, x.Right)
	if err != nil {
		return nil, err
	}
	lops, err := c.operands(s, x, x.Left, l)
	if err != nil {
		return nil, err
	}
	rops, err := c.operands(s, x, x.Right, r)
	if err != nil {
		return nil, err
	}
	src, dst := lops, rops
	if x.Op == ast.After || x.Op == ast.Subscribe {
		src, dst = rops, lops
	}
	notify := x.Op == ast.Notify || x.Op == ast.Subscribe
	opPos := arrowRange(s, x)
	for _, a := range src {
		for _, b := range dst {
			c.relationships = append(c.relationships, &relationship{source: a, target: b, notify: notify, pos: s.rng(x), op: x.Op, opPos: opPos})
		}
	}
	if len(rops) == 1 {
		if col, ok := rops[0].(*collector); ok {
			col.emptyAlt = lops
		}
	}
	if len(rops) == 0 {
		return lops, nil
	}
	return rops, nil
}

// arrowRange finds the arrow of x in the source between its operands,
// past blanks and comments; the whole expression when it cannot.
func arrowRange(s *Scope, x *ast.RelationshipExpr) source.Range {
	return operatorRange(s, x, x.Left, x.Right, x.Op.String())
}

// operatorRange finds operator op in the source between left and right,
// past blanks and comments, where Puppet reports errors of the
// expression whole; whole itself when it cannot.
func operatorRange(s *Scope, whole, left, right ast.Node, op string) source.Range {
	all := s.rng(whole)
	if s.file == nil || left == nil || right == nil {
		return all
	}
	text := s.file.Content
	from, to := int(left.End()), int(right.Pos())
	if from < 0 || to > len(text) || from >= to {
		return all
	}
	for i := from; i+len(op) <= to; i++ {
		switch text[i] {
		case ' ', '\t', '\r', '\n', ')':
			continue
		case '#':
			for i < to && text[i] != '\n' {
				i++
			}
			continue
		case '/':
			if i+1 < to && text[i+1] == '*' {
				end := strings.Index(string(text[i+2:to]), "*/")
				if end < 0 {
					return all
				}
				i += end + 3
				continue
			}
		}
		if string(text[i:i+len(op)]) == op {
			return source.Range{File: s.file, Start: source.Pos(i), End: source.Pos(i + len(op))}
		}
		return all
	}
	return all
}

// operands turns an arrow operand into references and collectors,
// flattened and de-duplicated.
func (c *Compiler) operands(s *Scope, arrow *ast.RelationshipExpr, n ast.Expr, v Value) ([]Value, error) {
	var one [1]Value
	flat := flattenTo(one[:0], v)
	out := make([]Value, 0, len(flat))
	// A reference named twice counts once; the set of those seen is
	// made once there is more than one.
	var seen map[Ref]bool
	add := func(x Value) {
		if r, ok := x.(Ref); ok {
			if seen == nil && len(out) > 0 {
				seen = map[Ref]bool{}
				for _, o := range out {
					if or, ok := o.(Ref); ok {
						seen[or] = true
					}
				}
			}
			if seen[r] {
				return
			}
			if seen != nil {
				seen[r] = true
			}
		}
		out = append(out, x)
	}
	for _, e := range flat {
		switch x := e.(type) {
		case Ref:
			if x.Title == "" {
				return nil, errAt(arrowRange(s, arrow), "Illegal relationship operand, can not form a relationship with something of type Type[%s]. A Catalog type is required.", x.Type)
			}
			// As it came, not boxed again.
			add(e)
		case *collector:
			add(e)
		case []Value:
			for _, y := range x {
				add(y)
			}
		case string:
			ref, err := parseTypeString(x)
			if err != nil {
				return nil, errAt(arrowRange(s, arrow), "Error while evaluating a '%s' expression, The expression <%s> is not a valid type specification.", arrow.Op, x)
			}
			for _, y := range flatten(ref) {
				add(y)
			}
		default:
			tn := typeName(e)
			return nil, errAt(arrowRange(s, arrow), "Illegal relationship operand, can not form a relationship with %s %s. A Catalog type is required.", article(tn), tn)
		}
	}
	return out, nil
}

// parseTypeString parses a string such as "File[a]" or "Class[foo]" as a
// reference.
func parseTypeString(str string) (Value, error) {
	prog, diags := parser.Parse("", str)
	if diags.HasErrors() || len(prog.Body) != 1 {
		return nil, fmt.Errorf("not a type")
	}
	acc, ok := prog.Body[0].(*ast.AccessExpr)
	if !ok {
		return nil, fmt.Errorf("not a type")
	}
	q, ok := acc.X.(*ast.QualifiedReference)
	if !ok {
		return nil, fmt.Errorf("not a type")
	}
	var out []Value
	for _, k := range acc.Keys {
		var title string
		switch kk := k.(type) {
		case *ast.LiteralString:
			title = kk.Value
		case *ast.QualifiedName:
			title = kk.Name
		default:
			return nil, fmt.Errorf("not a type")
		}
		typ := catalog.CanonicalType(q.Name)
		if typ == "Class" {
			title = catalog.CanonicalType(strings.TrimPrefix(title, "::"))
		}
		out = append(out, Ref{Type: typ, Title: title})
	}
	if len(out) == 1 {
		return out[0], nil
	}
	return out, nil
}

// resolveOperand expands a collector to what it collected (for the left
// side, its empty alternative when it collected nothing).
func resolveOperand(v Value, left bool) []Ref {
	switch x := v.(type) {
	case Ref:
		return []Ref{x}
	case *collector:
		if len(x.matched) == 0 {
			if !left {
				return nil
			}
			var out []Ref
			for _, a := range x.emptyAlt {
				out = append(out, resolveOperand(a, true)...)
			}
			return out
		}
		var out []Ref
		for _, r := range x.matched {
			out = append(out, r.ref)
		}
		return out
	}
	return nil
}

// applyRelationship turns one recorded arrow into a before or notify
// parameter on its source.
func (c *Compiler) applyRelationship(rel *relationship) error {
	// The targets, their resources and names are the same for every
	// source (a collector's dozens, say): found once.
	targets := resolveOperand(rel.target, false)
	if len(targets) == 0 {
		return nil
	}
	dsts := make([]*Resource, len(targets))
	names := make([]Value, len(targets))
	for j, t := range targets {
		dsts[j], names[j] = c.findResource(t), t.String()
	}
	op := rel.op.String()
	// Where each entry came from is kept only for a catalog that says it.
	origins := !c.opts.NoOrigins
	// A collector's resources are its sources as they are: each is the
	// resource its reference finds.
	var srcs []*Resource
	var refs []Ref
	if col, ok := rel.source.(*collector); ok && len(col.matched) > 0 {
		srcs = col.matched
	} else {
		refs = resolveOperand(rel.source, true)
	}
	for i := 0; i < len(srcs)+len(refs); i++ {
		var s Ref
		var src *Resource
		if srcs != nil {
			src = srcs[i]
			s = src.ref
		} else {
			s = refs[i]
			src = c.findResource(s)
		}
		for j, t := range targets {
			dst := dsts[j]
			name, how := "before", "chaining arrow (-> or <-)"
			if rel.notify {
				name, how = "notify", "chaining arrow (~> or <~)"
			}
			switch {
			case src == nil && dst == nil && c.external(s) && c.external(t):
				// Both ends are another language's: the catalog keeps
				// the edge itself, for that language's side to resolve.
				kind := catalog.Order
				if rel.notify {
					kind = catalog.Refresh
				}
				c.externalRels = append(c.externalRels, catalog.Relationship{
					Source: catalog.Ref{Type: s.Type, Title: s.Title}, Target: catalog.Ref{Type: t.Type, Title: t.Title},
					Kind: kind, Origin: c.provenance(op, rel.opPos),
				})
				continue
			case src == nil && dst != nil && c.external(s):
				// The source is another language's (Options.External): the
				// target carries the relationship, the other way round.
				name = map[string]string{"before": "require", "notify": "subscribe"}[name]
				c.pendRelation(dst, name, s.String(), how, rel.pos, op, rel.opPos, origins)
				continue
			case src == nil:
				return &Error{Msg: fmt.Sprintf("Could not find resource '%s' for relationship on '%s'", s, t)}
			case dst == nil && !c.external(t):
				return &Error{Msg: fmt.Sprintf("Could not find resource '%s' for relationship from '%s'", t, s)}
			}
			c.pendRelation(src, name, names[j], how, rel.pos, op, rel.opPos, origins)
		}
	}
	return nil
}

// external reports whether ref names a resource of another language in
// the run (Options.External).
func (c *Compiler) external(ref Ref) bool {
	return c.opts.External != nil && c.opts.External(ref.Type, ref.Title)
}

// pendRelation is r.appendRelation, with r noted among the resources
// whose relationship parameters finish sets (relFlush) the first time.
func (c *Compiler) pendRelation(r *Resource, name string, target Value, how string, pos source.Range, op string, opPos source.Range, origins bool) {
	if r.pendingRelOrder == nil {
		c.relFlush = append(c.relFlush, r)
	}
	if p := r.getParam(name); p != nil && p.shared != 0 {
		if arr, ok := p.value.([]Value); ok && len(arr) > 0 {
			// Puppet appends to the array the parameter holds, in
			// place: the other resources of the declaration see the
			// target too (see shareRelations).
			c.relShared = append(c.relShared, sharedAppend{key: arrayKey{p.shared, &arr[0]}, target: target})
		}
	}
	r.appendRelation(name, target, how, pos, op, opPos, origins)
}

// arrayKey identifies the array one attribute of a declaration with
// several titles gave each of its resources (param.shared), as long as
// the parameter still holds it: Puppet gives them all the same Ruby
// object.
type arrayKey struct {
	shared int
	first  *Value
}

// sharedAppend is a target an arrow appended to a relationship
// parameter that held an array.
type sharedAppend struct {
	key    arrayKey
	target Value
}

// shareRelations does what Puppet's in-place append to a parameter's
// array does where the resources of one declaration with several
// titles hold that array (a variable's array given to several
// declarations is a copy in each, and is not shared): each
// holder ends up with the array and every target appended to it, in
// the order the arrows were evaluated. It runs before flushRelations,
// and takes the targets it placed out of the holders' pending ones.
func (c *Compiler) shareRelations() {
	if len(c.relShared) == 0 {
		return
	}
	appended := map[arrayKey][]Value{}
	for _, a := range c.relShared {
		appended[a.key] = append(appended[a.key], a.target)
	}
	c.relShared = nil
	type holder struct {
		r *Resource
		p *param
	}
	holders := map[arrayKey][]holder{}
	for _, r := range c.resources {
		for _, p := range r.params {
			if arr, ok := p.value.([]Value); ok && len(arr) > 0 && p.shared != 0 {
				k := arrayKey{p.shared, &arr[0]}
				if _, ok := appended[k]; ok {
					holders[k] = append(holders[k], holder{r, p})
				}
			}
		}
	}
	for k, hs := range holders {
		if len(hs) < 2 {
			continue
		}
		targets := appended[k]
		for _, h := range hs {
			old := h.p.value.([]Value)
			h.p.value = append(append(make([]Value, 0, len(old)+len(targets)), old...), targets...)
			i := -1
			switch h.p.name {
			case "before":
				i = 0
			case "notify":
				i = 1
			}
			if i < 0 || len(h.r.pendingRel[i]) == 0 {
				continue
			}
			h.r.pendingRel[i] = nil
			order := h.r.pendingRelOrder[:0:0]
			for _, name := range h.r.pendingRelOrder {
				if name != h.p.name {
					order = append(order, name)
				}
			}
			h.r.pendingRelOrder = order
		}
	}
}

// appendRelation records a target appended to a relationship
// parameter; flushRelations merges them all at once, so that many
// arrows from one resource cost no more than one. origins records the
// arrow as where the target came from (param.rel), for the catalog's
// origins.
func (r *Resource) appendRelation(name string, target Value, how string, pos source.Range, op string, opPos source.Range, origins bool) {
	i := 0 // before
	if name == "notify" {
		i = 1
	}
	if len(r.pendingRel[i]) == 0 {
		r.pendingRelOrder = append(r.pendingRelOrder, name)
	}
	r.pendingRel[i] = append(r.pendingRel[i], target)
	p := r.getParam(name)
	if p != nil {
		if r.explaining() {
			p.history = append(p.steps(), origin{how: how, pos: pos})
		}
	} else {
		p = &param{name: name, how: how, pos: pos}
		r.params = append(r.params, p)
	}
	if p.value == nil && len(r.pendingRel[i]) == 1 {
		// A value set to undef is replaced, not appended to.
		p.rel = nil
	}
	if origins {
		p.rel = append(p.rel, relPart{via: op, pos: opPos, value: target})
	}
}

// flushRelations sets the relationship parameters that arrows added to.
func (r *Resource) flushRelations() {
	for _, name := range r.pendingRelOrder {
		pending := r.pendingRel[0]
		if name == "notify" {
			pending = r.pendingRel[1]
		}
		p := r.getParam(name)
		var old []Value
		if p.value != nil {
			old = flatten(p.value)
		}
		p.value = append(append(make([]Value, 0, len(old)+len(pending)), old...), pending...)
	}
	r.pendingRel, r.pendingRelOrder = [2][]Value{}, nil
}

// explaining reports whether --explain asked for attribute histories.
func (r *Resource) explaining() bool {
	return r.scope != nil && r.scope.c != nil && len(r.scope.c.opts.Explain) > 0
}

// ---- realize ----

type realizeReq struct {
	refs []Ref
}
