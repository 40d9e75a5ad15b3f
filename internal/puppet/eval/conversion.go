package eval

import (
	"slices"
	"strconv"

	"github.com/ordoproject/ordo/internal/catalog"
)

// conversionWarnings logs what Puppet's catalog writer says of r's
// attribute values that are not data: a data type, a regexp, default
// or a rich value (Timespan, Binary, Deferred, ...) becomes its string,
// with a warning naming where it is. Puppet builds the name onto the
// one of the warning before, whatever its kind, for each resource (so
// a second warning reads Notify[x]['message'][0]['message'][1]); ordo
// writes what Puppet writes. It reports whether r holds a rich value,
// which the caller then writes as its string without a second warning.
func (c *Compiler) conversionWarnings(r *Resource) bool {
	// Few resources hold such a value: the others are passed over
	// before any name or place is built.
	if !slices.ContainsFunc(r.params, func(p *param) bool { return p.value != nil && convertsToString(p.value) }) {
		return false
	}
	rich := false
	prefix := r.ref.String()
	loc := locationOf(r)
	warn := func(path, what, text string) {
		prefix += path
		msg := prefix + " contains " + what + ". It will be converted to the String '" + text + "'"
		if loc != "" {
			msg += " " + loc
		}
		c.opts.ConversionWarnings(msg)
	}
	var walk func(v Value, path string)
	walk = func(v Value, path string) {
		switch x := v.(type) {
		case *Type:
			if alias, ok := c.aliasNames[x]; ok {
				warn(path, "a TypeAlias-Type value", alias+" = "+c.expandedString(x))
				return
			}
			warn(path, article(x.Name)+" "+x.Name+"-Type value", x.String())
		case *Regexp:
			warn(path, "a Regexp value", "/"+x.Src+"/")
		case Default:
			warn(path, "the special value default", "default")
		case string, int64, float64, bool, nil:
		case []Value:
			for i, e := range x {
				walk(e, path+"["+strconv.Itoa(i)+"]")
			}
		case *Hash:
			for i, k := range x.keys {
				switch kt := k.(type) {
				case *Type:
					warn(path, "a hash with "+article(kt.Name)+" "+kt.Name+"-Type key", kt.String())
				case *Regexp:
					warn(path, "a hash with a Regexp key", "/"+kt.Src+"/")
				}
				walk(x.vals[i], path+"['"+ToS(k)+"']")
			}
		default:
			if cr, ok := ToCatalog(v).(*catalog.Rich); ok {
				rich = true
				text, what := richString(cr)
				warn(path, what, text)
			}
		}
	}
	for _, p := range r.params {
		if p.value != nil {
			walk(p.value, "['"+p.name+"']")
		}
	}
	return rich
}

// convertsToString reports whether v holds a value that conversionWarnings
// warns about: a type, a regular expression, default or a rich value,
// or a hash key that is a type or a regular expression.
func convertsToString(v Value) bool {
	switch x := v.(type) {
	case *Type, *Regexp, Default:
		return true
	case string, int64, float64, bool, nil:
		return false
	case []Value:
		return slices.ContainsFunc(x, convertsToString)
	case *Hash:
		for i, k := range x.keys {
			switch k.(type) {
			case *Type, *Regexp:
				return true
			}
			if convertsToString(x.vals[i]) {
				return true
			}
		}
		return false
	}
	_, rich := ToCatalog(v).(*catalog.Rich)
	return rich
}

// writeAliases rewrites the catalog values of cr (made from r) that hold
// a type alias: Puppet writes one as its definition, "MyT = Integer[1, 2]".
func (c *Compiler) writeAliases(r *Resource, cr *catalog.Resource) {
	for _, p := range r.params {
		if p.value == nil || !c.holdsAlias(p.value) {
			continue
		}
		for i := range cr.Params {
			if cr.Params[i].Name == p.name {
				cr.Params[i].Value = c.catalogValue(p.value)
			}
		}
	}
}

func (c *Compiler) holdsAlias(v Value) bool {
	switch x := v.(type) {
	case *Type:
		_, ok := c.aliasNames[x]
		return ok
	case []Value:
		for _, e := range x {
			if c.holdsAlias(e) {
				return true
			}
		}
	case *Hash:
		for _, e := range x.vals {
			if c.holdsAlias(e) {
				return true
			}
		}
	}
	return false
}

// catalogValue is ToCatalog with type aliases written as Puppet writes
// them.
func (c *Compiler) catalogValue(v Value) catalog.Value {
	switch x := v.(type) {
	case *Type:
		if alias, ok := c.aliasNames[x]; ok {
			return alias + " = " + c.expandedString(x)
		}
	case []Value:
		out := make([]catalog.Value, len(x))
		for i, e := range x {
			out[i] = c.catalogValue(e)
		}
		return out
	case *Hash:
		h := catalog.NewHash()
		for i, k := range x.keys {
			h.Set(ToS(k), c.catalogValue(x.vals[i]))
		}
		return h
	}
	return ToCatalog(v)
}
