package eval

import "strings"

// puppetMismatch words a value's mismatch against a type as Puppet's
// TypeMismatch does once no part of the value explains it: the expected
// type (an Optional's inner type with Undef, a Variant's members) in
// full, aliases expanded, when the value is of a kind one of them names
// or one of them is an alias, else their plain names; the value's type
// in full or by its plain name by the same rule.
func (c *Compiler) puppetMismatch(t *Type, v Value) string {
	e := t
	optional := false
	if e.Name == "Optional" && len(e.Params) > 0 {
		if inner, ok := e.Params[0].(*Type); ok {
			e, optional = inner, true
		}
	}
	members := []*Type{e}
	variant := false
	if e.Name == "Variant" {
		variant = true
		members = members[:0]
		for _, p := range e.Params {
			if pt, ok := p.(*Type); ok {
				members = append(members, pt)
			}
		}
	}
	var names []string
	var actual string
	if c.fullyDetailed(members, v, true) || assignableToDefault(members, v) {
		actual = c.detailedActual(members, v)
		for _, m := range members {
			names = append(names, c.aliasExpanded(m))
		}
	} else {
		seen := map[string]bool{}
		for _, m := range members {
			if n := c.shortTypeName(m); !seen[n] {
				seen[n] = true
				names = append(names, n)
			}
		}
		actual = typeValueOrInferred(v)
	}
	multi := false
	if variant || optional {
		if optional {
			names = append([]string{"Undef"}, names...)
		}
		multi = len(names) > 1
	}
	var expected string
	switch len(names) {
	case 1:
		expected = names[0]
	case 2:
		expected = names[0] + " or " + names[1]
	default:
		expected = strings.Join(names[:len(names)-1], ", ") + ", or " + names[len(names)-1]
	}
	if multi {
		return "expects a value of type " + expected + ", got " + actual
	}
	return "expects " + article(expected) + " " + expected + " value, got " + actual
}

// valueClass is the class of the type Puppet infers for a value.
func valueClass(v Value) string {
	switch x := v.(type) {
	case []Value:
		if len(x) > 0 {
			return "Tuple"
		}
		return "Array"
	case *Hash:
		return inferredTypeName(x)
	case Ref, *Type:
		return "Type"
	}
	return typeName(v)
}

// fullyDetailed is Puppet's always_fully_detailed?: a member of the
// value's class, an alias (unless aliases are resolved), or a Struct or
// Tuple for a hash or an array.
func (c *Compiler) fullyDetailed(members []*Type, v Value, aliases bool) bool {
	class := valueClass(v)
	for _, m := range members {
		if m.Name == class {
			return true
		}
		if _, ok := c.aliasNames[m]; ok && aliases {
			return true
		}
		switch m.Name {
		case "Struct":
			if _, ok := v.(*Hash); ok {
				return true
			}
		case "Tuple":
			if _, ok := v.([]Value); ok {
				return true
			}
		}
	}
	return false
}

// assignableToDefault is Puppet's assignable_to_default?: the value is
// of the kind a member's type accepts when it has no parameters.
func assignableToDefault(members []*Type, v Value) bool {
	for _, m := range members {
		if defaultAccepts(m.Name, v) {
			return true
		}
	}
	return false
}

func defaultAccepts(name string, v Value) bool {
	switch x := v.(type) {
	case nil:
		return name == "Undef" || name == "Optional" || name == "Any"
	case string:
		switch name {
		case "String", "Enum", "Pattern", "Scalar", "ScalarData", "Data", "RichData", "Any", "Optional", "NotUndef":
			return true
		}
	case int64:
		switch name {
		case "Integer", "Numeric", "Scalar", "ScalarData", "Data", "RichData", "Any", "Optional", "NotUndef":
			return true
		}
	case float64:
		switch name {
		case "Float", "Numeric", "Scalar", "ScalarData", "Data", "RichData", "Any", "Optional", "NotUndef":
			return true
		}
	case bool:
		switch name {
		case "Boolean", "Scalar", "ScalarData", "Data", "RichData", "Any", "Optional", "NotUndef":
			return true
		}
	case []Value:
		switch name {
		case "Array", "Tuple", "Collection", "Data", "RichData", "Any", "Optional", "NotUndef":
			return true
		}
	case *Hash:
		switch name {
		case "Hash", "Collection", "Data", "RichData", "Any", "Optional", "NotUndef":
			return true
		case "Struct":
			return x.Len() == 0
		}
	}
	return name == "Any"
}

// detailedActual is Puppet's detailed_actual_to_s: the value's type in
// full when a member (aliases resolved) is of its class, or accepts any
// value of its kind; else its plain name.
func (c *Compiler) detailedActual(members []*Type, v Value) string {
	switch v.(type) {
	case Ref, *Type:
		return typeValueOrInferred(v)
	}
	if c.fullyDetailed(members, v, false) {
		return detailedTypeName(v)
	}
	for _, m := range members {
		if len(m.Params) == 0 && defaultAccepts(m.Name, v) {
			return detailedTypeName(v)
		}
	}
	return typeValueOrInferred(v)
}

// typeValueOrInferred names a value as a mismatch does: a data type or a
// reference as Type[T] (Type[Class], Type[Resource]), anything else by
// its inferred type.
func typeValueOrInferred(v Value) string {
	switch x := v.(type) {
	case Ref:
		// Puppet names a reference by its general type
		if x.Type == "Class" {
			return "Type[Class]"
		}
		return "Type[Resource]"
	case *Type:
		return mismatchGot(v)
	}
	return inferredTypeName(v)
}

// shortTypeName is Puppet's short_name of a type: an alias's name, or the
// type's name without parameters (Optional, NotUndef, Sensitive and Type
// with their contained type's name).
func (c *Compiler) shortTypeName(t *Type) string {
	if alias, ok := c.aliasNames[t]; ok {
		return alias
	}
	switch t.Name {
	case "Optional", "NotUndef", "Sensitive", "Type":
		if len(t.Params) > 0 {
			if inner, ok := t.Params[0].(*Type); ok && inner.Name != "Any" {
				name := inner.Name
				if alias, ok := c.aliasNames[inner]; ok {
					name = alias
				}
				return t.Name + "[" + name + "]"
			}
		}
	}
	return t.Name
}

// aliasExpanded is Puppet's to_alias_expanded_s: an alias as "NAME =
// TYPE", any other type with the aliases in it so written.
func (c *Compiler) aliasExpanded(t *Type) string {
	if alias, ok := c.aliasNames[t]; ok {
		return alias + " = " + c.expandedString(t)
	}
	return c.expandedString(t)
}
