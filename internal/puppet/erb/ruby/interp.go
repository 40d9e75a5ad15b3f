package ruby

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
)

// Host is what a program runs against: its self object and the instance
// variables it starts with.
type Host struct {
	// Self receives calls of bare method names (`scope`, `file`, ...).
	Self Object
	// IVar returns an instance variable the program has not assigned;
	// an unknown one is nil, as in Ruby.
	IVar func(name string) (Value, bool)
	// IVarNames are the names (without "@") of the instance variables
	// Self holds before the program runs, in Ruby's order, for
	// instance_variables.
	IVarNames func() []string
}

// Call is the context of a host method call: it carries the run's context
// and lets the host call blocks and raise positioned errors.
type Call struct {
	in  *interp
	pos int
}

// Context is the context of the run.
func (c *Call) Context() context.Context { return c.in.ctx }

// Yield calls blk with args.
func (c *Call) Yield(blk *Block, args ...Value) (Value, error) { return blk.call(args) }

// ErrNoMethod is returned by an Object that does not have a method.
var ErrNoMethod = errors.New("no such method")

// Raise makes a Ruby exception of class with a message, raised at the call.
func (c *Call) Raise(class, format string, args ...any) error {
	return &Error{Offset: c.pos, Class: class, Msg: fmt.Sprintf(format, args...)}
}

// Run executes the program, appending what it prints to out.
func (prog *Program) Run(ctx context.Context, host Host, out *strings.Builder) error {
	in := &interp{ctx: ctx, host: host, out: out, ivars: map[string]Value{}, globals: map[string]Value{}, methods: map[string]*defNode{}}
	v, err := in.eval(prog.body, &frame{vars: map[string]Value{}})
	if err == nil && prog.resultMarker {
		if _, isBuffer := v.(outputBuffer); !isBuffer {
			// a comment hid the final _erbout: the result is the last
			// statement's value, which Puppet joins into a string
			s, jerr := joinValues([]Value{v}, "", map[*Array]bool{})
			if jerr != nil {
				return jerr
			}
			out.Reset()
			out.WriteString(s)
		}
	}
	if err != nil {
		var j *jump
		if errors.As(err, &j) {
			if j.kind == "return" {
				return nil
			}
			return &Error{Offset: j.pos, Class: "LocalJumpError", Msg: "unexpected " + j.kind}
		}
		return err
	}
	return nil
}

type interp struct {
	ctx     context.Context
	host    Host
	out     *strings.Builder
	ivars   map[string]Value
	globals map[string]Value
	steps   int
	depth   int
	methods map[string]*defNode // methods the template defines on self
	// assigned are the instance variables the program assigned, in order
	assigned []string
}

// outputBuffer is ERB's _erbout, the output so far: what printing
// returns, and the value of a script whose end is not commented out.
type outputBuffer struct{ in *interp }

func (b outputBuffer) ClassName() string { return "String" }

func (b outputBuffer) ToS() string { return b.in.out.String() }

func (b outputBuffer) Inspect() string { return inspectString(b.in.out.String()) }

func (b outputBuffer) Call(c *Call, name string, args []Value, blk *Block) (Value, error) {
	return c.in.send(c.pos, Str(b.in.out.String()), name, args, blk)
}

// frame holds local variables; a block's frame sees its parents'.
type frame struct {
	vars   map[string]Value
	parent *frame
}

func (f *frame) lookup(name string) (Value, bool) {
	for ; f != nil; f = f.parent {
		if v, ok := f.vars[name]; ok {
			return v, true
		}
	}
	return nil, false
}

func (f *frame) set(name string, v Value) {
	for g := f; g != nil; g = g.parent {
		if _, ok := g.vars[name]; ok {
			g.vars[name] = v
			return
		}
	}
	f.vars[name] = v
}

// jump carries next, break and return through the evaluator.
type jump struct {
	kind  string
	val   Value
	pos   int
	block *Block // for break: the block it leaves
}

func (j *jump) Error() string { return "unexpected " + j.kind }

// Block is a block passed to a method, closed over its frame.
type Block struct {
	node   *blockNode
	frame  *frame
	in     *interp
	lambda bool
	// native is a Go function used by Symbol#to_proc and method objects.
	native func(args []Value) (Value, error)
}

// Arity is the number of parameters the block declares.
func (b *Block) Arity() int {
	if b.native != nil {
		return 1
	}
	if b.node.params == nil {
		return 0
	}
	return b.node.params.nparams
}

func (b *Block) call(args []Value) (Value, error) {
	if b.native != nil {
		return b.native(args)
	}
	f := &frame{vars: map[string]Value{}, parent: b.frame}
	if pl := b.node.params; pl != nil {
		if err := b.in.bindParams(pl, args, f, !b.lambda); err != nil {
			return nil, err
		}
	}
	v, err := b.in.eval(b.node.body, f)
	if err != nil {
		var j *jump
		if errors.As(err, &j) && j.kind == "next" {
			return j.val, nil
		}
		if errors.As(err, &j) && j.kind == "break" && j.block == nil {
			j.block = b
		}
		return nil, err
	}
	return v, nil
}

// bindParams assigns block arguments to parameters with Ruby's proc rules:
// a single array argument spreads over several parameters.
func (in *interp) bindParams(pl *paramList, args []Value, f *frame, spread bool) error {
	if spread && len(args) == 1 && (pl.nparams > 1 || pl.trailingComma) {
		if a, ok := args[0].(*Array); ok {
			args = a.Elems
		}
	}
	n := len(pl.names)
	for i, prm := range pl.names {
		var v Value
		switch {
		case i == pl.splat:
			rest := n - i - 1
			end := len(args) - rest
			if end < i {
				end = i
			}
			var elems []Value
			if i < len(args) && end > i {
				elems = append(elems, args[i:end]...)
			}
			f.vars[prm.name] = NewArray(elems...)
			// the parameters after the splat take the last arguments
			for j := i + 1; j < n; j++ {
				k := end + (j - i - 1)
				var w Value
				if k < len(args) {
					w = args[k]
				}
				if err := in.bindOne(pl.names[j], w, f); err != nil {
					return err
				}
			}
			return nil
		case i < len(args):
			v = args[i]
		case prm.def != nil:
			d, err := in.eval(prm.def, f)
			if err != nil {
				return err
			}
			v = d
		}
		if err := in.bindOne(prm, v, f); err != nil {
			return err
		}
	}
	return nil
}

func (in *interp) bindOne(prm param, v Value, f *frame) error {
	if prm.sub != nil {
		var args []Value
		if a, ok := v.(*Array); ok {
			args = a.Elems
		} else {
			args = []Value{v}
		}
		return in.bindParams(prm.sub, args, f, false)
	}
	if prm.name != "" {
		f.vars[prm.name] = v
	}
	return nil
}

const maxSteps = 50_000_000

func (in *interp) tick(pos int) error {
	in.steps++
	if in.steps&1023 == 0 {
		if err := in.ctx.Err(); err != nil {
			return err
		}
		if in.steps > maxSteps {
			return &Error{Offset: pos, Class: "RuntimeError", Msg: "template ran too long"}
		}
	}
	return nil
}

func (in *interp) evalSeq(nodes []Node, f *frame) (Value, error) {
	var v Value
	for _, n := range nodes {
		var err error
		v, err = in.eval(n, f)
		if err != nil {
			return nil, err
		}
	}
	return v, nil
}

func (in *interp) eval(n Node, f *frame) (Value, error) {
	if err := in.tick(n.Pos()); err != nil {
		return nil, err
	}
	switch x := n.(type) {
	case *seq:
		return in.evalSeq(x.stmts, f)
	case *textNode:
		in.out.WriteString(x.text)
		return outputBuffer{in}, nil
	case *outputNode:
		v, err := in.eval(x.x, f)
		if err != nil {
			return nil, err
		}
		in.out.WriteString(ToS(v))
		return outputBuffer{in}, nil
	case *resultNode:
		return outputBuffer{in}, nil
	case *nilLit:
		return nil, nil
	case *trueLit:
		return true, nil
	case *falseLit:
		return false, nil
	case *selfNode:
		return in.host.Self, nil
	case *intLit:
		return x.v, nil
	case *floatLit:
		return x.v, nil
	case *strLit:
		s, err := in.interpolate(x.parts, f)
		if err != nil {
			return nil, err
		}
		return Str(s), nil
	case *symLit:
		return Symbol(x.name), nil
	case *dsymLit:
		s, err := in.interpolate(x.parts, f)
		if err != nil {
			return nil, err
		}
		return Symbol(s), nil
	case *regexLit:
		if x.re != nil {
			return x.re, nil
		}
		s, err := in.interpolateRegexp(x.parts, f)
		if err != nil {
			return nil, err
		}
		re, err := NewRegexp(s, x.flags)
		if err != nil {
			return nil, &Error{Offset: x.pos, Class: errClass(err), Msg: err.Error()}
		}
		return re, nil
	case *arrayLit:
		elems, err := in.evalArgs(x.elems, f)
		if err != nil {
			return nil, err
		}
		return NewArray(elems...), nil
	case *hashLit:
		h := NewHash()
		for i, k := range x.keys {
			v, err := in.eval(x.vals[i], f)
			if err != nil {
				return nil, err
			}
			if k == nil {
				o, ok := v.(*Hash)
				if !ok {
					return nil, &Error{Offset: x.vals[i].Pos(), Class: "TypeError", Msg: "no implicit conversion of " + ClassName(v) + " into Hash"}
				}
				for j, kk := range o.keys {
					h.Set(kk, o.vals[j])
				}
				continue
			}
			kv, err := in.eval(k, f)
			if err != nil {
				return nil, err
			}
			h.Set(kv, v)
		}
		return h, nil
	case *rangeLit:
		lo, err := in.eval(x.lo, f)
		if err != nil {
			return nil, err
		}
		var hi Value
		if x.hi != nil {
			if hi, err = in.eval(x.hi, f); err != nil {
				return nil, err
			}
		}
		if !rangeable(lo, hi) {
			return nil, &Error{Offset: x.pos, Class: "ArgumentError", Msg: "bad value for range"}
		}
		return &Range{Lo: lo, Hi: hi, Excl: x.excl}, nil
	case *localVar:
		v, _ := f.lookup(x.name)
		return v, nil
	case *ivar:
		return in.ivar(x.name), nil
	case *gvar:
		return in.gvar(x)
	case *constRef:
		return in.constant(x, f)
	case *call:
		return in.evalCall(x, f)
	case *assign:
		v, err := in.eval(x.value, f)
		if err != nil {
			return nil, err
		}
		return v, in.assignTo(x.target, v, f)
	case *opAssign:
		return in.evalOpAssign(x, f)
	case *multiAssign:
		v, err := in.eval(x.value, f)
		if err != nil {
			return nil, err
		}
		var vals []Value
		if a, ok := v.(*Array); ok {
			vals = a.Elems
		} else {
			vals = []Value{v}
		}
		for i, t := range x.targets {
			var tv Value
			switch {
			case i == x.splatAt:
				end := len(vals) - (len(x.targets) - i - 1)
				if end < i {
					end = i
				}
				var rest []Value
				if i < len(vals) {
					rest = append(rest, vals[i:end]...)
				}
				tv = NewArray(rest...)
			case x.splatAt >= 0 && i > x.splatAt:
				k := len(vals) - (len(x.targets) - i)
				if k >= 0 && k < len(vals) && k > x.splatAt-1 {
					tv = vals[k]
				}
			case i < len(vals):
				tv = vals[i]
			}
			if err := in.assignTo(t, tv, f); err != nil {
				return nil, err
			}
		}
		return v, nil
	case *andNode:
		l, err := in.eval(x.l, f)
		if err != nil || !Truthy(l) {
			return l, err
		}
		return in.eval(x.r, f)
	case *orNode:
		l, err := in.eval(x.l, f)
		if err != nil || Truthy(l) {
			return l, err
		}
		return in.eval(x.r, f)
	case *notNode:
		v, err := in.eval(x.x, f)
		if err != nil {
			return nil, err
		}
		return !Truthy(v), nil
	case *definedNode:
		return in.defined(x.x, f)
	case *ifNode:
		c, err := in.eval(x.cond, f)
		if err != nil {
			return nil, err
		}
		if Truthy(c) {
			return in.eval(x.then, f)
		}
		if x.els != nil {
			return in.eval(x.els, f)
		}
		return nil, nil
	case *whileNode:
		for first := true; ; first = false {
			if !(first && x.doWhile) {
				c, err := in.eval(x.cond, f)
				if err != nil {
					return nil, err
				}
				if Truthy(c) == x.until {
					return nil, nil
				}
			}
			if _, err := in.eval(x.body, f); err != nil {
				var j *jump
				if errors.As(err, &j) && j.kind == "break" && j.block == nil {
					return j.val, nil
				}
				if errors.As(err, &j) && j.kind == "next" {
					continue
				}
				return nil, err
			}
		}
	case *forNode:
		return in.evalFor(x, f)
	case *caseNode:
		return in.evalCase(x, f)
	case *beginNode:
		return in.evalBegin(x, f)
	case *jumpNode:
		var v Value
		if x.x != nil {
			var err error
			if v, err = in.eval(x.x, f); err != nil {
				return nil, err
			}
		}
		return nil, &jump{kind: x.kind, val: v, pos: x.pos}
	case *splat:
		return nil, &Error{Offset: x.pos, Class: "SyntaxError", Msg: "unexpected splat"}
	case *lambdaNode:
		return &Proc{blk: &Block{node: x.block, frame: f, in: in, lambda: true}}, nil
	case *defNode:
		in.methods[x.name] = x
		return Symbol(x.name), nil
	}
	return nil, &Error{Offset: n.Pos(), Class: "NotImplementedError", Msg: fmt.Sprintf("%T is not supported in templates", n)}
}

func rangeable(lo, hi Value) bool {
	switch lo.(type) {
	case int64, float64:
		switch hi.(type) {
		case int64, float64, nil:
			return true
		}
		return false
	case *String:
		_, ok := hi.(*String)
		return ok || hi == nil
	case nil:
		switch hi.(type) {
		case int64, float64, *String:
			return true
		}
	}
	return false
}

func (in *interp) interpolate(parts []strNode, f *frame) (string, error) {
	if len(parts) == 1 && parts[0].expr == nil {
		return parts[0].lit, nil
	}
	var b strings.Builder
	for _, p := range parts {
		if p.expr == nil {
			b.WriteString(p.lit)
			continue
		}
		v, err := in.eval(p.expr, f)
		if err != nil {
			return "", err
		}
		s, err := in.toSCall(p.expr.Pos(), v)
		if err != nil {
			return "", err
		}
		b.WriteString(s)
	}
	return b.String(), nil
}

func (in *interp) interpolateRegexp(parts []strNode, f *frame) (string, error) {
	var b strings.Builder
	for _, p := range parts {
		if p.expr == nil {
			b.WriteString(p.lit)
			continue
		}
		v, err := in.eval(p.expr, f)
		if err != nil {
			return "", err
		}
		if re, ok := v.(*Regexp); ok {
			b.WriteString(re.toS())
			continue
		}
		s, err := in.toSCall(p.expr.Pos(), v)
		if err != nil {
			return "", err
		}
		b.WriteString(s)
	}
	return b.String(), nil
}

// toSCall is to_s as interpolation calls it (host objects may define it).
func (in *interp) toSCall(pos int, v Value) (string, error) {
	if o, ok := v.(Object); ok {
		r, err := o.Call(&Call{in: in, pos: pos}, "to_s", nil, nil)
		if err == nil {
			if s, ok := r.(*String); ok {
				return s.S, nil
			}
		} else if !errors.Is(err, ErrNoMethod) {
			return "", err
		}
	}
	return ToS(v), nil
}

// setIvar assigns an instance variable; a name new to Self is listed
// after the host's by instance_variables, as Ruby adds it.
func (in *interp) setIvar(name string, v Value) {
	if _, ok := in.ivars[name]; !ok {
		in.assigned = append(in.assigned, name)
	}
	in.ivars[name] = v
}

// instanceVariables is Self's instance_variables: the host's, then
// those the program assigned that the host does not hold.
func (in *interp) instanceVariables() *Array {
	var names []Value
	seen := map[string]bool{}
	if in.host.IVarNames != nil {
		for _, n := range in.host.IVarNames() {
			if !seen[n] {
				seen[n] = true
				names = append(names, Symbol("@"+n))
			}
		}
	}
	for _, n := range in.assigned {
		if !seen[n] {
			seen[n] = true
			names = append(names, Symbol("@"+n))
		}
	}
	return NewArray(names...)
}

func (in *interp) ivar(name string) Value {
	if v, ok := in.ivars[name]; ok {
		return v
	}
	if in.host.IVar != nil {
		if v, ok := in.host.IVar(name); ok {
			in.ivars[name] = v
			return v
		}
	}
	return nil
}

func (in *interp) gvar(x *gvar) (Value, error) {
	name := x.name
	if name[0] >= '1' && name[0] <= '9' {
		m, _ := in.globals["~"].(*MatchData)
		if m == nil {
			return nil, nil
		}
		var n int
		fmt.Sscan(name, &n)
		return m.groupValue(n), nil
	}
	switch name {
	case "~":
		return in.globals["~"], nil
	case "&":
		if m, _ := in.globals["~"].(*MatchData); m != nil {
			return m.groupValue(0), nil
		}
		return nil, nil
	}
	if name == "LOAD_PATH" {
		// see puppetx.go: an array to add to, which nothing reads
		if _, ok := in.globals[name]; !ok {
			in.globals[name] = NewArray()
		}
		return in.globals[name], nil
	}
	if specialGlobals[name] {
		return nil, &Error{Offset: x.pos, Class: "NotImplementedError", Msg: "global variable $" + name + " is not supported in templates"}
	}
	// a global nothing assigned is nil, as in Ruby
	return nil, nil
}

// specialGlobals are Ruby's predefined globals, which have values in a
// Ruby process; ordo does not give them any.
var specialGlobals = map[string]bool{
	"stdout": true, "stderr": true, "stdin": true, "0": true, "PROGRAM_NAME": true,
	"LOAD_PATH": true, ":": true, "\"": true, "LOADED_FEATURES": true, "DEBUG": true,
	"VERBOSE": true, ",": true, "/": true, "\\": true, ";": true, ".": true, "<": true,
	">": true, "_": true, "*": true, "$": true, "?": true, "!": true, "@": true,
	"FILENAME": true, "SAFE": true, "-0": true, "-a": true, "-d": true, "-i": true,
	"-l": true, "-p": true, "-v": true, "-w": true, "`": true, "'": true, "+": true,
}

func (in *interp) constant(x *constRef, f *frame) (Value, error) {
	if x.scope != nil {
		s, err := in.eval(x.scope, f)
		if err != nil {
			return nil, err
		}
		if m, ok := moduleConstant(s, x.name); ok {
			return m, nil
		}
		if c, ok := s.(*Class); ok && c.Name == "Float" {
			switch x.name {
			case "INFINITY":
				return posInf, nil
			case "NAN":
				return nan, nil
			}
		}
		return nil, &Error{Offset: x.pos, Class: "NotImplementedError", Msg: fmt.Sprintf("constant %s::%s is not supported in templates", Inspect(s), x.name)}
	}
	if c, ok := constants[x.name]; ok {
		return c, nil
	}
	if c, ok := exceptionClasses[x.name]; ok {
		return c, nil
	}
	if m, ok := moduleConstant(nil, x.name); ok {
		return m, nil
	}
	switch x.name {
	case "IPAddr", "JSON", "URI", "File":
		return &stdModule{name: x.name}, nil
	case "Math", "YAML", "Puppet", "Time", "Date", "Socket", "ERB", "Base64", "Digest", "OpenSSL", "Resolv", "ENV", "ARGV", "RUBY_VERSION":
		return nil, &Error{Offset: x.pos, Class: "NotImplementedError", Msg: "constant " + x.name + " is not supported in templates"}
	}
	return nil, &Error{Offset: x.pos, Class: "NameError", Msg: "uninitialized constant Puppet::Parser::TemplateWrapper::" + x.name}
}

func (in *interp) assignTo(target Node, v Value, f *frame) error {
	switch t := target.(type) {
	case *localVar:
		f.set(t.name, v)
		return nil
	case *ivar:
		in.setIvar(t.name, v)
		return nil
	case *call:
		recv, err := in.eval(t.recv, f)
		if err != nil {
			return err
		}
		args, err := in.evalArgs(t.args, f)
		if err != nil {
			return err
		}
		name := t.name + "="
		if t.name == "[]" {
			name = "[]="
		}
		_, err = in.send(t.pos, recv, name, append(args, v), nil)
		return err
	}
	return &Error{Offset: target.Pos(), Class: "NotImplementedError", Msg: "this assignment is not supported in templates"}
}

func (in *interp) evalOpAssign(x *opAssign, f *frame) (Value, error) {
	// evaluate the receiver and index once
	var get func() (Value, error)
	var set func(Value) error
	switch t := x.target.(type) {
	case *localVar:
		get = func() (Value, error) { v, _ := f.lookup(t.name); return v, nil }
		set = func(v Value) error { f.set(t.name, v); return nil }
	case *ivar:
		get = func() (Value, error) { return in.ivar(t.name), nil }
		set = func(v Value) error { in.setIvar(t.name, v); return nil }
	case *call:
		recv, err := in.eval(t.recv, f)
		if err != nil {
			return nil, err
		}
		args, err := in.evalArgs(t.args, f)
		if err != nil {
			return nil, err
		}
		getName, setName := t.name, t.name+"="
		if t.name == "[]" {
			setName = "[]="
		}
		get = func() (Value, error) { return in.send(t.pos, recv, getName, args, nil) }
		set = func(v Value) error {
			_, err := in.send(t.pos, recv, setName, append(append([]Value{}, args...), v), nil)
			return err
		}
	default:
		return nil, &Error{Offset: x.pos, Class: "NotImplementedError", Msg: "this assignment is not supported in templates"}
	}
	cur, err := get()
	if err != nil {
		return nil, err
	}
	switch x.op {
	case "||":
		if Truthy(cur) {
			return cur, nil
		}
	case "&&":
		if !Truthy(cur) {
			return cur, nil
		}
	}
	v, err := in.eval(x.value, f)
	if err != nil {
		return nil, err
	}
	if x.op != "||" && x.op != "&&" {
		if v, err = in.send(x.pos, cur, x.op, []Value{v}, nil); err != nil {
			return nil, err
		}
	}
	return v, set(v)
}

func (in *interp) evalArgs(nodes []Node, f *frame) ([]Value, error) {
	out := make([]Value, 0, len(nodes))
	for _, n := range nodes {
		if s, ok := n.(*splat); ok {
			v, err := in.eval(s.x, f)
			if err != nil {
				return nil, err
			}
			switch a := v.(type) {
			case *Array:
				out = append(out, a.Elems...)
			case nil:
			case *Hash:
				out = append(out, a.pairs()...)
			case *Range:
				elems, err := rangeElems(a, s.pos)
				if err != nil {
					return nil, err
				}
				out = append(out, elems...)
			default:
				out = append(out, v)
			}
			continue
		}
		v, err := in.eval(n, f)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

func (in *interp) evalCall(x *call, f *frame) (Value, error) {
	var recv Value
	selfCall := x.recv == nil
	if !selfCall {
		var err error
		if recv, err = in.eval(x.recv, f); err != nil {
			return nil, err
		}
		if x.safeNav && recv == nil {
			return nil, nil
		}
	}
	args, err := in.evalArgs(x.args, f)
	if err != nil {
		return nil, err
	}
	var blk *Block
	if x.block != nil {
		blk = &Block{node: x.block, frame: f, in: in}
	} else if x.blockArg != nil {
		bv, err := in.eval(x.blockArg, f)
		if err != nil {
			return nil, err
		}
		if blk, err = in.toBlock(x.blockArg.Pos(), bv); err != nil {
			return nil, err
		}
	}
	var v Value
	if selfCall {
		v, err = in.callSelf(x, args, blk)
	} else {
		v, err = in.send(x.pos, recv, x.name, args, blk)
	}
	if err != nil {
		var j *jump
		if blk != nil && errors.As(err, &j) && j.kind == "break" && j.block == blk {
			return j.val, nil
		}
		return nil, err
	}
	return v, nil
}

func (in *interp) toBlock(pos int, v Value) (*Block, error) {
	switch b := v.(type) {
	case nil:
		return nil, nil
	case *Proc:
		return b.blk, nil
	case Symbol:
		name := string(b)
		return &Block{in: in, native: func(args []Value) (Value, error) {
			if len(args) == 0 {
				return nil, &Error{Offset: pos, Class: "ArgumentError", Msg: "no receiver given"}
			}
			return in.send(pos, args[0], name, args[1:], nil)
		}}, nil
	}
	return nil, &Error{Offset: pos, Class: "TypeError", Msg: "wrong argument type " + ClassName(v) + " (expected Proc)"}
}

// callSelf runs a method call without a receiver: Kernel functions, then
// the host's self.
func (in *interp) callSelf(x *call, args []Value, blk *Block) (Value, error) {
	if d, ok := in.methods[x.name]; ok {
		return in.callDefined(x.pos, d, args, blk)
	}
	if v, ok, err := in.kernel(x.pos, x.name, args, blk); ok || err != nil {
		return v, err
	}
	v, err := in.send(x.pos, in.host.Self, x.name, args, blk)
	var e *Error
	if x.bareIdent && errors.As(err, &e) && e.Class == "NoMethodError" && strings.HasPrefix(e.Msg, "undefined method `"+x.name+"' for ") {
		e.Class = "NameError"
		e.Msg = "undefined local variable or method `" + x.name + "' for " + strings.TrimPrefix(e.Msg, "undefined method `"+x.name+"' for ")
	}
	return v, err
}

// callDefined runs a method the template defined with def.
func (in *interp) callDefined(pos int, d *defNode, args []Value, blk *Block) (Value, error) {
	required, optional := 0, 0
	for i, prm := range d.params.names {
		switch {
		case i == d.params.splat:
			optional = -1
		case prm.def != nil:
			if optional >= 0 {
				optional++
			}
		default:
			required++
		}
	}
	if len(args) < required || optional >= 0 && len(args) > required+optional {
		want := fmt.Sprint(required)
		if optional < 0 {
			want += "+"
		} else if optional > 0 {
			want = fmt.Sprintf("%d..%d", required, required+optional)
		}
		// Ruby's backtrace starts at the method's definition
		return nil, &Error{Offset: d.pos, Class: "ArgumentError", Msg: fmt.Sprintf("wrong number of arguments (given %d, expected %s)", len(args), want)}
	}
	in.depth++
	defer func() { in.depth-- }()
	if in.depth > 2000 {
		return nil, &Error{Offset: pos, Class: "SystemStackError", Msg: "stack level too deep"}
	}
	f := &frame{vars: map[string]Value{}}
	if err := in.bindParams(d.params, args, f, false); err != nil {
		return nil, err
	}
	if d.params.block != "" {
		f.vars[d.params.block] = nil
		if blk != nil {
			f.vars[d.params.block] = &Proc{blk: blk}
		}
	}
	v, err := in.eval(d.body, f)
	if err != nil {
		var j *jump
		if errors.As(err, &j) && j.kind == "return" {
			return j.val, nil
		}
		return nil, err
	}
	return v, nil
}

// send calls method name on recv.
func (in *interp) send(pos int, recv Value, name string, args []Value, blk *Block) (Value, error) {
	in.depth++
	defer func() { in.depth-- }()
	if in.depth > 2000 {
		return nil, &Error{Offset: pos, Class: "SystemStackError", Msg: "stack level too deep"}
	}
	if d, ok := in.methods[name]; ok && recv == in.host.Self && recv != nil {
		return in.callDefined(pos, d, args, blk)
	}
	c := &Call{in: in, pos: pos}
	v, err := in.dispatchChecked(c, recv, name, args, blk)
	if err != nil {
		var e *Error
		if errors.As(err, &e) && e.Offset < 0 {
			e.Offset = pos
		}
		if errors.Is(err, ErrNoMethod) {
			return nil, noMethod(pos, recv, name)
		}
		return nil, err
	}
	return v, nil
}

// noMethod is Ruby 3.1's NoMethodError message: the receiver's inspect,
// then ":" and its class unless the inspect starts with "#".
// dispatchChecked runs a built-in method, turning a method's slip on an
// argument list of the wrong length (an index out of range) into Ruby's
// ArgumentError rather than a crash.
func (in *interp) dispatchChecked(c *Call, recv Value, name string, args []Value, blk *Block) (v Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(runtime.Error); !ok {
				panic(r)
			}
			v, err = nil, &Error{Offset: c.pos, Class: "ArgumentError", Msg: fmt.Sprintf("wrong number of arguments (given %d) for %s#%s", len(args), ClassName(recv), name)}
		}
	}()
	return in.dispatch(c, recv, name, args, blk)
}

func noMethod(pos int, recv Value, name string) error {
	desc := Inspect(recv)
	if o, ok := recv.(Object); ok {
		desc = "#<" + o.ClassName() + ">"
		if in, ok := o.(interface{ Inspect() string }); ok {
			desc = in.Inspect()
		}
	}
	if !strings.HasPrefix(desc, "#") {
		desc += ":" + ClassName(recv)
	}
	return &Error{Offset: pos, Class: "NoMethodError", Msg: fmt.Sprintf("undefined method `%s' for %s", name, desc) + didYouMean(recv, name)}
}

// raise makes an error at an unknown offset; send fills in the call's.
func raise(class, format string, args ...any) error {
	return &Error{Offset: -1, Class: class, Msg: fmt.Sprintf(format, args...)}
}

func unsupportedMethod(recv Value, name string) error {
	return raise("NotImplementedError", "method %s#%s is not supported in templates", ClassName(recv), name)
}

func (in *interp) defined(x Node, f *frame) (Value, error) {
	switch n := x.(type) {
	case *localVar:
		return Str("local-variable"), nil
	case *ivar:
		if _, ok := in.ivars[n.name]; ok {
			return Str("instance-variable"), nil
		}
		if in.host.IVar != nil {
			if v, ok := in.host.IVar(n.name); ok && v != nil {
				return Str("instance-variable"), nil
			}
		}
		return nil, nil
	case *gvar:
		return Str("global-variable"), nil
	case *constRef:
		if _, ok := constants[n.name]; ok && n.scope == nil {
			return Str("constant"), nil
		}
		return nil, nil
	case *call:
		if n.recv == nil {
			if n.bareIdent {
				if _, ok := kernelNames[n.name]; ok {
					return Str("method"), nil
				}
				if o, ok := in.host.Self.(interface{ RespondTo(string) bool }); ok && o.RespondTo(n.name) {
					return Str("method"), nil
				}
				return nil, nil
			}
			return Str("method"), nil
		}
		if _, err := in.eval(n.recv, f); err != nil {
			return nil, nil
		}
		return Str("method"), nil
	case *assign, *opAssign, *multiAssign:
		return Str("assignment"), nil
	case *nilLit:
		return Str("expression"), nil
	case *selfNode:
		return Str("self"), nil
	case *trueLit, *falseLit:
		return Str("expression"), nil
	}
	return Str("expression"), nil
}

func (in *interp) evalFor(x *forNode, f *frame) (Value, error) {
	iter, err := in.eval(x.iter, f)
	if err != nil {
		return nil, err
	}
	var items []Value
	switch it := iter.(type) {
	case *Array:
		items = it.Elems
	case *Hash:
		items = it.pairs()
	case *Range:
		if items, err = rangeElems(it, x.pos); err != nil {
			return nil, err
		}
	default:
		return nil, &Error{Offset: x.iter.Pos(), Class: "NoMethodError", Msg: fmt.Sprintf("undefined method `each' for %s:%s", Inspect(iter), ClassName(iter))}
	}
	for _, it := range items {
		// for's variables live in the enclosing frame
		tmp := &frame{vars: map[string]Value{}}
		if err := in.bindParams(x.vars, []Value{it}, tmp, true); err != nil {
			return nil, err
		}
		for k, v := range tmp.vars {
			f.set(k, v)
		}
		if _, err := in.eval(x.body, f); err != nil {
			var j *jump
			if errors.As(err, &j) && j.kind == "break" && j.block == nil {
				return j.val, nil
			}
			if errors.As(err, &j) && j.kind == "next" {
				continue
			}
			return nil, err
		}
	}
	return iter, nil
}

func (in *interp) evalCase(x *caseNode, f *frame) (Value, error) {
	var subj Value
	if x.subject != nil {
		var err error
		if subj, err = in.eval(x.subject, f); err != nil {
			return nil, err
		}
	}
	for _, w := range x.whens {
		conds, err := in.evalArgs(w.conds, f)
		if err != nil {
			return nil, err
		}
		for _, c := range conds {
			var hit bool
			if x.subject == nil {
				hit = Truthy(c)
			} else {
				r, err := in.send(x.pos, c, "===", []Value{subj}, nil)
				if err != nil {
					return nil, err
				}
				hit = Truthy(r)
			}
			if hit {
				return in.eval(w.body, f)
			}
		}
	}
	if x.els != nil {
		return in.eval(x.els, f)
	}
	return nil, nil
}

func (in *interp) evalBegin(x *beginNode, f *frame) (v Value, err error) {
	if x.ensure != nil {
		defer func() {
			if _, eerr := in.eval(x.ensure, f); eerr != nil {
				v, err = nil, eerr
			}
		}()
	}
	v, err = in.eval(x.body, f)
	if err == nil {
		if x.els != nil {
			return in.eval(x.els, f)
		}
		return v, nil
	}
	var re *Error
	if !errors.As(err, &re) || re.Class == "NotImplementedError" || re.Class == "SyntaxError" {
		// jumps, cancellation and unsupported constructs are not rescued
		return nil, err
	}
	for _, rc := range x.rescues {
		if !in.rescues(rc, re, f) {
			continue
		}
		if rc.varName != "" {
			f.set(rc.varName, &exception{err: re})
		}
		return in.eval(rc.body, f)
	}
	return nil, err
}

// exception is a rescued error as a value.
type exception struct{ err *Error }

func (e *exception) ClassName() string { return e.err.Class }

func (e *exception) ToS() string { return e.err.Msg }

func (e *exception) Call(c *Call, name string, args []Value, blk *Block) (Value, error) {
	switch name {
	case "message", "to_s":
		return Str(e.err.Msg), nil
	case "class":
		return &Class{Name: e.err.Class}, nil
	}
	return nil, ErrNoMethod
}

// exceptionParents lists the ancestors of the exceptions templates raise.
var exceptionParents = map[string][]string{
	"NoMethodError":               {"NameError", "StandardError"},
	"NameError":                   {"StandardError"},
	"TypeError":                   {"StandardError"},
	"ArgumentError":               {"StandardError"},
	"ZeroDivisionError":           {"StandardError"},
	"RuntimeError":                {"StandardError"},
	"IndexError":                  {"StandardError"},
	"KeyError":                    {"IndexError", "StandardError"},
	"RangeError":                  {"StandardError"},
	"FloatDomainError":            {"RangeError", "StandardError"},
	"RegexpError":                 {"StandardError"},
	"FrozenError":                 {"RuntimeError", "StandardError"},
	"Puppet::ParseError":          {"Puppet::Error", "RuntimeError", "StandardError"},
	"IPAddr::InvalidAddressError": {"IPAddr::Error", "ArgumentError", "StandardError"},
	"IPAddr::InvalidPrefixError":  {"IPAddr::InvalidAddressError", "IPAddr::Error", "ArgumentError", "StandardError"},
	"JSON::ParserError":           {"JSON::JSONError", "StandardError"},
	"JSON::GeneratorError":        {"JSON::JSONError", "StandardError"},
}

func (in *interp) rescues(rc rescueClause, e *Error, f *frame) bool {
	if len(rc.classes) == 0 {
		return e.Class == "StandardError" || contains(exceptionParents[e.Class], "StandardError")
	}
	for _, cn := range rc.classes {
		name := ""
		switch c := cn.(type) {
		case *constRef:
			name = c.name
			if s, ok := c.scope.(*constRef); ok {
				name = s.name + "::" + c.name
			}
		}
		if name == e.Class || name == "Exception" || contains(exceptionParents[e.Class], name) {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
