package eval

import (
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

// includeClass declares class name like include does, and returns its
// resource.
func (c *Compiler) includeClass(s *Scope, name string) (*Resource, error) {
	name = strings.ToLower(strings.TrimPrefix(name, "::"))
	if r := c.byRef[classRef(name)]; r != nil {
		return r, nil
	}
	def := c.findClass(name)
	if def == nil {
		return nil, failf("Could not find class ::%s for %s", name, c.opts.Node)
	}
	return c.evalClass(s, def, nil, nil, false)
}

// declareClassResourceLike evaluates class { 'name': ... }.
func (c *Compiler) declareClassResourceLike(s *Scope, e *ast.ResourceExpr, title string, ops []*param) (Value, error) {
	name := strings.ToLower(strings.TrimPrefix(title, "::"))
	rng := s.rng(e)
	def := c.findClass(name)
	if def == nil {
		return nil, stmtError("Resource Statement", rng, failf("Could not find declared class %s", name))
	}
	ref := classRef(name)
	probe := c.newResource(ref, s, e)
	if old := c.byRef[ref]; old != nil {
		return nil, stmtError("Resource Statement", rng, c.duplicate(old, probe))
	}
	_, err := c.evalClass(s, def, ops, e, true)
	if err != nil {
		return nil, stmtError("Resource Statement", rng, err)
	}
	return ref, nil
}

// evalClass creates the resource of a class and evaluates its body.
func (c *Compiler) evalClass(s *Scope, def *definition, ops []*param, at ast.Node, resourceLike bool) (*Resource, error) {
	ref := classRef(def.name)
	r := c.newResource(ref, s, at)
	r.isClass = true
	r.kind = "class"
	r.def = def
	if !resourceLike {
		r.file, r.line, r.pos = "", 0, source.Range{}
	}
	r.addTags("class", def.name)
	for _, p := range ops {
		if p.value == nil {
			continue
		}
		if !metaparams[p.name] && !hasParam(def, p.name) {
			return nil, failf("%s: has no parameter named '%s'", ref, p.name)
		}
		r.params = append(r.params, &param{name: p.name, value: p.value, scope: s, pos: p.pos})
	}
	if tv, ok := r.get("tag"); ok {
		for _, t := range flatten(tv) {
			r.addTags(ToS(t))
		}
	}
	// The parent class is declared first if it is not yet.
	var parentScope *Scope
	if def.class.Parent != "" {
		pname := strings.ToLower(strings.TrimPrefix(def.class.Parent, "::"))
		pdef := c.findClass(pname)
		if pdef == nil {
			return nil, failf("Could not find parent class %s", pname)
		}
		if err := c.addResource(r); err != nil {
			return nil, err
		}
		if c.byRef[classRef(pname)] == nil {
			if _, err := c.evalClass(s, pdef, nil, nil, false); err != nil {
				return nil, err
			}
		}
		parentScope = c.classScopes[pname]
	} else if err := c.addResource(r); err != nil {
		return nil, err
	}
	c.evaluated = append(c.evaluated, def.name)
	var cs *Scope
	if parentScope != nil {
		cs = c.newScope(classScope, parentScope, parentScope, def.file)
	} else {
		cs = c.newScope(classScope, s.enclosing(), s, def.file)
	}
	cs.name = def.name
	cs.resource = r
	c.classScopes[def.name] = cs
	r.evaluated = true
	if err := c.bindParams(cs, r, def, true); err != nil {
		return nil, err
	}
	// The class joins its stage.
	stage := "main"
	if v, ok := r.get("stage"); ok && v != nil {
		stage = ToS(v)
	} else if dr := s.container(); dr != nil {
		if v, ok := dr.get("stage"); ok && v != nil && dr.isClass {
			stage = ToS(v)
		}
	}
	st := c.byRef[Ref{Type: "Stage", Title: stage}]
	if st == nil {
		return nil, failf("Could not find stage %s specified by %s", stage, ref)
	}
	if _, ok := r.get("stage"); !ok && stage != "main" {
		r.setParam("stage", stage, nil)
	}
	c.contain(st, r)
	if _, err := c.evalBlock(cs, def.class.Body); err != nil {
		return nil, err
	}
	return r, nil
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
	for _, p := range def.params() {
		v, given := r.get(p.Name)
		if given && v == nil {
			given = false
		}
		if !given && isClass && c.opts.Lookup != nil {
			lv, found, err := c.opts.Lookup(c.ctx, def.name+"::"+p.Name, "")
			if err != nil {
				return err
			}
			if found {
				v, given = FromCatalog(lv), true
				r.setParam(p.Name, v, nil)
			}
		}
		if !given {
			if p.Default != nil {
				dv, err := c.eval(cs, p.Default)
				if err != nil {
					return err
				}
				v = dv
				if v != nil {
					r.setParam(p.Name, v, nil)
				}
			} else if p.Type == nil || !c.acceptsUndef(cs, p.Type) {
				return failf("%s: expects a value for parameter '%s'", displayRef(r), p.Name)
			}
		}
		if p.Type != nil {
			t, err := c.evalType(cs, p.Type)
			if err != nil {
				return err
			}
			if !c.isInstance(t, v) {
				return failf("%s: %s", displayRef(r), c.mismatch("parameter '"+p.Name+"'", t, v))
			}
		}
		cs.vars[p.Name] = v
	}
	return nil
}

func displayRef(r *Resource) string {
	if r.isClass {
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
	cs := c.newScope(defineScope, declScope.enclosing(), declScope, def.file)
	cs.name = def.name
	cs.resource = r
	if err := c.bindParams(cs, r, def, false); err != nil {
		return stmtErrorAt(r, err)
	}
	_, err := c.evalBlock(cs, def.define.Body)
	return err
}

func stmtErrorAt(r *Resource, err error) error {
	if e, ok := err.(*Error); ok {
		return e
	}
	return &Error{Msg: "Error while evaluating a Resource Statement, " + err.Error(), Where: r.pos, Evaluation: true}
}
