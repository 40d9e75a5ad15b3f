package eval

import (
	"context"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
)

// opaque is a value a template stored in a scope (a Ruby object); it is
// handed back unchanged.
type opaque struct{ v any }

// templateScope is the scope an ERB template renders in.
type templateScope struct {
	c *Compiler
	s *Scope
}

func (t *templateScope) LookupVar(name string) (catalog.Value, bool) {
	return t.s.catalogVar(strings.TrimPrefix(name, "@"))
}

// UndefinedVariable warns once of a variable a template did not find.
func (t *templateScope) UndefinedVariable(name string) { t.c.undefinedVariable(name) }

// undefinedVariable warns of a variable a template or Hiera's
// interpolation looked up and did not find, once a name, as Puppet's
// scope does, with its reason for a qualified one.
func (c *Compiler) undefinedVariable(name string) {
	name = strings.TrimPrefix(name, "::")
	if name == "" || name == "module_name" || name == "caller_module_name" || strings.Trim(name, "0123456789") == "" {
		return
	}
	reason := ""
	if i := strings.LastIndex(name, "::"); i >= 0 {
		class := name[:i]
		if c.findClass(strings.ToLower(class)) == nil {
			reason = "class " + class + " could not be found"
		} else if _, ok := c.classScopes[strings.ToLower(class)]; !ok {
			reason = "class " + class + " has not been evaluated"
		}
	}
	key := "undefined variable " + name
	if !c.warnedOnce[key] {
		c.warnedOnce[key] = true
		c.logf("warning", "Undefined variable '%s'; %s", name, reason)
	}
}

func (t *templateScope) CallFunction(ctx context.Context, name string, args []catalog.Value) (catalog.Value, error) {
	vals := make([]Value, len(args))
	for i, a := range args {
		vals[i] = FromCatalog(a)
	}
	v, err := t.c.dispatch(&call{c: t.c, s: t.s, name: name, args: vals, rng: t.s.rng(nil)})
	if err != nil {
		return nil, err
	}
	return ToCatalog(v), nil
}

func (t *templateScope) Classes() []string { return append([]string(nil), t.c.evaluated...) }

func (t *templateScope) Tags() []string {
	if cont := t.s.container(); cont != nil {
		return append([]string(nil), cont.tags...)
	}
	return nil
}

func (t *templateScope) AllTags() []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range t.c.resources {
		for _, tag := range r.tags {
			if !seen[tag] {
				seen[tag] = true
				out = append(out, tag)
			}
		}
	}
	return out
}

func (t *templateScope) Variables() *catalog.Hash {
	h := catalog.NewHash()
	seen := map[string]bool{}
	for x := t.s; x != nil; x = x.parent {
		for _, name := range sortedKeys(x.vars) {
			if seen[name] {
				continue
			}
			seen[name] = true
			if v := x.vars[name]; v != nil {
				h.Set(name, ToCatalog(v))
			}
		}
	}
	return h
}

func (t *templateScope) SetVar(name string, value catalog.Value) error {
	v := FromCatalog(value)
	if _, ok := v.(opaque); !ok {
		switch value.(type) {
		case nil, string, int64, float64, bool, []catalog.Value, *catalog.Hash, catalog.Sensitive:
		default:
			v = opaque{value}
		}
	}
	return t.s.setVar(name, v, t.s.rng(nil))
}
