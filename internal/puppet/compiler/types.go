package compiler

import (
	"strings"

	"github.com/ordoproject/ordo/internal/puppet/eval"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/builtin"
)

// schemaTypes answers the compiler's questions about built-in resource
// types from ordo's type schema: attribute names, the namevar, whether
// the type is isomorphic and what namevar a title stands for. Which types
// exist is Puppet 7's set (base), with the module types present on the
// module path; attributes Puppet knows that ordo's schema lacks stay
// valid, so that every manifest Puppet compiles compiles.
type schemaTypes struct {
	reg  *resource.Registry
	base eval.ResourceTypes
}

// Types returns the resource types a compilation knows: Puppet 7's
// core types, described by ordo's type schema.
func Types() eval.ResourceTypes {
	return schemaTypes{reg: builtin.Registry(), base: eval.BuiltinTypes()}
}

func (t schemaTypes) Lookup(name string) (*eval.TypeInfo, bool) {
	info, ok := t.base.Lookup(name)
	if !ok {
		return nil, false
	}
	s := t.reg.Schema(strings.ToLower(name))
	if s == nil {
		return info, true
	}
	out := *info
	seen := map[string]bool{}
	out.Attrs = nil
	for _, a := range s.Attrs {
		seen[a.Name] = true
		out.Attrs = append(out.Attrs, a.Name)
	}
	for _, a := range info.Attrs {
		if !seen[a] {
			out.Attrs = append(out.Attrs, a)
		}
	}
	if nv := s.Namevar(); nv != nil {
		out.Namevars = []string{nv.Name}
	}
	out.Isomorphic = !s.NonIsomorphic
	if nv := s.Namevar(); nv != nil {
		name := nv.Name
		out.TitleName = func(title string) string {
			if v, ok := s.TitleValue(title, name); ok {
				return v
			}
			return title
		}
	}
	out.TitleKey = func(title string) string {
		if k, ok := s.KeyOfTitle(title); ok {
			return k
		}
		return title
	}
	return &out, true
}
