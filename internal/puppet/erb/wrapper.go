package erb

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/puppet/erb/ruby"
)

// wrapper is the template's self, Puppet's TemplateWrapper: it answers
// scope, file, has_variable?, classes, tags and all_tags. Puppet 7 has
// no method_missing: another bare name is a NameError.
type wrapper struct {
	t     *Template
	scope Scope
}

func (w *wrapper) ClassName() string { return "Puppet::Parser::TemplateWrapper" }

func (w *wrapper) ToS() string { return "template[" + w.t.file.Name + "]" }

func (w *wrapper) RespondTo(name string) bool {
	switch name {
	case "scope", "file", "has_variable?", "classes", "tags", "all_tags", "to_s":
		return true
	}
	return false
}

func (w *wrapper) Call(c *ruby.Call, name string, args []ruby.Value, blk *ruby.Block) (ruby.Value, error) {
	switch name {
	case "scope":
		return &scopeObject{scope: w.scope}, nil
	case "file":
		return ruby.Str(w.t.file.Name), nil
	case "to_s":
		return ruby.Str(w.ToS()), nil
	case "has_variable?":
		if len(args) != 1 {
			return nil, c.Raise("ArgumentError", "wrong number of arguments (given %d, expected 1)", len(args))
		}
		// scope.include?: defined and not undef
		v, ok := w.scope.LookupVar(ruby.ToS(args[0]))
		return ok && v != nil, nil
	case "classes", "tags", "all_tags":
		cs, ok := w.scope.(CatalogScope)
		if !ok {
			return nil, c.Raise("NotImplementedError", "%s is not available to templates here", name)
		}
		var list []string
		switch name {
		case "classes":
			list = cs.Classes()
		case "tags":
			list = cs.Tags()
		default:
			list = cs.AllTags()
		}
		out := make([]ruby.Value, len(list))
		for i, s := range list {
			out[i] = ruby.Str(s)
		}
		return ruby.NewArray(out...), nil
	}
	return nil, ruby.ErrNoMethod
}

// scopeObject is what `scope` gives a template: variable lookup and
// function calls.
type scopeObject struct{ scope Scope }

func (s *scopeObject) ClassName() string { return "Puppet::Parser::Scope" }

// ToS is the scope's name as Puppet prints it ("Scope(Class[Apache])")
// when the Scope is a fmt.Stringer.
func (s *scopeObject) ToS() string {
	if str, ok := s.scope.(fmt.Stringer); ok {
		return str.String()
	}
	return "Scope()"
}

func (s *scopeObject) Inspect() string { return s.ToS() }

// MethodNames are the scope's methods that NoMethodError suggests from:
// its variable and function methods, and the function_ methods Puppet
// defines for every log level when it starts.
func (s *scopeObject) MethodNames() []string {
	names := []string{"[]", "lookupvar", "call_function", "include?", "exist?", "to_hash", "setvar", "[]="}
	for _, level := range []string{"debug", "info", "notice", "warning", "err", "alert", "emerg", "crit"} {
		names = append(names, "function_"+level)
	}
	return names
}

func (s *scopeObject) RespondTo(name string) bool {
	switch name {
	case "[]", "lookupvar", "call_function", "include?", "exist?":
		return true
	case "to_hash", "setvar", "[]=":
		_, ok := s.scope.(VariableScope)
		return ok
	}
	fn, ok := strings.CutPrefix(name, "function_")
	return ok && (legacy4xStubs[fn] || s.hasLegacy(fn))
}

func (s *scopeObject) Call(c *ruby.Call, name string, args []ruby.Value, blk *ruby.Block) (ruby.Value, error) {
	switch name {
	case "[]", "lookupvar", "include?", "exist?":
		if len(args) < 1 || len(args) > 2 {
			return nil, c.Raise("ArgumentError", "wrong number of arguments (given %d, expected 1..2)", len(args))
		}
		str, ok := args[0].(*ruby.String)
		if !ok {
			return nil, c.Raise("Puppet::ParseError", "Scope variable name %s is a %s, not a string", ruby.Inspect(args[0]), ruby.ClassName(args[0]))
		}
		v, found := s.scope.LookupVar(str.S)
		switch name {
		case "include?":
			return found && v != nil, nil
		case "exist?":
			return found, nil
		}
		if w, ok := s.scope.(UndefinedWarner); ok && !found && undefinedWarned(str.S) {
			w.UndefinedVariable(str.S)
		}
		return toRuby(v), nil
	case "to_hash", "setvar", "[]=":
		vs, ok := s.scope.(VariableScope)
		if !ok {
			return nil, c.Raise("NotImplementedError", "scope.%s is not available to templates here", name)
		}
		if name == "to_hash" {
			return toRuby(vs.Variables()), nil
		}
		if len(args) != 2 {
			return nil, c.Raise("ArgumentError", "wrong number of arguments (given %d, expected 2)", len(args))
		}
		var v catalog.Value = RubyValue{V: args[1]}
		if pv, err := fromRuby(args[1]); err == nil && isScalar(pv) {
			v = pv
		}
		if err := vs.SetVar(ruby.ToS(args[0]), v); err != nil {
			e := c.Raise("Puppet::ParseError", "%s", err.Error())
			e.(*ruby.Error).Cause = err
			return nil, e
		}
		return args[1], nil
	case "call_function":
		if len(args) < 1 || len(args) > 2 {
			return nil, c.Raise("ArgumentError", "wrong number of arguments (given %d, expected 2)", len(args))
		}
		fn := ruby.ToS(args[0])
		var fargs []ruby.Value
		if len(args) == 2 {
			// Puppet splats the arguments: an array gives its elements,
			// a hash its [key, value] pairs, nil none.
			switch a := args[1].(type) {
			case *ruby.Array:
				fargs = a.Elems
			case *ruby.Hash:
				for i, k := range a.Keys() {
					fargs = append(fargs, ruby.NewArray(k, a.Values()[i]))
				}
			case nil:
			default:
				fargs = []ruby.Value{args[1]}
			}
		}
		return s.call(c, fn, fargs, blk)
	}
	if fn, ok := strings.CutPrefix(name, "function_"); ok {
		switch {
		case legacy4xStubs[fn]:
			return nil, c.Raise("Puppet::ParseError", "%s() can only be called using the 4.x function API. See Scope#call_function", fn)
		case !s.hasLegacy(fn):
			return nil, ruby.ErrNoMethod
		}
		// the 3.x calling convention: one array of arguments
		if len(args) != 1 {
			return nil, c.Raise("ArgumentError", "custom functions must be called with a single array that contains the arguments. For example, function_example([1]) instead of function_example(1)")
		}
		a, ok := args[0].(*ruby.Array)
		if !ok {
			return nil, c.Raise("ArgumentError", "custom functions must be called with a single array that contains the arguments. For example, function_example([1]) instead of function_example(1)")
		}
		return s.call(c, fn, a.Elems, blk)
	}
	return nil, ruby.ErrNoMethod
}

func (s *scopeObject) hasLegacy(fn string) bool {
	if legacyCore[fn] {
		return true
	}
	if l, ok := s.scope.(LegacyFunctions); ok {
		return l.HasLegacyFunction(fn)
	}
	return false
}

// legacyCore are Puppet 7.23's own functions written to the 3.x API,
// which scope.function_NAME reaches.
var legacyCore = map[string]bool{
	"contain": true, "create_resources": true, "digest": true, "fail": true,
	"file": true, "fqdn_rand": true, "generate": true, "include": true,
	"inline_template": true, "md5": true, "realize": true, "require": true,
	"scanf": true, "sha1": true, "sha256": true, "shellquote": true,
	"sprintf": true, "tag": true, "tagged": true, "template": true,
	"versioncmp": true,
	// the log functions, made for every log level
	"debug": true, "info": true, "notice": true, "warning": true, "err": true,
	"alert": true, "emerg": true, "crit": true,
}

// legacy4xStubs are Puppet 7.23's 3.x stubs of 4.x functions: calling
// them as scope.function_NAME raises.
var legacy4xStubs = map[string]bool{
	"assert_type": true, "binary_file": true, "break": true, "defined": true,
	"dig": true, "each": true, "epp": true, "filter": true, "find_file": true,
	"hiera": true, "hiera_array": true, "hiera_hash": true, "hiera_include": true,
	"inline_epp": true, "lest": true, "lookup": true, "map": true, "match": true,
	"new": true, "next": true, "reduce": true, "regsubst": true, "return": true,
	"reverse_each": true, "slice": true, "split": true, "step": true,
	"strftime": true, "then": true, "type": true, "with": true,
}

func (s *scopeObject) call(c *ruby.Call, fn string, args []ruby.Value, blk *ruby.Block) (ruby.Value, error) {
	if blk != nil {
		return nil, c.Raise("NotImplementedError", "passing a block to the Puppet function %s is not supported in templates", fn)
	}
	pargs := make([]catalog.Value, len(args))
	for i, a := range args {
		v, err := fromRuby(a)
		if err != nil {
			return nil, c.Raise("ArgumentError", "cannot pass %s to the Puppet function %s: %v", ruby.ClassName(a), fn, err)
		}
		pargs[i] = v
	}
	v, err := s.scope.CallFunction(c.Context(), fn, pargs)
	if err != nil {
		var re *ruby.Error
		if errors.As(err, &re) {
			return nil, err
		}
		e := c.Raise("Puppet::ParseError", "%s", err.Error())
		e.(*ruby.Error).Cause = err
		return nil, e
	}
	return toRuby(v), nil
}

// opaque is a Puppet value with no Ruby counterpart here (a Sensitive, a
// Deferred, a type): it prints as Puppet's Ruby objects print.
type opaque struct {
	class string
	text  string
	orig  catalog.Value
}

func (o *opaque) ClassName() string { return o.class }

func (o *opaque) ToS() string { return o.text }

func (o *opaque) Call(c *ruby.Call, name string, args []ruby.Value, blk *ruby.Block) (ruby.Value, error) {
	switch name {
	case "to_s":
		return ruby.Str(o.text), nil
	case "unwrap":
		if s, ok := o.orig.(catalog.Sensitive); ok {
			return toRuby(s.Value), nil
		}
	}
	return nil, ruby.ErrNoMethod
}

func isScalar(v catalog.Value) bool {
	switch v.(type) {
	case nil, string, bool, int64, float64:
		return true
	}
	return false
}

// toRuby converts a Puppet value into the Ruby value a template sees.
func toRuby(v catalog.Value) ruby.Value {
	switch x := v.(type) {
	case nil:
		return nil
	case RubyValue:
		return x.V
	case string:
		// Puppet's strings reach a template frozen
		return &ruby.String{S: x, Frozen: true}
	case bool:
		return x
	case int64:
		return x
	case int:
		return int64(x)
	case float64:
		return x
	case []catalog.Value:
		out := make([]ruby.Value, len(x))
		for i, e := range x {
			out[i] = toRuby(e)
		}
		return ruby.NewArray(out...)
	case *catalog.Hash:
		h := ruby.NewHash()
		for _, k := range x.Keys() {
			e, _ := x.Get(k)
			h.Set(ruby.Str(k), toRuby(e))
		}
		return h
	case catalog.Sensitive:
		return &opaque{class: "Puppet::Pops::Types::PSensitiveType::Sensitive", text: "Sensitive [value redacted]", orig: x}
	case *catalog.Rich:
		return &opaque{class: "Puppet::Pops::Types::" + x.PType, text: fmt.Sprintf("%s(%s)", x.PType, catalog.Format(x.Data)), orig: x}
	}
	return &opaque{class: fmt.Sprintf("%T", v), text: fmt.Sprint(v), orig: v}
}

// fromRuby converts a Ruby value into a Puppet value for a function call.
func fromRuby(v ruby.Value) (catalog.Value, error) { return fromRubyIn(v, nil) }

// fromRubyIn is fromRuby inside the arrays and hashes of path: one that
// holds itself has no Puppet value.
func fromRubyIn(v ruby.Value, path []ruby.Value) (catalog.Value, error) {
	switch v.(type) {
	case *ruby.Array, *ruby.Hash:
		for _, p := range path {
			if p == v {
				return nil, fmt.Errorf("a value that holds itself")
			}
		}
		path = append(path, v)
	}
	switch x := v.(type) {
	case nil, bool, int64, float64:
		return x, nil
	case *ruby.String:
		return x.S, nil
	case ruby.Symbol:
		return string(x), nil
	case *ruby.Array:
		out := make([]catalog.Value, len(x.Elems))
		for i, e := range x.Elems {
			c, err := fromRubyIn(e, path)
			if err != nil {
				return nil, err
			}
			out[i] = c
		}
		return out, nil
	case *ruby.Hash:
		h := catalog.NewHash()
		for i, k := range x.Keys() {
			var key string
			switch kk := k.(type) {
			case *ruby.String:
				key = kk.S
			case ruby.Symbol:
				key = string(kk)
			default:
				return nil, fmt.Errorf("a hash key of class %s", ruby.ClassName(k))
			}
			c, err := fromRubyIn(x.Values()[i], path)
			if err != nil {
				return nil, err
			}
			h.Set(key, c)
		}
		return h, nil
	case *opaque:
		return x.orig, nil
	case *ruby.Range, *ruby.Regexp, *ruby.MatchData, *ruby.Proc, *ruby.Class:
		return nil, fmt.Errorf("a value of class %s", ruby.ClassName(v))
	}
	if o, ok := v.(ruby.Object); ok {
		return RubyValue{V: o}, nil
	}
	return nil, fmt.Errorf("a value of class %s", ruby.ClassName(v))
}

// UndefinedWarner is a Scope that warns of a variable a template looks
// up with scope['x'] or scope.lookupvar('x') and does not find, as
// Puppet's scope does (once a name, a Scope's own concern).
type UndefinedWarner interface {
	UndefinedVariable(name string)
}

// undefinedWarned reports whether Puppet warns of name when it is not
// found: an unqualified name, not a numeric match variable and not one
// of the variables every scope has.
func undefinedWarned(name string) bool {
	if strings.Contains(name, "::") || name == "module_name" || name == "caller_module_name" || name == "" {
		return false
	}
	return strings.Trim(name, "0123456789") != ""
}
