package eval

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
)

// Deferred is a function call kept in the catalog and made where the
// catalog is applied, as Puppet's Deferred('name', [args]) is.
type Deferred struct {
	Name string
	Args []Value
}

// newDeferred is Deferred(name, [arguments]).
func newDeferred(k *call) (Value, error) {
	if len(k.args) < 1 || len(k.args) > 2 {
		return nil, failf("'new_Deferred' expects between 1 and 2 arguments, got %s", countText(len(k.args)))
	}
	name, ok := k.args[0].(string)
	if !ok {
		hashRejected := "parameter 'hash' expects a Struct value, got " + typeName(k.args[0])
		if len(k.args) > 1 {
			hashRejected = "expects 1 argument, got " + countText(len(k.args))
		}
		return nil, deferredSignatureError(hashRejected, "parameter 'name' expects a match for Pattern["+deferredNamePattern+"], got "+typeName(k.args[0]))
	}
	d := &Deferred{Name: name}
	if len(k.args) == 2 && k.args[1] != nil {
		args, ok := k.args[1].([]Value)
		if !ok {
			return nil, deferredSignatureError("expects 1 argument, got 2", "parameter 'arguments' expects a value of type Undef or Array, got "+typeName(k.args[1]))
		}
		d.Args = args
	}
	return d, nil
}

const deferredNamePattern = `/\A[$]?[a-z][a-z0-9_]*(?:::[a-z][a-z0-9_]*)*\z/`

// deferredSignatureError is Puppet's message for arguments neither of
// Deferred's two signatures accepts, with why each refused them.
func deferredSignatureError(hashRejected, nameRejected string) error {
	return failf("The function 'new_Deferred' was called with arguments it does not accept. It expects one of:\n"+
		"  (Struct[{'name' => Pattern[%s], 'arguments' => Optional[Array]}] hash)\n"+
		"    rejected: %s\n"+
		"  (Pattern[%s] name, Array arguments?)\n"+
		"    rejected: %s", deferredNamePattern, hashRejected, deferredNamePattern, nameRejected)
}

// String is how Puppet prints a Deferred value: its arguments as
// Puppet shows them there, a Sensitive one as "Instance of
// Sensitive[String]".
func (d *Deferred) String() string {
	args := make([]Value, len(d.Args))
	for i, a := range d.Args {
		args[i] = deferredArgShown(a)
	}
	h := NewHash()
	h.Set("name", d.Name)
	h.Set("arguments", args)
	return "Deferred(" + inspectQuoted(h) + ")"
}

// shownAs is a value that prints as its text, unquoted.
type shownAs string

func (s shownAs) String() string           { return string(s) }
func (s shownAs) typeName() string         { return "String" }
func (s shownAs) toCatalog() catalog.Value { return string(s) }

func deferredArgShown(v Value) Value {
	switch x := v.(type) {
	case *Sensitive:
		return shownAs("Instance of " + typeName(x))
	case *Deferred:
		return shownAs(x.String())
	case []Value:
		out := make([]Value, len(x))
		for i, e := range x {
			out[i] = deferredArgShown(e)
		}
		return out
	case *Hash:
		out := NewHash()
		for i, key := range x.keys {
			out.Set(key, deferredArgShown(x.vals[i]))
		}
		return out
	}
	return v
}

// deferredFromRich reads a Deferred value back from its rich data,
// nested Deferred arguments included.
func deferredFromRich(r *catalog.Rich) *Deferred {
	name, _ := r.Data.Get("name")
	d := &Deferred{Name: fmt.Sprint(name)}
	args, _ := r.Data.Get("arguments")
	if arr, ok := args.([]catalog.Value); ok {
		for _, a := range arr {
			d.Args = append(d.Args, valueFromRich(a))
		}
	}
	return d
}

func valueFromRich(v catalog.Value) Value {
	switch x := v.(type) {
	case *catalog.Rich:
		if x.PType == deferredPType {
			return deferredFromRich(x)
		}
	case []catalog.Value:
		out := make([]Value, len(x))
		for i, e := range x {
			out[i] = valueFromRich(e)
		}
		return out
	case *catalog.Hash:
		out := NewHash()
		for _, k := range x.Keys() {
			e, _ := x.Get(k)
			out.Set(k, valueFromRich(e))
		}
		return out
	}
	return FromCatalog(v)
}

// deferredPType is the rich-data type name of a Deferred value in a
// catalog.
const deferredPType = "Deferred"

// toRich is the catalog form of d: Puppet's rich data
// {"__ptype": "Deferred", "name": ..., "arguments": [...]}.
func (d *Deferred) toRich() *catalog.Rich {
	h := catalog.NewHash()
	h.Set("__ptype", deferredPType)
	h.Set("name", d.Name)
	args := make([]catalog.Value, len(d.Args))
	for i, a := range d.Args {
		args[i] = ToCatalog(a)
	}
	h.Set("arguments", args)
	return &catalog.Rich{PType: deferredPType, Data: h}
}

// richString is the string Puppet's compiler writes in place of a rich
// value when it writes a catalog without rich data (puppet catalog
// find), and what it says it did: "a Deferred value".
func richString(r *catalog.Rich) (text, what string) {
	switch r.PType {
	case deferredPType:
		return deferredFromRich(r).String(), "a Deferred value"
	case "Binary":
		v, _ := r.Data.Get("__pvalue")
		s, _ := v.(string)
		return s, "a Puppet::Pops::Types::PBinaryType::Binary value"
	case "SemVer", "SemVerRange", "Timestamp", "Timespan":
		v, _ := r.Data.Get("__pvalue")
		s, _ := v.(string)
		what := map[string]string{
			"SemVer":      "a SemanticPuppet::Version value",
			"SemVerRange": "a SemanticPuppet::VersionRange value",
			"Timestamp":   "a Puppet::Pops::Time::Timestamp value",
			"Timespan":    "a Puppet::Pops::Time::Timespan value",
		}[r.PType]
		return s, what
	}
	return Inspect(FromCatalog(r.Data)), "a " + r.PType + " value"
}

// StringifyRich replaces every rich value (Deferred, Binary) in the
// parameters of the catalog's resources by the string Puppet's compiler
// writes for it in a catalog without rich data, and warns as Puppet
// does: "Notify[d]['message'] contains a Deferred value. It will be
// converted to the String '...' (file: F, line: L)". A catalog compiled
// with Options.ConversionWarnings has had this done, its warnings given
// with those of data types, as Puppet gives them in one sequence.
func StringifyRich(cat *catalog.Catalog, warn func(msg string)) {
	for _, r := range cat.Resources {
		// Puppet builds the name onto the one of the warning before,
		// for each resource: a second warning in Notify[x] reads
		// Notify[x]['message']['a']['message']['b'].
		prefix := r.Ref().String()
		var say func(path, rest string)
		if warn != nil {
			say = func(path, rest string) {
				prefix += path
				warn(prefix + rest)
			}
		}
		for i, p := range r.Params {
			if !hasRich(p.Value) {
				continue
			}
			r.Params[i].Value = stringifyRich(p.Value, "['"+p.Name+"']", r, say)
		}
	}
}

// hasRich reports whether stringifyRich would find a rich value in v,
// so that the names it would warn with are built only then.
func hasRich(v catalog.Value) bool {
	switch x := v.(type) {
	case *catalog.Rich:
		return true
	case []catalog.Value:
		for _, e := range x {
			if hasRich(e) {
				return true
			}
		}
	case *catalog.Hash:
		for _, k := range x.Keys() {
			if e, _ := x.Get(k); hasRich(e) {
				return true
			}
		}
	}
	return false
}

func stringifyRich(v catalog.Value, where string, r *catalog.Resource, warn func(where, rest string)) catalog.Value {
	switch x := v.(type) {
	case *catalog.Rich:
		text, what := richString(x)
		if warn != nil {
			// warn names the place, where, and adds the rest.
			rest := fmt.Sprintf(" contains %s. It will be converted to the String '%s'", what, text)
			if loc := r.Location(); loc != "" {
				rest += " " + loc
			}
			warn(where, rest)
		}
		return text
	case []catalog.Value:
		for i, e := range x {
			x[i] = stringifyRich(e, fmt.Sprintf("%s[%d]", where, i), r, warn)
		}
	case *catalog.Hash:
		for _, k := range x.Keys() {
			e, _ := x.Get(k)
			x.Set(k, stringifyRich(e, where+"['"+k+"']", r, warn))
		}
	}
	return v
}

// ResolveDeferred replaces every Deferred value in the parameters of the
// catalog's resources by the result of calling its function, as
// Puppet's agent does before it applies a catalog: arguments first
// (a Deferred may take another's result), then the call. A function
// ordo has not is an error naming it.
func ResolveDeferred(ctx context.Context, cat *catalog.Catalog, opts Options) error {
	var c *Compiler
	for _, r := range cat.Resources {
		for i, p := range r.Params {
			if !hasDeferred(p.Value) {
				continue
			}
			if c == nil {
				c = newCompiler(ctx, opts)
				c.top = c.newScope(topScope, nil, nil, nil)
				c.setupTop()
				// The agent's scope has the facts, not the server's
				// $trusted and $server_facts.
				delete(c.top.vars, "trusted")
				delete(c.top.vars, "server_facts")
			}
			v, err := c.resolveDeferred(p.Value)
			if err != nil {
				// Puppet's agent says what the function said, alone.
				return err
			}
			r.Params[i].Value = v
		}
	}
	return nil
}

// unknownFunction is a Deferred value naming a function ordo does not
// have, in the words of Puppet's agent.
type unknownFunction string

func (u unknownFunction) Error() string { return "Unknown function '" + string(u) + "'" }

func hasDeferred(v catalog.Value) bool {
	switch x := v.(type) {
	case *catalog.Rich:
		switch x.PType {
		case deferredPType, "SemVer", "SemVerRange", "Timestamp", "Timespan":
			return true
		}
		return false
	case []catalog.Value:
		for _, e := range x {
			if hasDeferred(e) {
				return true
			}
		}
	case *catalog.Hash:
		for _, k := range x.Keys() {
			if e, _ := x.Get(k); hasDeferred(e) {
				return true
			}
		}
	case catalog.Sensitive:
		return hasDeferred(x.Value)
	}
	return false
}

func (c *Compiler) resolveDeferred(v catalog.Value) (catalog.Value, error) {
	switch x := v.(type) {
	case *catalog.Rich:
		switch x.PType {
		case deferredPType:
		case "SemVer", "SemVerRange", "Timestamp", "Timespan":
			// What a resource sees of a version or a time is its string.
			s, _ := x.Data.Get("__pvalue")
			return s, nil
		default:
			return v, nil
		}
		nameV, _ := x.Data.Get("name")
		name, ok := nameV.(string)
		if !ok || name == "" {
			return nil, fmt.Errorf("a Deferred value names no function")
		}
		argsV, _ := x.Data.Get("arguments")
		var args []Value
		if arr, ok := argsV.([]catalog.Value); ok {
			for _, a := range arr {
				ra, err := c.resolveDeferred(a)
				if err != nil {
					return nil, err
				}
				args = append(args, FromCatalog(ra))
			}
		}
		lower := strings.ToLower(name)
		k := &call{c: c, s: c.top, name: name, args: args}
		var out Value
		var err error
		if fd := c.findFunction(lower); fd != nil {
			out, err = c.callPuppetFunction(k, fd)
		} else if f, ok := c.builtins[lower]; ok {
			out, err = f(k)
		} else {
			return nil, unknownFunction(name)
		}
		if err != nil {
			if e, ok := err.(*Error); ok {
				return nil, errors.New(e.Msg)
			}
			return nil, err
		}
		return ToCatalog(out), nil
	case []catalog.Value:
		out := make([]catalog.Value, len(x))
		for i, e := range x {
			r, err := c.resolveDeferred(e)
			if err != nil {
				return nil, err
			}
			out[i] = r
		}
		return out, nil
	case *catalog.Hash:
		out := catalog.NewHash()
		for _, k := range x.Keys() {
			e, _ := x.Get(k)
			r, err := c.resolveDeferred(e)
			if err != nil {
				return nil, err
			}
			out.Set(k, r)
		}
		return out, nil
	case catalog.Sensitive:
		r, err := c.resolveDeferred(x.Value)
		if err != nil {
			return nil, err
		}
		return catalog.Sensitive{Value: r}, nil
	}
	return v, nil
}
