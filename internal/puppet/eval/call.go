package eval

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/puppet/ast"
	"github.com/ordoproject/ordo/internal/source"
)

// call is one function invocation as built-in functions see it.
type call struct {
	c      *Compiler
	s      *Scope
	name   string
	args   []Value
	block  *lambda
	rng    sourceRange
	node   ast.Node
	argRng []sourceRange
}

// maxCallDepth bounds nested calls of Puppet functions and blocks, so
// that endless recursion is an error rather than a crash.
const maxCallDepth = 500

// builtin is a function written in Go.
type builtin func(k *call) (Value, error)

func (c *Compiler) evalArgs(s *Scope, exprs []ast.Expr) ([]Value, []sourceRange, error) {
	var out []Value
	var rngs []sourceRange
	for _, a := range exprs {
		if u, ok := a.(*ast.UnaryExpr); ok && u.Op == ast.Splat {
			v, err := c.eval(s, u.X)
			if err != nil {
				return nil, nil, err
			}
			for _, e := range unfold(v) {
				out = append(out, e)
				rngs = append(rngs, s.rng(a))
			}
			continue
		}
		v, err := c.eval(s, a)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, v)
		rngs = append(rngs, s.rng(a))
	}
	return out, rngs, nil
}

func flattenOnce(v Value) []Value {
	if arr, ok := v.([]Value); ok {
		return arr
	}
	return []Value{v}
}

func (c *Compiler) evalCall(s *Scope, x *ast.CallNamedFunction) (Value, error) {
	var name string
	switch f := x.Func.(type) {
	case *ast.QualifiedName:
		name = f.Name
	case *ast.QualifiedReference:
		t, err := c.resolveTypeName(s, f)
		if err != nil {
			return nil, err
		}
		args, rngs, err := c.evalArgs(s, x.Args)
		if err != nil {
			return nil, err
		}
		return c.newValue(&call{c: c, s: s, name: "new", args: args, rng: s.rng(x), argRng: rngs}, t)
	case *ast.AccessExpr:
		// A parameterized type called: Struct[{a => Integer}]([['a', 1]]).
		t, err := c.evalType(s, f)
		if err != nil {
			return nil, err
		}
		args, rngs, err := c.evalArgs(s, x.Args)
		if err != nil {
			return nil, err
		}
		return c.newValue(&call{c: c, s: s, name: "new", args: args, rng: s.rng(x), argRng: rngs}, t)
	default:
		return nil, errAt(s.rng(x), "Illegal function call")
	}
	args, rngs, err := c.evalArgs(s, x.Args)
	if err != nil {
		return nil, err
	}
	var blk *lambda
	if x.Lambda != nil {
		blk = &lambda{def: x.Lambda, scope: s}
	}
	k := &call{c: c, s: s, name: strings.TrimPrefix(name, "::"), args: args, block: blk, rng: s.rng(x), node: x, argRng: rngs}
	c.pushFrame(k.rng)
	defer c.popFrame()
	return c.dispatch(k)
}

func (c *Compiler) evalMethodCall(s *Scope, x *ast.CallMethod) (Value, error) {
	recv, err := c.eval(s, x.Receiver)
	if err != nil {
		return nil, err
	}
	args, rngs, err := c.evalArgs(s, x.Args)
	if err != nil {
		return nil, err
	}
	var blk *lambda
	if x.Lambda != nil {
		blk = &lambda{def: x.Lambda, scope: s}
	}
	if e, ok := recv.(*ErrorValue); ok && len(args) == 0 && blk == nil {
		if v, ok := e.attr(x.Name); ok {
			return v, nil
		}
	}
	if t, ok := recv.(*Type); ok && x.Name == "new" {
		return c.newValue(&call{c: c, s: s, name: "new", args: args, rng: s.rng(x), argRng: rngs, node: x}, t)
	}
	k := &call{c: c, s: s, name: x.Name, args: append([]Value{recv}, args...), block: blk, rng: methodCallRange(s, x), node: x,
		argRng: append([]sourceRange{s.rng(x.Receiver)}, rngs...)}
	c.pushFrame(s.rng(x))
	defer c.popFrame()
	return c.dispatch(k)
}

// methodCallRange is where Puppet reports an error of a method call: at
// the parenthesis of its arguments, or without one at the dot; the
// whole expression when the source does not show them.
func methodCallRange(s *Scope, x *ast.CallMethod) sourceRange {
	whole := s.rng(x)
	if s.file == nil || x.Receiver == nil {
		return whole
	}
	text := s.file.Content
	i := int(x.Receiver.End())
	for i < len(text) && (text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r') {
		i++
	}
	if i >= len(text) || text[i] != '.' {
		return whole
	}
	at := i
	if x.Parens {
		j := i + 1 + len(x.Name)
		for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
			j++
		}
		if j < len(text) && text[j] == '(' {
			at = j
		}
	}
	return sourceRange{File: s.file, Start: source.Pos(at), End: x.End()}
}

func (c *Compiler) dispatch(k *call) (Value, error) {
	name := strings.ToLower(k.name)
	if refuse, ok := refusesIterator[name]; ok && len(k.args) > 0 {
		if it, ok := k.args[0].(*Iterator); ok {
			return nil, stmtError(k.kind(), k.rng, failf("%s", refuse("Iterator["+it.generalElem().String()+"]")))
		}
	}
	if it, ok := singleIterator(k); ok && (name == "min" || name == "max") && c.findFunction(name) == nil {
		// No signature of min or max takes an iterator as the array
		// it walks: the one for any values returns the only one given.
		return it, nil
	}
	if !showsIterators[name] {
		// Other functions walk an iterator as the array it yields.
		copied := false
		for i, a := range k.args {
			if it, ok := a.(*Iterator); ok {
				if !copied {
					k.args, copied = append([]Value(nil), k.args...), true
				}
				k.args[i] = it.Elems
			}
		}
	}
	// A function written in Puppet (in the manifest or a module) wins
	// over the Go stand-in for a module's Ruby function of that name.
	if fd := c.findFunction(name); fd != nil {
		return c.callPuppetFunction(k, fd)
	}
	if !strings.Contains(name, "::") && c.stdlib != nil && c.stdlib.modern[name] {
		// A function of stdlib's that announces its deprecation, and
		// stdlib 9's deprecated names that pass their arguments on.
		if d, ok := c.stdlibDeprecation(name); ok {
			c.deprecate(d)
		}
		if c.stdlibShim(name) {
			kk := *k
			kk.name = "stdlib::" + name
			return c.dispatch(&kk)
		}
	}
	if f, ok := c.builtins[name]; ok {
		v, err := f(k)
		if err != nil {
			if _, isSignal := err.(nextSignal); isSignal {
				return nil, err
			}
			switch err.(type) {
			case breakSignal, returnSignal:
				return nil, err
			}
			return nil, stmtError(k.kind(), k.rng, err)
		}
		return v, nil
	}
	return nil, errAt(k.rng, "Unknown function: '%s'.", k.name)
}

// stdlibShim reports whether stdlib on the module path has a Ruby
// function name that only calls stdlib::name, as stdlib 9 keeps the
// names it moved into its namespace.
func (c *Compiler) stdlibShim(name string) bool {
	if known, ok := c.shims[name]; ok {
		return known
	}
	is := false
	if src, err := os.ReadFile(filepath.Join(c.stdlib.dir, "lib", "puppet", "functions", name+".rb")); err == nil {
		is = strings.Contains(string(src), "call_function('stdlib::"+name+"'")
	}
	c.shims[name] = is
	return is
}

func (c *Compiler) findFunction(name string) *funcDef {
	if fd, ok := c.funcs[name]; ok {
		return fd
	}
	if strings.Contains(name, "::") {
		c.autoload(name, "functions")
		return c.funcs[name]
	}
	return nil
}

// callPuppetFunction runs a function written in Puppet.
func (c *Compiler) callPuppetFunction(k *call, fd *funcDef) (Value, error) {
	if c.depth >= maxCallDepth {
		return nil, errAt(k.rng, "Maximum call depth of %d exceeded in function '%s'", maxCallDepth, fd.def.Name)
	}
	c.depth++
	defer func() { c.depth-- }()
	fs := c.newScope(functionScope, c.top, c.top, fd.file)
	fs.name = strings.ToLower(fd.def.Name)
	if err := c.bindArgs(fs, fd.def.Params, k.args, k.rng, "'"+fd.def.Name+"'"); err != nil {
		return nil, stmtError(k.kind(), k.rng, err)
	}
	v, err := c.evalBlock(fs, fd.def.Body)
	if rs, ok := err.(returnSignal); ok {
		return rs.v, nil
	}
	if err != nil {
		return nil, err
	}
	if fd.def.ReturnType != nil {
		t, err := c.evalType(fs, fd.def.ReturnType)
		if err != nil {
			return nil, err
		}
		if !c.isInstance(t, v) {
			return nil, stmtError("Function Call", k.rng, failf("value returned from %s has wrong type, %s", fd.def.Name, c.mismatch("", t, v)))
		}
	}
	return v, nil
}

// bindArgs binds call arguments to parameters in scope s, with defaults,
// captures-rest and type checks.
func (c *Compiler) bindArgs(s *Scope, params []*ast.Parameter, args []Value, rng sourceRange, what string) error {
	for i, p := range params {
		var v Value
		switch {
		case p.Splat:
			rest := []Value{}
			if i < len(args) {
				rest = append(rest, args[i:]...)
			}
			v = rest
		case i < len(args):
			v = args[i]
		case p.Default != nil:
			dv, err := c.eval(s, p.Default)
			if err != nil {
				return err
			}
			v = dv
		case what == "block":
			// A block given fewer values than it takes fails at the
			// first parameter left without one, as in Puppet.
			return errAt(s.rng(p), "Parameter $%s is required but no value was given", p.Name)
		default:
			return argCountError(what, params, len(args))
		}
		if p.Type != nil && !p.Splat {
			t, err := c.evalType(s, p.Type)
			if err != nil {
				return err
			}
			if !c.isInstance(t, v) {
				msg := c.mismatch("parameter '"+p.Name+"'", t, v)
				if sig, ok := c.signature(s, params); ok && what != "block" && strings.Contains(msg, "\n") {
					// several mismatches: Puppet shows the signature and
					// each rejection
					return failf("%s expects %s\n  rejected: %s", what, sig, strings.ReplaceAll(msg, "\n", "\n  rejected: "))
				}
				return failf("%s %s", what, msg)
			}
		}
		s.vars[p.Name] = v
	}
	if len(args) > len(params) && (len(params) == 0 || !params[len(params)-1].Splat) {
		return argCountError(what, params, len(args))
	}
	return nil
}

// signature writes parameters as Puppet shows a function's signature,
// "(Array[Integer] x, String y)"; not for parameters with defaults.
func (c *Compiler) signature(s *Scope, params []*ast.Parameter) (string, bool) {
	parts := make([]string, len(params))
	for i, p := range params {
		if p.Default != nil || p.Splat {
			return "", false
		}
		name := "Any"
		if p.Type != nil {
			t, err := c.evalType(s, p.Type)
			if err != nil {
				return "", false
			}
			name = Inspect(t)
			if tt, ok := t.(*Type); ok {
				name = tt.String()
			}
		}
		parts[i] = name + " " + p.Name
	}
	return "(" + strings.Join(parts, ", ") + ")", true
}

// argCountError is Puppet's message for a call with the wrong number of
// arguments.
func argCountError(what string, params []*ast.Parameter, got int) error {
	req := requiredCount(params)
	if req == len(params) {
		return failf("%s expects %d argument%s, got %s", what, req, plural(req), countText(got))
	}
	return failf("%s expects between %d and %d arguments, got %s", what, req, len(params), countText(got))
}

// countText is a number of arguments as Puppet's messages say it: none
// for zero.
func countText(n int) string {
	if n == 0 {
		return "none"
	}
	return strconv.Itoa(n)
}

// kind names the call for error messages as Puppet does.
func (k *call) kind() string {
	if _, ok := k.node.(*ast.CallMethod); ok {
		return "Method call"
	}
	return "Function Call"
}

func requiredCount(params []*ast.Parameter) int {
	n := 0
	for _, p := range params {
		if p.Default == nil && !p.Splat {
			n++
		}
	}
	return n
}

// callLambda calls a block with args.
func (c *Compiler) callLambda(l *lambda, args ...Value) (Value, error) {
	if c.depth >= maxCallDepth {
		return nil, errAt(l.scope.rng(l.def), "Maximum call depth of %d exceeded in a block", maxCallDepth)
	}
	c.depth++
	defer func() { c.depth-- }()
	ls := c.newScope(lambdaScope, l.scope, l.scope, l.scope.file)
	params := l.def.Params
	if len(args) > len(params) && !(len(params) > 0 && params[len(params)-1].Splat) {
		args = args[:len(params)]
	}
	if err := c.bindArgs(ls, params, args, ls.rng(l.def), "block"); err != nil {
		return nil, err
	}
	v, err := c.evalBlock(ls, l.def.Body)
	if ns, ok := err.(nextSignal); ok {
		return ns.v, nil
	}
	return v, err
}

func (l *lambda) arity() int { return len(l.def.Params) }

// showsIterators are the functions that take an iterator as it is: the
// logging ones print it as Puppet does ("Iterator[Integer]-Value").
var showsIterators = map[string]bool{
	"notice": true, "info": true, "warning": true, "debug": true, "err": true,
	"alert": true, "crit": true, "emerg": true, "type": true,
}

// refusesIterator gives, for the functions whose signatures take no
// iterator, Puppet's error for one (the iterator named by its type).
var refusesIterator = map[string]func(got string) string{
	"join": func(got string) string { return "'join' parameter 'arg' expects an Array value, got " + got },
	"length": func(got string) string {
		return "'length' parameter 'arg' expects a value of type Collection, String, or Binary, got " + got
	},
	"size": func(got string) string {
		return "'size' parameter 'arg' expects a value of type Collection, String, or Binary, got " + got
	},
	"sort": func(got string) string {
		return "The function 'sort' was called with arguments it does not accept. It expects one of:\n" +
			"  (String string_value, Callable[2, 2] block?)\n    rejected: parameter 'string_value' expects a String value, got " + got + "\n" +
			"  (Array array_value, Callable[2, 2] block?)\n    rejected: parameter 'array_value' expects an Array value, got " + got
	},
	"empty": func(got string) string {
		return "The function 'empty' was called with arguments it does not accept. It expects one of:\n" +
			"  (Collection coll)\n    rejected: parameter 'coll' expects a Collection value, got " + got + "\n" +
			"  (Sensitive[String] str)\n    rejected: parameter 'str' expects a Sensitive[String] value, got " + got + "\n" +
			"  (String str)\n    rejected: parameter 'str' expects a String value, got " + got + "\n" +
			"  (Numeric num)\n    rejected: parameter 'num' expects a Numeric value, got " + got + "\n" +
			"  (Binary bin)\n    rejected: parameter 'bin' expects a Binary value, got " + got + "\n" +
			"  (Undef x)\n    rejected: parameter 'x' expects an Undef value, got " + got
	},
}

// singleIterator returns the call's argument when it is one iterator.
func singleIterator(k *call) (*Iterator, bool) {
	if len(k.args) != 1 || k.block != nil {
		return nil, false
	}
	it, ok := k.args[0].(*Iterator)
	return it, ok
}
