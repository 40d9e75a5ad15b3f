package ruby

import (
	"regexp"
	"strings"
)

// Templates of some popular modules require Ruby files of their own
// module (lib/puppet_x/...), after putting the module's lib folder on
// $LOAD_PATH with File.join(File.dirname(__FILE__), ...). ordo loads no
// Ruby files: $LOAD_PATH is an empty array a template may add to, File
// has join, dirname and basename, and `require` accepts the libraries
// below, whose modules and methods are Go stand-ins.

// moduleLibraries are the modules' Ruby files `require` accepts.
var moduleLibraries = map[string]bool{
	// voxpupuli's puppet-elasticsearch
	"puppet_x/elastic/deep_to_i": true,
	"puppet_x/elastic/hash":      true,
}

// moduleConstants are the modules and classes those files define.
var moduleConstants = map[string]bool{
	"Puppet_X":                      true,
	"Puppet_X::Elastic":             true,
	"Puppet_X::Elastic::SortedHash": true,
}

// rubyModule is one of moduleConstants.
type rubyModule struct{ name string }

func (m *rubyModule) ClassName() string { return "Module" }

func (m *rubyModule) ToS() string { return m.name }

func (m *rubyModule) Inspect() string { return m.name }

func (m *rubyModule) Call(c *Call, name string, args []Value, blk *Block) (Value, error) {
	switch m.name + "." + name {
	case "Puppet_X::Elastic.deep_to_i":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		return elasticDeepToI(args[0]), nil
	case "Puppet_X::Elastic::SortedHash.extended":
		return nil, raise("NotImplementedError", "calling %s.extended directly is not supported in templates", m.name)
	}
	switch name {
	case "to_s", "name", "inspect":
		return Str(m.name), nil
	case "==", "equal?", "eql?":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		o, ok := args[0].(*rubyModule)
		return ok && o.name == m.name, nil
	}
	return nil, raise("NotImplementedError", "%s.%s is not supported in templates", m.name, name)
}

// moduleConstant is the constant name inside scope (nil at the top
// level), if it is one of moduleConstants.
func moduleConstant(scope Value, name string) (Value, bool) {
	if scope != nil {
		m, ok := scope.(*rubyModule)
		if !ok {
			return nil, false
		}
		name = m.name + "::" + name
	}
	if !moduleConstants[name] {
		return nil, false
	}
	return &rubyModule{name: name}, true
}

var wholeInteger = regexp.MustCompile(`(?m)^-?[0-9]+$`)

// elasticDeepToI is Puppet_X::Elastic.deep_to_i: strings with a line of
// digits become their integer (String#to_i), through arrays and hash
// values, in new arrays and hashes.
func elasticDeepToI(v Value) Value {
	switch x := v.(type) {
	case *String:
		if wholeInteger.MatchString(x.S) {
			return strToI(x.S, 10)
		}
	case *Array:
		out := make([]Value, len(x.Elems))
		for i, e := range x.Elems {
			out[i] = elasticDeepToI(e)
		}
		return NewArray(out...)
	case *Hash:
		out := NewHash()
		for i, k := range x.keys {
			out.Set(k, elasticDeepToI(x.vals[i]))
		}
		return out
	}
	return v
}

// extendStandIn is Object#extend with one of moduleConstants, as far
// as the stand-ins go: Puppet_X::Elastic::SortedHash on a hash re-inserts
// its pairs sorted, and extends the hashes among its values and the
// values' array elements alike.
func (in *interp) extendStandIn(recv Value, args []Value) (Value, error) {
	if len(args) != 1 {
		return nil, unsupportedMethod(recv, "extend")
	}
	m, ok := args[0].(*rubyModule)
	h, isHash := recv.(*Hash)
	if !ok || m.name != "Puppet_X::Elastic::SortedHash" || !isHash {
		return nil, unsupportedMethod(recv, "extend")
	}
	if err := in.sortHashInPlace(h); err != nil {
		return nil, err
	}
	return h, nil
}

func (in *interp) sortHashInPlace(h *Hash) error {
	sorted, err := in.sortValues(h.pairs(), nil)
	if err != nil {
		return err
	}
	*h = Hash{index: map[string]int{}, Default: h.Default, defaultProc: h.defaultProc}
	for _, p := range sorted {
		kv := p.(*Array).Elems
		switch v := kv[1].(type) {
		case *Hash:
			if err := in.sortHashInPlace(v); err != nil {
				return err
			}
		case *Array:
			for _, e := range v.Elems {
				if eh, ok := e.(*Hash); ok {
					if err := in.sortHashInPlace(eh); err != nil {
						return err
					}
				}
			}
		}
		h.Set(kv[0], kv[1])
	}
	return nil
}

// fileMethod is the part of Ruby's File class templates use to build
// paths.
func fileMethod(name string, args []Value) (Value, error) {
	switch name {
	case "join":
		parts := make([]string, 0, len(args))
		var flat func(vs []Value) error
		flat = func(vs []Value) error {
			for _, a := range vs {
				switch x := a.(type) {
				case *String:
					parts = append(parts, x.S)
				case *Array:
					if err := flat(x.Elems); err != nil {
						return err
					}
				default:
					return raise("TypeError", "no implicit conversion of %s into String", ClassName(a))
				}
			}
			return nil
		}
		if err := flat(args); err != nil {
			return nil, err
		}
		var b strings.Builder
		for i, p := range parts {
			if i > 0 {
				prevSlash := strings.HasSuffix(b.String(), "/")
				switch {
				case prevSlash && strings.HasPrefix(p, "/"):
					p = strings.TrimLeft(p, "/")
					if p == "" {
						continue
					}
				case !prevSlash && !strings.HasPrefix(p, "/"):
					b.WriteByte('/')
				}
			}
			b.WriteString(p)
		}
		return Str(b.String()), nil
	case "dirname", "basename":
		if err := arity(args, 1, 2); err != nil {
			return nil, err
		}
		s, err := strArg(args[0])
		if err != nil {
			return nil, err
		}
		if name == "dirname" {
			if len(args) != 1 {
				return nil, raise("NotImplementedError", "File.dirname with a level is not supported in templates")
			}
			return Str(fileDirname(s)), nil
		}
		base := fileBasename(s)
		if len(args) == 2 {
			suffix, err := strArg(args[1])
			if err != nil {
				return nil, err
			}
			switch {
			case suffix == ".*":
				if i := strings.LastIndexByte(base, '.'); i > 0 {
					base = base[:i]
				}
			case suffix != base:
				base = strings.TrimSuffix(base, suffix)
			}
		}
		return Str(base), nil
	}
	return nil, raise("NotImplementedError", "File.%s is not supported in templates", name)
}

// fileDirname is Ruby's File.dirname: the path without its last part
// and the slashes before it; "." when there is no slash.
func fileDirname(s string) string {
	t := strings.TrimRight(s, "/")
	if t == "" {
		if s == "" {
			return "."
		}
		return "/"
	}
	i := strings.LastIndexByte(t, '/')
	if i < 0 {
		return "."
	}
	d := strings.TrimRight(t[:i], "/")
	if d == "" {
		return "/"
	}
	return d
}

// fileBasename is Ruby's File.basename without a suffix.
func fileBasename(s string) string {
	t := strings.TrimRight(s, "/")
	if t == "" {
		if s == "" {
			return ""
		}
		return "/"
	}
	return t[strings.LastIndexByte(t, '/')+1:]
}
