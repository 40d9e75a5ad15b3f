package eval

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/puppet/ast"
	"github.com/ordoproject/ordo/internal/source"
)

// enclosing returns the top or node scope that s was (transitively)
// declared from.
func (s *Scope) enclosing() *Scope {
	for x := s; x != nil; x = x.dynParentOrParent() {
		if x.kind == topScope || x.kind == nodeScope {
			return x
		}
	}
	return s.c.top
}

// classRef is the reference of class name.
func classRef(name string) Ref {
	return Ref{Type: "Class", Title: catalog.CanonicalType(strings.TrimPrefix(name, "::"))}
}

// includeClasses declares classes as include does: every class is
// found first, the new ones are added to the catalog, then evaluated in
// order. It returns the already declared ones, then the new ones.
// how names the declaration (include, require, contain) and at is where.
func (c *Compiler) includeClasses(s *Scope, names []string, how string, at source.Range) ([]*Resource, error) {
	var defs []*definition
	for _, name := range names {
		if name == "" {
			return nil, failf("Cannot use empty string as a class name")
		}
		name = strings.ToLower(strings.TrimPrefix(name, "::"))
		def := c.findClass(name)
		if def == nil {
			return nil, failf("Could not find class ::%s for %s", name, c.opts.Node)
		}
		defs = append(defs, def)
	}
	var already, fresh []*Resource
	for _, def := range defs {
		if _, ok := c.classScopes[def.name]; ok {
			already = append(already, c.resourceAt(classRef(def.name)))
			continue
		}
		r, err := c.ensureClass(s, def, nil, nil, false)
		if err != nil {
			return nil, err
		}
		if r.declVia == "" {
			r.declVia, r.declAt = how, at
		}
		fresh = append(fresh, r)
	}
	for _, r := range fresh {
		if err := c.evalClassResource(r); err != nil {
			return nil, err
		}
	}
	return append(already, fresh...), nil
}

// declareClassResourceLike evaluates class { 'name': ... }.
func (c *Compiler) declareClassResourceLike(s *Scope, e *ast.ResourceExpr, title string, ops []*param) (Value, error) {
	name := strings.ToLower(strings.TrimPrefix(title, "::"))
	rng := s.rng(e)
	def := c.findClass(name)
	if def == nil {
		return nil, stmtError("Resource Statement", rng, failf("Could not find declared class %s", name))
	}
	if err := c.declareClassWithParams(s, def, ops, e); err != nil {
		return nil, stmtError("Resource Statement", rng, err)
	}
	return classRef(name), nil
}

// declareClassWithParams declares a class resource-like and evaluates it.
func (c *Compiler) declareClassWithParams(s *Scope, def *definition, ops []*param, at ast.Node) error {
	ref := classRef(def.name)
	if old := c.resourceAt(ref); old != nil {
		return c.duplicate(old, c.newResource(ref, s, at))
	}
	r, err := c.ensureClass(s, def, ops, at, true)
	if err != nil {
		return err
	}
	r.declVia, r.declAt = "class { }", r.pos
	return c.evalClassResource(r)
}

// ensureClass puts the resource of a class in the catalog, after its
// parent class's, without evaluating it.
func (c *Compiler) ensureClass(s *Scope, def *definition, ops []*param, at ast.Node, resourceLike bool) (*Resource, error) {
	ref := classRef(def.name)
	if !resourceLike {
		if r := c.resourceAt(ref); r != nil {
			return r, nil
		}
	}
	r := c.newResource(ref, s, at)
	r.isClass = true
	// Puppet's kind is "class" for a class declared like a resource,
	// "unknown" for one included.
	r.kind = "unknown"
	if resourceLike {
		r.kind = "class"
	}
	r.def = def
	if !resourceLike {
		r.file, r.line, r.pos = "", 0, source.Range{}
	}
	for _, p := range ops {
		if p.value == nil {
			// an undef given explicitly is kept for the type check:
			// a parameter without a default is then a mismatch
			if hasParam(def, p.name) {
				r.params = append(r.params, p.copyTo(p.how))
			}
			continue
		}
		if !metaparams[p.name] && !hasParam(def, p.name) {
			// Reported with the class's other parameter errors.
			r.unknownParams = append(r.unknownParams, p.name)
			continue
		}
		r.params = append(r.params, p.copyTo(p.how))
	}
	if tv, ok := r.get("tag"); ok {
		for _, t := range flatten(tv) {
			r.addTags(ToS(t))
		}
	}
	r.addTags("class", def.name)
	if def.class.Parent != "" {
		pname := strings.ToLower(strings.TrimPrefix(def.class.Parent, "::"))
		pdef := c.findClass(pname)
		if pdef == nil {
			// Reported where the class is defined, as Puppet does.
			pos := source.Range{File: def.file, Start: def.class.Pos()}.Position()
			return nil, &Error{Msg: fmt.Sprintf("Could not find parent resource type '::%s' of type hostclass in production", pname), File: pos.Filename, Line: pos.Line, Final: true}
		}
		if chain := c.inheritanceCycle(def); chain != "" {
			// Puppet fails without a message (its stack overflows)
			pos := source.Range{File: def.file, Start: def.class.Pos()}.Position()
			return nil, &Error{Msg: fmt.Sprintf("Class '%s' inherits from itself: %s", def.name, chain), File: pos.Filename, Line: pos.Line, Final: true}
		}
		if c.resourceAt(classRef(pname)) == nil {
			pr, err := c.ensureClass(s, pdef, nil, nil, false)
			if err != nil {
				return nil, err
			}
			pr.declVia = "inherits"
			pr.declAt = source.Range{File: def.file, Start: def.class.Pos(), End: def.class.End()}
		}
	}
	if err := c.addResource(r); err != nil {
		return nil, err
	}
	return r, nil
}

// evalClassResource evaluates a class whose resource is in the catalog:
// its parent first, then its parameters, its stage and its body.
func (c *Compiler) evalClassResource(r *Resource) error {
	if r.evaluated {
		return nil
	}
	r.evaluated = true
	def := r.def
	s := r.scope
	// The catalog is tagged with the class's own tags, not those it
	// takes from where it is declared.
	ownTags := slices.Clone(r.tags)
	if cont := s.container(); cont != nil {
		r.mergeTags(cont.tags)
	}
	var cs *Scope
	if def.class.Parent != "" {
		pname := strings.ToLower(strings.TrimPrefix(def.class.Parent, "::"))
		pr := c.resourceAt(classRef(pname))
		if pr == nil {
			return failf("Could not find parent class %s", pname)
		}
		if err := c.evalClassResource(pr); err != nil {
			return err
		}
		ps := c.classScopes[pname]
		cs = c.newScope(classScope, ps, ps, def.file)
	} else {
		cs = c.newScope(classScope, s.enclosing(), s, def.file)
	}
	cs.name = def.name
	cs.resource = r
	c.classScopes[def.name] = cs
	c.evaluated = append(c.evaluated, def.name)
	c.evaluatedTags = append(c.evaluatedTags, ownTags)
	if err := c.bindParams(cs, r, def, true); err != nil {
		return err
	}
	// The class joins its stage.
	stage := "main"
	if v, ok := r.get("stage"); ok && v != nil {
		stage = ToS(v)
	} else if dr := s.container(); dr != nil {
		if v, ok := dr.get("stage"); ok && v != nil {
			stage = ToS(v)
		}
	}
	st := c.resourceAt(Ref{Type: "Stage", Title: stage})
	if st == nil {
		return failf("Could not find stage %s specified by %s", stage, r.ref)
	}
	via, at := r.declVia, r.declAt
	if p := r.getParam("stage"); p != nil && p.value != nil {
		via, at = "stage", p.pos
	} else if stage != "main" {
		via = "stage of the declaring class, " + via
	}
	if _, ok := r.get("stage"); !ok && stage != "main" {
		r.setParam("stage", stage, nil)
	}
	c.contain(st, r, via, at)
	if p, ok := c.containNext[def.name]; ok {
		delete(c.containNext, def.name)
		c.contain(p.container, r, "contain", p.at)
	}
	return c.execBlock(cs, def.class.Body)
}

func hasParam(def *definition, name string) bool {
	for _, p := range def.params() {
		if p.Name == name {
			return true
		}
	}
	return false
}

// bindParams sets a class's or define's parameters in its scope: given
// values, then Hiera (classes), then defaults; checks types and records
// the final values on the resource.
func (c *Compiler) bindParams(cs *Scope, r *Resource, def *definition, isClass bool) error {
	if isClass {
		cs.vars["title"] = def.name
		cs.vars["name"] = def.name
	} else {
		cs.vars["title"] = r.ref.Title
		name := r.ref.Title
		if v, ok := r.get("name"); ok && v != nil {
			name = ToS(v)
		}
		cs.vars["name"] = name
	}
	mod := strings.SplitN(def.name, "::", 2)[0]
	if def.file != nil && !c.inModule(def.file.Name) {
		mod = ""
	}
	if mod != "" {
		cs.vars["module_name"] = mod
	}
	// caller_module_name is the module of the code that declared it.
	if decl := r.scope; decl != nil {
		if cn := decl.real().className(); cn != "" {
			if d := c.classes[cn]; d != nil && d.file != nil && c.inModule(d.file.Name) {
				cs.vars["caller_module_name"] = strings.SplitN(cn, "::", 2)[0]
			} else if d := c.defines[cn]; d != nil && d.file != nil && c.inModule(d.file.Name) {
				cs.vars["caller_module_name"] = strings.SplitN(cn, "::", 2)[0]
			}
		}
	}
	for _, p := range def.params() {
		if p.Name != "facts" && p.Name != "trusted" && p.Name != "server_facts" {
			continue
		}
		// Puppet refuses these when it sets the parameters as variables,
		// at the definition's line; a define's error is that of the
		// resource statement that declared it.
		var n ast.Node = def.define
		if isClass {
			n = def.class
		}
		pos := source.Range{File: def.file, Start: n.Pos()}.Position()
		msg := fmt.Sprintf("Attempt to assign to a reserved variable name: '%s' (file: %s, line: %d)", p.Name, pos.Filename, pos.Line)
		if isClass {
			return &Error{Msg: msg, Final: true}
		}
		return &Error{Msg: "Error while evaluating a Resource Statement, " + msg, Evaluation: true, File: r.file, Line: r.line, Final: true}
	}
	// Puppet checks a class's or defined type's parameters at once:
	// those it does not have, then each missing or mismatched one.
	var mismatches []string
	for _, name := range r.unknownParams {
		mismatches = append(mismatches, "has no parameter named '"+name+"'")
	}
	for i, p := range def.params() {
		v, given := r.get(p.Name)
		explicitUndef := false
		if given && v == nil {
			// undef given takes the default, as if not given
			given, explicitUndef = false, true
		}
		if !given && isClass && c.opts.Lookup != nil {
			lv, found, err := c.opts.Lookup(c.ctx, LookupRequest{Names: []string{def.name + "::" + p.Name}, Var: cs.catalogVar, Undefined: c.undefinedVariable, ConvertTo: c.lookupConvertTo(cs)})
			if err != nil {
				return err
			}
			if found && lv != nil { // data of ~ leaves the default, as in Puppet
				v, given = FromCatalog(lv), true
				r.setParamHow(p.Name, v, nil, "Hiera lookup of "+def.name+"::"+p.Name, source.Range{})
			}
		}
		if !given {
			if p.Default != nil {
				cs.defaultOf, cs.paramIndex, cs.boundBelow = p.Name, def.paramIndex(), i
				dv, err := c.eval(cs, p.Default)
				cs.defaultOf, cs.paramIndex = "", nil
				if _, plain := err.(plainError); plain {
					return failf("%s: %v", displayRef(r), err)
				}
				if err != nil {
					return err
				}
				v = dv
				if v != nil {
					r.setParamHow(p.Name, v, nil, "parameter default", source.Range{File: def.file, Start: p.Default.Pos(), End: p.Default.End()})
					if p.Name == "tag" {
						// a parameter named like the metaparameter tags
						for _, t := range flatten(v) {
							r.addTags(ToS(t))
						}
					}
				}
			} else if p.Type == nil || !c.acceptsUndef(cs, p.Type) {
				// Reported with the type mismatches, in parameter order:
				// an undef given is a value of the wrong type.
				msg := "expects a value for parameter '" + p.Name + "'"
				if explicitUndef && p.Type != nil {
					if t, err := c.evalType(cs, p.Type); err == nil {
						msg = c.mismatch("parameter '"+p.Name+"'", t, nil)
					}
				}
				mismatches = append(mismatches, msg)
				cs.vars[p.Name] = nil
				continue
			}
		}
		if p.Type != nil {
			t, err := c.evalType(cs, p.Type)
			if err != nil {
				return err
			}
			if ref, isRef := t.(Ref); isRef && ref.Title == "" && !c.knownResourceType(ref.Type) {
				// e.g. Stdlib::Absolutepath without stdlib
				return errAt(cs.rng(p.Type), "Resource type not found: %s", ref.Type)
			}
			if !c.isInstance(t, v) {
				// Puppet checks every parameter and reports all mismatches
				mismatches = append(mismatches, c.mismatch("parameter '"+p.Name+"'", t, v))
			}
		}
		cs.vars[p.Name] = v
	}
	// a mismatch inside a structure may be several lines, one a
	// mismatch; a line that starts with a blank continues the one before
	// (a regexp written over several lines, in a type)
	if len(mismatches) > 0 {
		var lines []string
		for _, l := range strings.Split(strings.Join(mismatches, "\n"), "\n") {
			if len(lines) > 0 && (strings.HasPrefix(l, " ") || strings.HasPrefix(l, "\t")) {
				lines[len(lines)-1] += "\n" + l
				continue
			}
			lines = append(lines, l)
		}
		mismatches = lines
	}
	switch len(mismatches) {
	case 0:
		return nil
	case 1:
		return failf("%s: %s", displayRef(r), mismatches[0])
	}
	return failf("%s:\n  %s", displayRef(r), strings.Join(mismatches, "\n  "))
}

func displayRef(r *Resource) string {
	if r.isClass && r.ref.Title != "main" {
		return "Class[" + catalog.CanonicalType(r.ref.Title) + "]"
	}
	return r.ref.String()
}

func (c *Compiler) acceptsUndef(s *Scope, t ast.Expr) bool {
	tv, err := c.evalType(s, t)
	if err != nil {
		return false
	}
	return c.isInstance(tv, nil)
}

func (c *Compiler) inModule(path string) bool {
	for _, mp := range c.opts.ModulePath {
		if strings.HasPrefix(path, strings.TrimSuffix(mp, "/")+"/") {
			return true
		}
	}
	return false
}

// evalDefine evaluates the body of a defined type instance.
func (c *Compiler) evalDefine(r *Resource) error {
	r.evaluated = true
	def := r.def
	declScope := r.scope
	if cont := declScope.container(); cont != nil {
		r.mergeTags(cont.tags)
	}
	cs := c.newScope(defineScope, declScope.enclosing(), declScope, def.file)
	cs.name = def.name
	cs.resource = r
	if err := c.bindParams(cs, r, def, false); err != nil {
		return stmtErrorAt(r, err)
	}
	err := c.execBlock(cs, def.define.Body)
	if e, ok := err.(*Error); ok && !e.Evaluation && strings.HasPrefix(e.Msg, "Invalid tag ") {
		// Puppet finds a bad tag of a resource in a defined type while
		// it evaluates the statement that declared the instance.
		return &Error{Msg: "Error while evaluating a Resource Statement, " + e.Msg, Where: r.pos, Evaluation: true, NoColumn: true}
	}
	if e, ok := err.(*Error); ok && e.Evaluation {
		// Puppet reports an error in a defined type's body inside the
		// statement that declared the instance.
		return &Error{Msg: "Error while evaluating a Resource Statement, " + e.Error(), Where: r.pos, Evaluation: true, NoColumn: true}
	}
	return err
}

func stmtErrorAt(r *Resource, err error) error {
	if e, ok := err.(*Error); ok {
		return e
	}
	return &Error{Msg: "Error while evaluating a Resource Statement, " + err.Error(), Where: r.pos, Evaluation: true, NoColumn: true}
}

// inheritanceCycle follows the parents of def and returns the chain
// ("a inherits b inherits a") when it comes back to def, or "".
func (c *Compiler) inheritanceCycle(def *definition) string {
	chain := []string{def.name}
	seen := map[string]bool{def.name: true}
	for d := def; d != nil && d.class != nil && d.class.Parent != ""; {
		name := strings.ToLower(strings.TrimPrefix(d.class.Parent, "::"))
		chain = append(chain, name)
		if name == def.name {
			return strings.Join(chain, " inherits ")
		}
		if seen[name] {
			return "" // a cycle above def, reported at its own classes
		}
		seen[name] = true
		d = c.findClass(name)
	}
	return ""
}
