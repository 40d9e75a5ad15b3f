package eval

import (
	"fmt"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/puppet/ast"
	"github.com/ordoproject/ordo/internal/source"
)

// Resource is a resource being compiled.
type Resource struct {
	ref    Ref
	params []*param
	// unknownParams are attributes given to a class or defined type
	// that it does not have, reported when it is evaluated.
	unknownParams []string
	tags          []string
	file          string
	line          int
	pos           source.Range
	virtual       bool
	exported      bool
	kind          string
	isClass       bool
	scope         *Scope // where it was declared
	container     *Resource
	evaluated     bool
	def           *definition
	typeInfo      *TypeInfo
	// classScope is the scope of the class that declared it, for the
	// override permission rule.
	declClass string
	// titleNotString is set for a resource that create_resources gave a
	// title that is not a string (an Integer).
	titleNotString bool
	// byFunction marks a resource create_resources or ensure_resource
	// made, which Puppet writes with its kind first.
	byFunction bool
	// added is set once the resource is in the catalog, at position
	// order.
	added bool
	order int
	// declVia and declAt say what declared a class (include, contain,
	// require, class { }, inherits) and where, for the catalog's
	// record of what put it in its stage.
	declVia string
	declAt  source.Range
	// pendingRel holds the targets arrows add to before and notify,
	// until they are merged at the end of the relationships.
	pendingRel      [2][]Value // before, notify
	pendingRelOrder []string
	// tagBuf holds the first tags, which most resources do not outgrow.
	tagBuf [8]string
}

// param is one attribute value and where it was set.
type param struct {
	name  string
	value Value
	// shared, when not 0, numbers the array value a declaration with
	// several titles gave each of its resources (see shareRelations).
	shared int
	scope  *Scope
	pos    source.Range
	// how says what set the value ("declared", "resource default", ...);
	// history holds every step that set or changed it, for --explain;
	// nil stands for the one step (how, pos, value), which most
	// attributes never leave, so that copying one costs no history.
	how     string
	history []origin
	// rel holds, for a relationship metaparameter, each contribution
	// to its value and where it was written, so that the catalog can
	// say where every edge was declared.
	rel []relPart
}

// relPart is one contribution to a relationship metaparameter: the
// value (a reference or an array of them) and its declaration.
type relPart struct {
	via   string
	pos   source.Range
	value Value
}

// isRelationParam reports whether name is before, require, notify or
// subscribe.
func isRelationParam(name string) bool {
	switch name {
	case "before", "require", "notify", "subscribe":
		return true
	}
	return false
}

// relVia names the declaration that set relationship metaparameter
// name, from how the value was set.
func relVia(name, how string) string {
	switch how {
	case "declared", "set", "":
		return name
	case "resource default":
		return name + " (resource default)"
	case "per-expression default (default: body)":
		return name + " (default: body)"
	case "splat (* =>)":
		return name + " (* =>)"
	case "set by collector":
		return name + " (collector)"
	case "require function":
		return "require function"
	}
	return name + " (" + how + ")"
}

// origin is one step in the life of an attribute value.
type origin struct {
	how   string
	pos   source.Range
	value Value
}

// newParam makes an attribute value and records how it was set.
func newParam(name string, v Value, s *Scope, pos source.Range, how string) *param {
	p := new(param)
	p.init(name, v, s, pos, how)
	return p
}

// newParam is newParam taken from the compiler's slab.
func (c *Compiler) newParam(name string, v Value, s *Scope, pos source.Range, how string) *param {
	p := c.allocParam()
	p.init(name, v, s, pos, how)
	return p
}

func (p *param) init(name string, v Value, s *Scope, pos source.Range, how string) {
	*p = param{name: name, value: v, scope: s, pos: pos, how: how}
	if isRelationParam(strings.TrimPrefix(name, "+")) {
		p.rel = []relPart{{via: relVia(strings.TrimPrefix(name, "+"), how), pos: pos, value: v}}
	}
}

// allocParam returns a zero param from a slab of them: a compile makes
// one for each attribute of each resource, which live as long as it
// does.
func (c *Compiler) allocParam() *param {
	if len(c.paramSlab) == 0 {
		c.paramSlab = make([]param, 256)
	}
	p := &c.paramSlab[0]
	c.paramSlab = c.paramSlab[1:]
	return p
}

// steps is the history of p: every step that set or changed it.
func (p *param) steps() []origin {
	if p.history == nil {
		return []origin{{how: p.how, pos: p.pos, value: p.value}}
	}
	return p.history
}

// copyTo copies p into a resource's attributes, keeping its history.
func (p *param) copyTo(how string) *param {
	n := new(param)
	p.copyInto(n, how)
	return n
}

// copyParam is copyTo taken from the compiler's slab.
func (c *Compiler) copyParam(p *param, how string) *param {
	n := c.allocParam()
	p.copyInto(n, how)
	return n
}

// copyInto makes n a copy of p, as copyTo.
func (p *param) copyInto(n *param, how string) {
	*n = *p
	n.how = how
	if p.history != nil {
		n.history = append([]origin(nil), p.history...)
		n.history[len(n.history)-1].how = how
	}
	if len(p.rel) == 1 {
		n.rel = []relPart{{via: relVia(strings.TrimPrefix(p.name, "+"), how), pos: p.rel[0].pos, value: p.rel[0].value}}
	} else {
		n.rel = p.rel[:len(p.rel):len(p.rel)]
	}
}

// allocResource returns a zero Resource from a slab of them: a compile
// makes thousands, which live as long as it does.
func (c *Compiler) allocResource() *Resource {
	if len(c.slab) == 0 {
		c.slab = make([]Resource, 256)
	}
	r := &c.slab[0]
	c.slab = c.slab[1:]
	return r
}

func (c *Compiler) newResource(ref Ref, s *Scope, at ast.Node) *Resource {
	// Most resources get three or four tags (type, title, class...).
	r := c.allocResource()
	r.ref, r.scope = ref, s
	r.tags = r.tagBuf[:0:len(r.tagBuf)]
	if at != nil && s != nil && s.file != nil {
		r.pos = s.rng(at)
		r.file = s.file.Name
		r.line = r.pos.Position().Line
	}
	if s != nil {
		r.declClass = s.real().className()
	}
	return r
}

// className is the name of the class or define whose code runs in s.
func (s *Scope) className() string {
	for x := s; x != nil; x = x.parent {
		switch x.kind {
		case classScope, defineScope:
			return x.name
		case topScope, nodeScope:
			return ""
		}
	}
	return ""
}

func (r *Resource) get(name string) (Value, bool) {
	for _, p := range r.params {
		if p.name == name {
			return p.value, true
		}
	}
	return nil, false
}

func (r *Resource) getParam(name string) *param {
	for _, p := range r.params {
		if p.name == name {
			return p
		}
	}
	return nil
}

func (r *Resource) setParam(name string, v Value, s *Scope) {
	r.setParamHow(name, v, s, "set", source.Range{})
}

// setParamHow sets an attribute and records how and where.
func (r *Resource) setParamHow(name string, v Value, s *Scope, how string, pos source.Range) {
	for _, p := range r.params {
		if p.name == name {
			p.history = append(p.steps(), origin{how: how, pos: pos, value: v})
			p.value = v
			p.scope = s
			if isRelationParam(name) {
				p.rel = []relPart{{via: relVia(name, how), pos: pos, value: v}}
			}
			return
		}
	}
	r.params = append(r.params, newParam(name, v, s, pos, how))
}

// addRelation appends v (a reference or an array of them) to
// relationship metaparameter name, recording via and pos as where the
// new entries were declared.
func (r *Resource) addRelation(name string, v Value, via string, pos source.Range) {
	p := r.getParam(name)
	switch {
	case p == nil:
		p = &param{name: name, value: v, how: via, pos: pos}
		r.params = append(r.params, p)
	case p.value == nil:
		p.history = append(p.steps(), origin{how: via, pos: pos, value: v})
		p.value, p.how, p.pos = v, via, pos
		p.rel = nil
	default:
		steps := p.steps()
		p.value = append(flatten(p.value), flatten(v)...)
		p.history = append(steps, origin{how: via, pos: pos, value: p.value})
	}
	p.scope = nil
	p.rel = append(p.rel, relPart{via: via, pos: pos, value: v})
}

var validTag = lazyre.New(`^[\p{L}\p{N}_][\p{L}\p{N}_:.\-]*$`)

// isValidTag is validTag with a fast path for ASCII.
func isValidTag(t string) bool {
	if t == "" {
		return false
	}
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case c >= 0x80:
			return validTag.MatchString(t)
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '_':
		case i > 0 && (c == ':' || c == '.' || c == '-'):
		default:
			return false
		}
	}
	return true
}

// addTags adds tags, lower-cased, with the segments of qualified names.
func (r *Resource) addTags(tags ...string) {
	for _, t := range tags {
		t = strings.ToLower(t)
		if !isValidTag(t) {
			continue
		}
		r.addTag(t)
		if strings.Contains(t, "::") {
			for _, seg := range strings.Split(t, "::") {
				if seg != "" {
					r.addTag(seg)
				}
			}
		}
	}
}

// mergeTags adds another resource's tags, which addTags already
// lower-cased, checked and split into segments, in their order.
func (r *Resource) mergeTags(tags []string) {
	for _, t := range tags {
		r.addTag(t)
	}
}

// markTitleNotString records that the title was not a string, which
// Puppet neither tags a resource with nor takes for the namevar.
func (r *Resource) markTitleNotString() {
	r.titleNotString = true
	for i, t := range r.tags {
		if t == strings.ToLower(r.ref.Title) {
			r.tags = append(r.tags[:i:i], r.tags[i+1:]...)
			break
		}
	}
}

func (r *Resource) addTag(t string) {
	for _, x := range r.tags {
		if x == t {
			return
		}
	}
	r.tags = append(r.tags, t)
}

// hasTag reports whether r is tagged t, by its own tags or by those of
// the resource of the scope it was declared in, as Puppet's tagged? does
// before the scope's tags are merged in at the end.
func (r *Resource) hasTag(t string) bool {
	if r.ownTag(t) {
		return true
	}
	if r.scope != nil {
		if cont := r.scope.container(); cont != nil && cont != r {
			return cont.ownTag(t)
		}
	}
	return false
}

func (r *Resource) ownTag(t string) bool {
	t = strings.ToLower(t)
	for _, x := range r.tags {
		if x == t {
			return true
		}
	}
	return false
}

// addResource puts r in the catalog, checking uniqueness by title and
// by uniqueness key as Puppet's catalog does: the title must not name a
// resource (by its title or key), and the key must not either.
// resourceAt is the resource whose reference is ref exactly (not by
// its uniqueness key or an alias), or nil: byKey holds it under its
// reference, which no key or alias of another resource may take.
func (c *Compiler) resourceAt(ref Ref) *Resource {
	if r := c.byKey[ref]; r != nil && r.ref == ref {
		return r
	}
	return nil
}

func (c *Compiler) addResource(r *Resource) error {
	// byKey holds every resource's reference, and keys and aliases
	// besides: one look finds that the title is free, as it nearly
	// always is; a resource of that very reference is named first.
	if old, ok := c.byKey[r.ref]; ok {
		if same := c.resourceAt(r.ref); same != nil {
			old = same
		}
		return c.duplicate(old, r)
	}
	key, unique := c.uniquenessKey(r)
	if unique {
		// The key is the type and the namevar's value.
		nv := key.Title
		if nv != r.ref.Title {
			if old, ok := c.byKey[key]; ok && old != r {
				return failf("Cannot alias %s to %s at %s; resource [%q, %q] already declared %s",
					r.ref, rubyInspectKey(nv), locationOf(r), old.ref.Type, nv, locationOf(old))
			}
			if old := c.resourceAt(Ref{Type: r.ref.Type, Title: nv}); old != nil {
				return failf("Cannot alias %s to %s at %s; resource [%q, %q] already declared %s",
					r.ref, rubyInspectKey(nv), locationOf(r), old.ref.Type, nv, locationOf(old))
			}
			// Most often the key is the reference, set just below.
			c.byKey[key] = r
		}
	}
	c.byKey[r.ref] = r
	r.added, r.order = true, len(c.resources)
	c.resources = append(c.resources, r)
	of := c.byType[r.ref.Type]
	if of == nil {
		of = new([]*Resource)
		c.byType[r.ref.Type] = of
	}
	*of = append(*of, r)
	return nil
}

func rubyInspectKey(s string) string { return fmt.Sprintf("[%q]", s) }

func locationOf(r *Resource) string {
	if r.file != "" && r.line > 0 {
		return fmt.Sprintf("(file: %s, line: %d)", r.file, r.line)
	}
	if r.line > 0 {
		return fmt.Sprintf("(line: %d)", r.line)
	}
	return ""
}

func (c *Compiler) duplicate(old, r *Resource) error {
	msg := "Duplicate declaration: " + r.ref.String() + " is already declared" // the new one, also when found by an alias
	if loc := locationOf(old); loc != "" {
		msg += " at " + loc
	}
	msg += "; cannot redeclare"
	if loc := locationOf(r); loc != "" {
		msg += " " + loc
	}
	return failf("%s", msg)
}

// uniquenessKey is the key a built-in isomorphic resource is unique by
// besides its title: type and namevar value; false for any other.
func (c *Compiler) uniquenessKey(r *Resource) (Ref, bool) {
	if r.typeInfo == nil || !r.typeInfo.Isomorphic || len(r.typeInfo.Namevars) != 1 {
		return Ref{}, false
	}
	nv, _ := c.namevarValue(r)
	return Ref{Type: r.ref.Type, Title: nv}, true
}

func (c *Compiler) titleKey(r *Resource) string {
	if r.typeInfo != nil && r.typeInfo.TitleKey != nil {
		return r.typeInfo.TitleKey(r.ref.Title)
	}
	return r.ref.Title
}

func (c *Compiler) namevarValue(r *Resource) (string, bool) {
	if r.typeInfo == nil || len(r.typeInfo.Namevars) == 0 {
		return r.ref.Title, false
	}
	if v, ok := r.get(r.typeInfo.Namevars[0]); ok && v != nil {
		s := ToS(v)
		if r.typeInfo.TitleKey != nil {
			s = r.typeInfo.TitleKey(s)
		}
		return s, true
	}
	return c.titleKey(r), false
}

// findResource finds a resource by reference, also by uniqueness key
// and alias.
func (c *Compiler) findResource(ref Ref) *Resource {
	if ref.Type == "Class" {
		ref.Title = catalog.CanonicalType(ref.Title)
	}
	// By reference first, then by uniqueness key, then by alias.
	held := c.byKey[ref]
	if held != nil && held.ref == ref {
		return held
	}
	if ti, ok := c.types.Lookup(ref.Type); ok {
		k := ref.Title
		if ti.TitleKey != nil {
			k = ti.TitleKey(k)
		}
		if r, ok := c.byKey[Ref{Type: ref.Type, Title: k}]; ok {
			return r
		}
	}
	return held
}

// containEdge says that container holds member, and what put it there
// (via, "" for the main stage and class) and where.
type containEdge struct {
	container, member *Resource
	via               string
	at                source.Range
}

// contain records a containment edge and what made it.
func (c *Compiler) contain(container, member *Resource, via string, at source.Range) {
	// The first edge to a member is known by member.container; only
	// the others, which few members have, are kept in edgeSet.
	if member.container == container {
		return
	}
	if member.container != nil {
		key := [2]*Resource{container, member}
		if _, ok := c.edgeSet[key]; ok {
			return
		}
		c.edgeSet[key] = struct{}{}
	}
	c.edges = append(c.edges, containEdge{container: container, member: member, via: via, at: at})
	if member.container == nil {
		member.container = container
	}
}

// ---- resource expressions ----

// evalResourceExpr evaluates a resource statement; when want, its value
// is the list of references to what it declared.
func (c *Compiler) evalResourceExpr(s *Scope, e *ast.ResourceExpr, want bool) (Value, error) {
	typ, err := c.resourceTypeName(s, e.TypeName)
	if err != nil {
		return nil, err
	}
	// Evaluate every body's title and attributes first, as Puppet does.
	// The bodies and their titles, most often one of each, are kept
	// on the stack: a body's titles are titles[lo:hi].
	type body struct {
		lo, hi int
		ops    []*param
		node   *ast.ResourceBody
	}
	var bodyBuf [2]body
	var titleBuf [4]Value
	bodies, titles := bodyBuf[:0], titleBuf[:0]
	var defaults *body
	seenTitles := map[string]bool{}
	for _, b := range e.Bodies {
		tv, err := c.eval(s, b.Title)
		if err != nil {
			return nil, err
		}
		bd := body{node: b, lo: len(titles)}
		if _, ok := tv.(Default); ok {
			ops, err := c.evalAttrOps(s, b.Ops, "Resource Statement", false, e, false)
			if err != nil {
				return nil, err
			}
			bd.ops = ops
			// A copy, so that bd itself stays on the stack.
			d := bd
			defaults = &d
			continue
		}
		if tv == nil {
			return nil, errAt(s.rng(b.Title), "Missing title. The title expression resulted in undef")
		}
		var one [1]Value
		for i, t := range flattenTo(one[:0], tv) {
			if _, ok := t.(Default); ok {
				continue
			}
			if _, ok := t.(string); !ok && !strings.EqualFold(typ, "class") {
				return nil, errAt(s.rng(b.Title), "Illegal title type at index %d. Expected String, got %s", i, generalizedType(t))
			}
			title := t
			if r, ok := t.(Ref); ok && strings.EqualFold(typ, "class") {
				title = r.Title
			}
			ts := ToS(title)
			if ts == "" {
				return nil, errAt(s.rng(b.Title), "Empty string title at %d. Title strings must have a length greater than zero.", i)
			}
			if seenTitles[ts] {
				return nil, errAt(s.rng(e), "The title '%s' has already been used in this resource expression", ts)
			}
			seenTitles[ts] = true
			titles = append(titles, title)
		}
		bd.hi = len(titles)
		ops, err := c.evalAttrOps(s, b.Ops, "Resource Statement", false, e, false)
		if err != nil {
			return nil, err
		}
		bd.ops = ops
		bodies = append(bodies, bd)
	}
	if e.Form == ast.Exported {
		// Without storeconfigs, which ordo has not, Puppet keeps the
		// resources as exported and says the export is ignored.
		c.logf("warning", "You cannot collect exported resources without storeconfigs being set; the export is ignored %s", posColumnString(s.rng(e)))
	}
	var refs []Value
	for _, bd := range bodies {
		ops := bd.ops
		if defaults != nil {
			ops = mergeLocalDefaults(defaults.ops, ops)
		}
		if bd.hi-bd.lo > 1 {
			// The resources share each array attribute's value, as
			// Puppet's share one Ruby object (see shareRelations).
			for _, p := range ops {
				if arr, ok := p.value.([]Value); ok && len(arr) > 0 {
					c.shareSeq++
					p.shared = c.shareSeq
				}
			}
		}
		for _, t := range titles[bd.lo:bd.hi] {
			if typ == "class" {
				if e.Form != ast.Regular {
					return nil, errAt(s.rng(e), "Classes are not virtualizable")
				}
				ref, err := c.declareClassResourceLike(s, e, ToS(t), ops)
				if err != nil {
					return nil, err
				}
				if want {
					refs = append(refs, ref)
				}
				continue
			}
			// A body of one title gives its attributes to its resource.
			ref, err := c.declareOne(s, e.Form, e, typ, ToS(t), ops, bd.hi-bd.lo == 1)
			if err != nil {
				return nil, err
			}
			if want {
				refs = append(refs, ref)
			}
		}
	}
	if !want {
		return nil, nil
	}
	return refs, nil
}

// mergeLocalDefaults puts a default: body's attributes that a body does
// not set before the body's own, in the order Puppet writes them.
func mergeLocalDefaults(defs, ops []*param) []*param {
	out := make([]*param, 0, len(defs)+len(ops))
	for _, d := range defs {
		found := false
		for _, o := range ops {
			if o.name == d.name {
				found = true
				break
			}
		}
		if !found {
			out = append(out, d.copyTo("per-expression default (default: body)"))
		}
	}
	return append(out, ops...)
}

// resourceTypeName evaluates the type part of a resource expression to a
// lower-case type name ("class" for classes).
func (c *Compiler) resourceTypeName(s *Scope, n ast.Expr) (string, error) {
	switch x := n.(type) {
	case *ast.QualifiedName:
		return strings.ToLower(strings.TrimPrefix(x.Name, "::")), nil
	}
	v, err := c.eval(s, n)
	if err != nil {
		return "", err
	}
	switch x := v.(type) {
	case Ref:
		if x.Title != "" {
			return "", errAt(s.rng(n), "Illegal Resource Type expression, expected result to be a type name, or untitled Resource, got %s", x)
		}
		return strings.ToLower(x.Type), nil
	case string:
		return strings.ToLower(strings.TrimPrefix(x, "::")), nil
	}
	return "", errAt(s.rng(n), "Illegal Resource Type expression, expected result to be a type name, or untitled Resource, got %s", typeName(v))
}

// evalAttrOps evaluates attribute operations, expanding splats. An
// attribute set twice is an error at dupAt (the resource expression, as
// Puppet reports it; nil: the attribute); repeats leaves that to the
// caller (resource defaults).
func (c *Compiler) evalAttrOps(s *Scope, ops []*ast.AttributeOp, stmt string, allowAppend bool, dupAt ast.Node, repeats bool) ([]*param, error) {
	// Room for the attributes, and for two resource defaults that
	// declareOne may add to a resource that takes these as its own.
	var out []*param
	if len(ops) > 0 {
		out = make([]*param, 0, len(ops)+2)
	}
	set := map[string]bool{}
	dupRange := func(op *ast.AttributeOp) source.Range {
		if dupAt != nil {
			return s.rng(dupAt)
		}
		return s.rng(op)
	}
	for _, op := range ops {
		v, err := c.eval(s, op.Value)
		if err != nil {
			return nil, err
		}
		if op.Op == ast.AttrSplat {
			h, ok := v.(*Hash)
			if !ok {
				return nil, errAt(s.rng(op.Value), "Expected value of type Hash, got %s", generalizedType(v))
			}
			for i, k := range h.keys {
				name := ToS(k)
				if set[name] && !repeats {
					return nil, errAt(dupRange(op), "The attribute '%s' has already been set", name)
				}
				set[name] = true
				out = append(out, newParam(name, h.vals[i], s, s.rng(op), "splat (* =>)"))
			}
			continue
		}
		if op.Op == ast.AttrAppend && !allowAppend {
			return nil, errAt(s.rng(op), "Illegal +> operation on attribute %s. This operator can not be used in a %s", op.Name, stmt)
		}
		if set[op.Name] && !repeats {
			return nil, errAt(dupRange(op), "The attribute '%s' has already been set", op.Name)
		}
		set[op.Name] = true
		p := c.newParam(op.Name, v, s, s.rng(op), "declared")
		if op.Op == ast.AttrAppend {
			p.name = "+" + op.Name
		}
		out = append(out, p)
	}
	return out, nil
}

// declareOne creates one resource declared at node e. When owned, the
// resource takes ops as its attributes; else it copies them.
func (c *Compiler) declareOne(s *Scope, form ast.ResourceForm, e ast.Node, typ, title string, ops []*param, owned bool) (Ref, error) {
	rng := s.rng(e)
	var r *Resource
	var ti *TypeInfo
	def := c.findDefine(typ)
	if def == nil {
		var ok bool
		ti, ok = c.types.Lookup(typ)
		if !ok {
			return Ref{}, stmtError("Resource Statement", rng, failf("Unknown resource type: '%s'", typ))
		}
	}
	ctype, ok := c.canonTypes[typ]
	if !ok {
		ctype = catalog.CanonicalType(typ)
		c.canonTypes[typ] = ctype
	}
	ref := Ref{Type: ctype, Title: title}
	r = c.newResource(ref, s, e)
	r.typeInfo = ti
	r.def = def
	r.virtual = form != ast.Regular
	r.exported = form == ast.Exported
	if def != nil {
		r.kind = "defined_type"
	} else {
		r.kind = "compilable_type"
	}
	// An owned list of attributes becomes the resource's, in place.
	if owned {
		r.params = ops[:0]
	} else {
		r.params = make([]*param, 0, len(ops)+2)
	}
	for _, p := range ops {
		// An attribute set to undef stays, unset: it keeps resource
		// defaults from filling it, as in Puppet.
		if r.def != nil && p.value != nil {
			if err := c.checkAttr(r, p.name); err != nil {
				// Reported when the instance is evaluated, with its
				// other parameter errors, as Puppet does.
				r.unknownParams = append(r.unknownParams, p.name)
				continue
			}
		}
		np := p
		if !owned {
			np = c.copyParam(p, p.how)
		}
		if r.typeInfo != nil && r.def == nil && np.name == "name" && len(r.typeInfo.Namevars) == 1 && r.typeInfo.Namevars[0] != "name" {
			// name stands for the namevar, as Puppet::Resource takes it.
			if np == p {
				np = c.copyParam(p, p.how)
			}
			np.name = r.typeInfo.Namevars[0]
		}
		r.params = append(r.params, np)
	}
	declared := r.params
	// Resource defaults visible from this scope fill unset attributes.
	for _, d := range s.lookupDefaults(ref.Type) {
		if _, ok := r.get(d.name); ok {
			continue
		}
		if d.value == nil {
			continue
		}
		r.params = append(r.params, c.copyParam(d, "resource default"))
	}
	// Tags: the tag attribute, the type and title, then tags from
	// resource defaults, in the order Puppet adds them.
	var defaultTags Value
	if tp := r.getParam("tag"); tp != nil {
		if tp.scope != s || tp.pos.File == nil || !explicitOp(declared, "tag") {
			defaultTags = tp.value
		} else {
			for _, t := range flatten(tp.value) {
				if !isValidTag(strings.ToLower(ToS(t))) {
					return Ref{}, &Error{Msg: fmt.Sprintf("Invalid tag '%s'", strings.ToLower(ToS(t))), File: r.file, Line: r.line}
				}
				r.addTags(ToS(t))
			}
		}
	}
	r.addTags(typ)
	r.addTags(title)
	var one [1]Value
	for _, t := range flattenTo(one[:0], defaultTags) {
		if t != nil {
			r.addTags(ToS(t))
		}
	}
	if typ == "stage" {
		c.stages[title] = true
	}
	if _, ok := r.get("stage"); ok {
		return Ref{}, stmtError("Resource Statement", rng, failf("Only classes can set 'stage'; normal resources like %s cannot change run stage", ref))
	}
	if err := c.addResource(r); err != nil {
		return Ref{}, stmtError("Resource Statement", rng, err)
	}
	if al, ok := r.get("alias"); ok {
		for _, a := range flatten(al) {
			k := Ref{Type: ref.Type, Title: ToS(a)}
			if old, ok := c.byKey[k]; ok && old != r {
				return Ref{}, stmtError("Resource Statement", rng, failf("Cannot alias %s to %q at %s; resource [%q, %q] already declared %s",
					ref, ToS(a), locationOf(r), ref.Type, ToS(a), locationOf(old)))
			}
			c.byKey[k] = r
		}
	}
	if typ != "stage" {
		if cont := s.container(); cont != nil {
			c.contain(cont, r, "declared", rng)
		}
	}
	if def != nil {
		c.pendingDefs = append(c.pendingDefs, r)
	}
	c.applyPendingOverrides(r)
	return ref, nil
}

func explicitOp(ops []*param, name string) bool {
	for _, p := range ops {
		if p.name == name && p.value != nil {
			return true
		}
	}
	return false
}

func (c *Compiler) checkAttr(r *Resource, name string) error {
	if r.typeInfo != nil {
		if !r.typeInfo.HasAttr(name) {
			return failf("has no parameter named '%s'", name)
		}
		return nil
	}
	if r.def != nil {
		if metaparams[name] || name == "name" && false {
			return nil
		}
		for _, p := range r.def.params() {
			if p.Name == name {
				return nil
			}
		}
		if name == "name" || name == "title" {
			return nil
		}
		return failf("has no parameter named '%s'", name)
	}
	return nil
}

// ---- resource defaults ----

func (c *Compiler) evalDefaultsExpr(s *Scope, e *ast.ResourceDefaultsExpr) (Value, error) {
	typ, err := c.resourceTypeName(s, e.TypeName)
	if err != nil {
		return nil, err
	}
	if typ == "class" {
		return nil, errAt(s.rng(e.TypeName), "Illegal Resource Type expression, expected result to be a type name, or untitled Resource, got Type[Class]")
	}
	for _, op := range e.Ops {
		if op.Op == ast.AttrAppend {
			return nil, errAt(s.rng(op), "Illegal +> operation on attribute %s. This operator can not be used in a Resource Defaults Expression", op.Name)
		}
	}
	ops, err := c.evalAttrOps(s, e.Ops, "Resource Defaults Expression", false, nil, true)
	if err != nil {
		return nil, err
	}
	ctype := catalog.CanonicalType(typ)
	if s.defaults == nil {
		s.defaults = map[string]*defaultSet{}
	}
	ds := s.defaults[ctype]
	if ds == nil {
		ds = &defaultSet{vals: map[string]*param{}}
		s.defaults[ctype] = ds
	}
	for _, p := range ops {
		if _, ok := ds.vals[p.name]; ok {
			pos := p.pos.Position()
			return nil, &Error{Msg: fmt.Sprintf("Default already defined for %s { %s }; cannot redefine", ctype, p.name), File: pos.Filename, Line: pos.Line}
		}
		ds.names = append(ds.names, p.name)
		ds.vals[p.name] = p
		ds.ordered = nil
	}
	return nil, nil
}

// ---- overrides ----

type override struct {
	ref   Ref
	ops   []*param
	scope *Scope
	pos   source.Range
	done  bool
	// fromCollector lifts the subclass rule.
	fromCollector bool
}

func (c *Compiler) evalOverrideExpr(s *Scope, e *ast.ResourceOverrideExpr) (Value, error) {
	v, err := c.eval(s, e.Resources)
	if err != nil {
		return nil, err
	}
	ops, err := c.evalAttrOps(s, e.Ops, "Resource Override", true, nil, false)
	if err != nil {
		return nil, err
	}
	for _, x := range flatten(v) {
		ref, ok := x.(Ref)
		if !ok || ref.Title == "" {
			return nil, errAt(s.rng(e.Resources), "Resource Override can only operate on resources, got: %s", typeName(x))
		}
		if ref.Type == "Class" {
			return nil, errAt(s.rng(e.Resources), "Resource Override can only operate on resources, got: %s-Type", ref)
		}
		o := &override{ref: ref, ops: ops, scope: s, pos: s.rng(e)}
		if r := c.findResource(ref); r != nil {
			if err := c.applyOverride(o, r); err != nil {
				return nil, err
			}
			o.done = true
			continue
		}
		c.overrides = append(c.overrides, o)
	}
	return nil, nil
}

func (c *Compiler) applyPendingOverrides(r *Resource) {
	for _, o := range c.overrides {
		if !o.done && o.ref == r.ref {
			if err := c.applyOverride(o, r); err == nil {
				o.done = true
			}
		}
	}
}

// inherits reports whether class sub is cls or inherits from it.
func (c *Compiler) inherits(sub, cls string) bool {
	for i := 0; i < 100 && sub != ""; i++ {
		if sub == cls {
			return true
		}
		d := c.classes[sub]
		if d == nil || d.class == nil || d.class.Parent == "" {
			return false
		}
		sub = strings.ToLower(strings.TrimPrefix(d.class.Parent, "::"))
	}
	return false
}

// applyOverride merges an override into r with Puppet's permission rules.
func (c *Compiler) applyOverride(o *override, r *Resource) error {
	from := o.scope.real().className()
	allowed := o.fromCollector || from == r.declClass || c.inherits(from, r.declClass)
	if !allowed {
		e := errAt(o.pos, "Only subclasses can override parameters").noColumn()
		e.Evaluation = false
		return e
	}
	if r.def != nil && r.evaluated && !o.fromCollector {
		c.logf("warning", "Attempt to override an already evaluated resource, defined at %s, with new values %s", locationOf(r), posString(o.pos))
		return nil
	}
	for _, p := range o.ops {
		name, appendOp := p.name, false
		if strings.HasPrefix(name, "+") {
			name, appendOp = name[1:], true
		}
		old := r.getParam(name)
		if old != nil && !o.fromCollector && from == r.declClass && old.scope != nil && o.scope.real().className() == from && !c.inherits(from, r.declClass) {
			// same class: allowed only when unset
		}
		how := "amended by reference"
		if o.fromCollector {
			how = "set by collector"
		}
		// Puppet refuses the override before it merges a +> value
		if old != nil && old.value != nil && !o.fromCollector && from == r.declClass && from == old.scope.real().className() && !isSubclassOverride(c, from, old) {
			e := errAt(o.pos, "Parameter '%s' is already set on %s by %s at %s; cannot redefine", name, r.ref, setterName(old), locationOfParam(old)).noColumn()
			e.Evaluation = false
			return e
		}
		if old != nil && old.value != nil && appendOp {
			steps := old.steps()
			old.value = append(flatten(old.value), flatten(p.value)...)
			old.scope = o.scope
			old.history = append(steps, origin{how: how + " (+>)", pos: p.pos, value: old.value})
			if isRelationParam(name) {
				old.rel = append(old.rel, relPart{via: relVia(name, how) + " +>", pos: p.pos, value: p.value})
			}
			continue
		}
		r.setParamHow(name, p.value, o.scope, how, p.pos)
		if name == "tag" {
			for _, t := range flatten(p.value) {
				r.addTags(ToS(t))
			}
		}
	}
	return nil
}

func isSubclassOverride(c *Compiler, from string, old *param) bool { return false }

func setterName(p *param) string {
	if n := p.scope.real().className(); n != "" {
		return "Class[" + catalog.CanonicalType(n) + "]"
	}
	return "#<Puppet::Resource::Type:0x0>"
}

func locationOfParam(p *param) string {
	pos := p.pos.Position()
	return fmt.Sprintf("(file: %s, line: %d)", pos.Filename, pos.Line)
}

// posColumnString is "(file: F, line: L, column: C)".
func posColumnString(r source.Range) string {
	p := r.Position()
	return fmt.Sprintf("(file: %s, line: %d, column: %d)", p.Filename, p.Line, p.Column)
}

func posString(r source.Range) string {
	p := r.Position()
	return fmt.Sprintf("(file: %s, line: %d)", p.Filename, p.Line)
}

// provenance is a declaration and its position, for the catalog.
func (c *Compiler) provenance(via string, r source.Range) catalog.Provenance {
	if r.File == nil || !r.Start.IsValid() {
		return catalog.Provenance{Via: via}
	}
	p := r.Position()
	return catalog.Provenance{Via: via, File: p.Filename, Line: p.Line, Column: p.Column}
}

func (e *Error) noColumn() *Error {
	e.NoColumn = true
	return e
}
