package eval

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/puppet/ast"
	"github.com/ordoproject/ordo/internal/source"
)

type sourceRange = source.Range

// lambda is a block passed to a function, closed over its scope.
type lambda struct {
	def   *ast.Lambda
	scope *Scope
}

// control-flow signals of next, break and return travel as errors.
type nextSignal struct{ v Value }
type breakSignal struct{}
type returnSignal struct{ v Value }

func (nextSignal) Error() string   { return "next() called outside of a block" }
func (breakSignal) Error() string  { return "break() called outside of a loop" }
func (returnSignal) Error() string { return "return() called outside of a function" }

// evalBlock evaluates statements in order; the value is the last one's.
func (c *Compiler) evalBlock(s *Scope, body []ast.Expr) (Value, error) {
	return c.evalBody(s, body, true)
}

// execBlock evaluates statements in order for what they do, as the body
// of a class, a defined type or a node, whose value nothing reads.
func (c *Compiler) execBlock(s *Scope, body []ast.Expr) error {
	_, err := c.evalBody(s, body, false)
	return err
}

// evalBody evaluates statements in order; when keep, the value is the
// last one's. A resource statement whose value is dropped does not make
// its list of references.
func (c *Compiler) evalBody(s *Scope, body []ast.Expr, keep bool) (Value, error) {
	var v Value
	for i, e := range body {
		if err := c.ctx.Err(); err != nil {
			return nil, err
		}
		if re, ok := e.(*ast.ResourceExpr); ok && (!keep || i < len(body)-1) {
			if _, err := c.evalResourceExpr(s, re, false); err != nil {
				return nil, err
			}
			continue
		}
		var err error
		v, err = c.eval(s, e)
		if err != nil {
			return nil, err
		}
	}
	return v, nil
}

// evalIf evaluates an if (when is true) or an unless (when is false).
// It is apart from eval so that eval, called for every expression, has
// no defer to run on its way out.
func (c *Compiler) evalIf(s *Scope, cond ast.Expr, then, els []ast.Expr, when bool) (Value, error) {
	// As Puppet's guarded scope: match variables set by the condition
	// or the branches do not outlive the if.
	defer s.restoreMatch(s.match, s.hasMatch)
	v, err := c.eval(s, cond)
	if err != nil {
		return nil, err
	}
	if IsTruthy(v) == when {
		return c.evalBlock(s, then)
	}
	return c.evalBlock(s, els)
}

func (c *Compiler) eval(s *Scope, e ast.Expr) (Value, error) {
	switch x := e.(type) {
	case nil:
		return nil, nil
	case *ast.LiteralString:
		return x.Value, nil
	case *ast.LiteralInteger:
		return x.Value, nil
	case *ast.LiteralFloat:
		return x.Value, nil
	case *ast.LiteralBool:
		return x.Value, nil
	case *ast.LiteralUndef:
		return nil, nil
	case *ast.LiteralDefault:
		return Default{}, nil
	case *ast.LiteralRegex:
		re, err := c.regexp(x.Pattern)
		if err != nil {
			return nil, errAt(s.rng(x), "Invalid regular expression /%s/: %v", x.Pattern, err)
		}
		return &Regexp{Src: x.Pattern, Re: re}, nil
	case *ast.InterpolatedString:
		// The parts first, so that the string is built at its size.
		var buf [8]string
		parts, n := buf[:0], 0
		for _, p := range x.Parts {
			if l, ok := p.(*ast.LiteralString); ok {
				// The text between interpolations, not boxed as a value.
				parts, n = append(parts, l.Value), n+len(l.Value)
				continue
			}
			v, err := c.eval(s, p)
			if err != nil {
				return nil, err
			}
			t := ToS(v)
			parts, n = append(parts, t), n+len(t)
		}
		var b strings.Builder
		b.Grow(n)
		for _, t := range parts {
			b.WriteString(t)
		}
		return b.String(), nil
	case *ast.TextExpr:
		v, err := c.eval(s, textVariable(x.Expr))
		if err != nil {
			return nil, err
		}
		if _, ok := v.(string); ok {
			// Already a string, and already boxed.
			return v, nil
		}
		return ToS(v), nil
	case *ast.Heredoc:
		return c.eval(s, x.Text)
	case *ast.QualifiedName:
		return x.Name, nil
	case *ast.QualifiedReference:
		return c.resolveTypeName(s, x)
	case *ast.ReservedWord:
		return x.Word, nil
	case *ast.Variable:
		return c.evalVariable(s, x)
	case *ast.ArrayExpr:
		out := make([]Value, 0, len(x.Elems))
		for _, el := range x.Elems {
			if u, ok := el.(*ast.UnaryExpr); ok && u.Op == ast.Splat {
				v, err := c.eval(s, u.X)
				if err != nil {
					return nil, err
				}
				out = append(out, unfold(v)...)
				continue
			}
			v, err := c.eval(s, el)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	case *ast.HashExpr:
		h := NewHash()
		for _, en := range x.Entries {
			k, err := c.eval(s, en.Key)
			if err != nil {
				return nil, err
			}
			v, err := c.eval(s, en.Value)
			if err != nil {
				return nil, err
			}
			h.Set(k, v)
		}
		return h, nil
	case *ast.UnaryExpr:
		return c.evalUnary(s, x)
	case *ast.BinaryExpr:
		return c.evalBinary(s, x)
	case *ast.AssignExpr:
		return c.evalAssign(s, x)
	case *ast.RelationshipExpr:
		return c.evalRelationship(s, x)
	case *ast.ParenExpr:
		return c.eval(s, x.X)
	case *ast.AccessExpr:
		return c.evalAccess(s, x)
	case *ast.SelectorExpr:
		return c.evalSelector(s, x)
	case *ast.CallNamedFunction:
		return c.evalCall(s, x)
	case *ast.CallMethod:
		return c.evalMethodCall(s, x)
	case *ast.IfExpr:
		return c.evalIf(s, x.Cond, x.Then, x.Else, true)
	case *ast.UnlessExpr:
		return c.evalIf(s, x.Cond, x.Then, x.Else, false)
	case *ast.CaseExpr:
		return c.evalCase(s, x)
	case *ast.ResourceExpr:
		return c.evalResourceExpr(s, x, true)
	case *ast.ResourceDefaultsExpr:
		return c.evalDefaultsExpr(s, x)
	case *ast.ResourceOverrideExpr:
		return c.evalOverrideExpr(s, x)
	case *ast.CollectExpr:
		return c.evalCollect(s, x)
	case *ast.ClassDef, *ast.DefineDef, *ast.NodeDef, *ast.FunctionDef, *ast.TypeAlias:
		return nil, nil
	case *ast.BlockExpr:
		return c.evalBlock(s, x.Body)
	case *ast.RenderString:
		if s.c.render != nil {
			s.c.render.WriteString(x.Text)
		}
		return nil, nil
	case *ast.RenderExpr:
		v, err := c.eval(s, x.X)
		if err != nil {
			return nil, err
		}
		if s.c.render != nil {
			s.c.render.WriteString(ToS(v))
		}
		return nil, nil
	case *ast.HashEntry:
		return nil, errAt(s.rng(x), "Unexpected hash entry")
	case *ast.BadExpr:
		return nil, errAt(s.rng(x), "Syntax error")
	}
	return nil, errAt(s.rng(e), "Evaluation of %T is not supported", e)
}

// regexp compiles a Puppet (Ruby) regular expression once per
// compilation.
func (c *Compiler) regexp(src string) (*rx, error) {
	if re, ok := c.regexps[src]; ok {
		return re, nil
	}
	re, err := compileRegexp(src)
	if err != nil {
		return nil, err
	}
	c.regexps[src] = re
	return re, nil
}

// textVariable turns the bare names that "${name}" and "${name[1]}"
// interpolate into variables.
func textVariable(e ast.Expr) ast.Expr {
	switch x := e.(type) {
	case *ast.QualifiedName:
		return &ast.Variable{Span: x.Span, Name: x.Name}
	case *ast.AccessExpr:
		if q, ok := x.X.(*ast.QualifiedName); ok {
			return &ast.AccessExpr{Span: x.Span, X: &ast.Variable{Span: q.Span, Name: q.Name}, Keys: x.Keys}
		}
		if inner := textVariable(x.X); inner != x.X {
			return &ast.AccessExpr{Span: x.Span, X: inner, Keys: x.Keys}
		}
	case *ast.CallMethod:
		if inner := textVariable(x.Receiver); inner != x.Receiver {
			cp := *x
			cp.Receiver = inner
			return &cp
		}
	}
	return e
}

func (c *Compiler) evalVariable(s *Scope, x *ast.Variable) (Value, error) {
	for d := s; d != nil; d = d.parent {
		if d.paramIndex != nil {
			if i, ok := d.paramIndex[x.Name]; ok && i >= d.boundBelow {
				return nil, failf("default expression for $%s tries to illegally access not yet evaluated $%s", d.defaultOf, x.Name)
			}
			break
		}
		if d.kind == classScope || d.kind == defineScope {
			break
		}
	}
	v, ok := s.lookup(x.Name)
	if ok {
		return v, nil
	}
	if _, err := strconv.Atoi(x.Name); err == nil {
		return nil, nil
	}
	// Puppet's built-in variables always exist: undef where no module
	// set them, as at top scope, with no warning.
	if x.Name == "module_name" || x.Name == "caller_module_name" {
		return nil, nil
	}
	if c.opts.StrictVariables {
		return nil, errAt(s.rng(x), "Unknown variable: '%s'.", x.Name)
	}
	// Puppet 7's strict setting defaults to warning.
	c.logf("warning", "Unknown variable: '%s'. %s", x.Name, (&Error{Where: s.rng(x)}).Location())
	return nil, nil
}

func (c *Compiler) evalUnary(s *Scope, x *ast.UnaryExpr) (Value, error) {
	v, err := c.eval(s, x.X)
	if err != nil {
		return nil, err
	}
	switch x.Op {
	case ast.Not:
		return !IsTruthy(v), nil
	case ast.Neg:
		n, ok := coerceNumeric(v)
		if !ok {
			return nil, notNumeric(v, s.rng(x))
		}
		if i, isInt := n.(int64); isInt {
			return checkedInt(new(big.Int).Neg(big.NewInt(i)), s.rng(x), ast.Sub)
		}
		return -n.(float64), nil
	case ast.Splat:
		return unfold(v), nil
	}
	return nil, nil
}

// toNumber converts numeric strings to numbers, as Puppet's arithmetic
// does; other values pass through.
func toNumber(v Value) Value {
	s, ok := v.(string)
	if !ok {
		return v
	}
	if n, err := strconv.ParseInt(s, 0, 64); err == nil {
		return n
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		return f
	}
	return v
}

func (c *Compiler) evalBinary(s *Scope, x *ast.BinaryExpr) (Value, error) {
	switch x.Op {
	case ast.And:
		l, err := c.eval(s, x.Left)
		if err != nil || !IsTruthy(l) {
			return false, err
		}
		r, err := c.eval(s, x.Right)
		return IsTruthy(r), err
	case ast.Or:
		l, err := c.eval(s, x.Left)
		if err != nil {
			return nil, err
		}
		if IsTruthy(l) {
			return true, nil
		}
		r, err := c.eval(s, x.Right)
		return IsTruthy(r), err
	}
	l, err := c.eval(s, x.Left)
	if err != nil {
		return nil, err
	}
	r, err := c.eval(s, x.Right)
	if err != nil {
		return nil, err
	}
	opRange := s.rng(x)
	opRange.Start = x.OpPos
	switch x.Op {
	case ast.Eq:
		return Equal(l, r), nil
	case ast.Ne:
		return !Equal(l, r), nil
	case ast.Match, ast.NoMatch:
		// As Puppet: a type or version range is an instance test;
		// anything else must make a regexp, and then the left a String.
		switch p := r.(type) {
		case *Type, Ref, *SemVerRange:
		case string, *Regexp:
			if src, isStr := p.(string); isStr {
				if _, err := c.regexp(src); err != nil {
					msg, known := rubyRegexpError(err)
					if known {
						msg += ": /" + src + "/"
					} else {
						msg = err.Error()
					}
					return nil, errAt(s.rng(x.Right), "Can not convert right match operand to a regular expression. Caused by '%s'.", msg)
				}
			}
			if _, isStr := l.(string); !isStr {
				tn := typeName(l)
				switch l.(type) {
				case nil:
					tn = "Undef Value"
				case Default:
					tn = "Object"
				}
				return nil, errAt(s.rng(x.Left), "Left match operand must result in a String value. Got %s %s.", article(tn), tn)
			}
		default:
			cls := rubyClass(r)
			switch r.(type) {
			case nil:
				cls = "nil"
			case bool:
				cls = ToS(r)
			}
			return nil, errAt(s.rng(x.Right), "Can not convert right match operand to a regular expression. Caused by 'no implicit conversion of %s into String'.", cls)
		}
		m, err := c.match(s, l, r, opRange)
		if err != nil {
			return nil, err
		}
		if x.Op == ast.NoMatch {
			return !m, nil
		}
		return m, nil
	case ast.In:
		return c.in(s, l, r), nil
	case ast.Lt, ast.Le, ast.Gt, ast.Ge:
		cmp, ok := compare(l, r)
		if !ok {
			if lt, isType := l.(*Type); isType {
				if rt, isType := r.(*Type); isType {
					return c.compareTypes(x.Op, lt, rt), nil
				}
			}
			return nil, errAt(opRange, "Comparison of: %s %s %s, is not possible. Caused by '%s'.", compareLabel(l), x.Op, compareLabel(r), compareCause(l))
		}
		switch x.Op {
		case ast.Lt:
			return cmp < 0, nil
		case ast.Le:
			return cmp <= 0, nil
		case ast.Gt:
			return cmp > 0, nil
		}
		return cmp >= 0, nil
	}
	return c.arith(x.Op, l, r, opRange, s.rng(x.Left), s.rng(x.Right))
}

// compareLabel is how Puppet names an operand that cannot be compared.
func compareLabel(v Value) string {
	switch v.(type) {
	case nil:
		return "Undef Value"
	case *SemVer:
		return "Semver"
	case Default:
		return "Object"
	}
	return typeName(v)
}

// compareCause is Puppet's reason why the left operand cannot be
// compared with the right.
func compareCause(l Value) string {
	switch l.(type) {
	case string:
		return "A String is not comparable to a non String"
	case int64, float64:
		return "A Numeric is not comparable to non Numeric"
	case *SemVer:
		return "Versions not comparable to non Versions"
	case Default:
		return "Symbol not comparable to non Symbol"
	}
	return "Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable"
}

// compareTypes is < <= > >= on data types: whether one is a proper
// subtype (or a subtype) of the other.
func (c *Compiler) compareTypes(op ast.BinaryOp, l, r *Type) bool {
	same := l.String() == r.String()
	switch op {
	case ast.Lt:
		return !same && c.typeAssignable(r, l)
	case ast.Le:
		return same || c.typeAssignable(r, l)
	case ast.Gt:
		return !same && c.typeAssignable(l, r)
	}
	return same || c.typeAssignable(l, r)
}

// compare orders numbers and strings (case-insensitively).
func compare(a, b Value) (int, bool) {
	a, b = toNumberIfNum(a, b)
	switch x := a.(type) {
	case int64:
		switch y := b.(type) {
		case int64:
			return cmp3(float64(x), float64(y)), true
		case float64:
			return cmp3(float64(x), y), true
		}
	case float64:
		switch y := b.(type) {
		case int64:
			return cmp3(x, float64(y)), true
		case float64:
			return cmp3(x, y), true
		}
	case string:
		if y, ok := b.(string); ok {
			return strings.Compare(asciiFold(x), asciiFold(y)), true
		}
	case *SemVer:
		if y, ok := b.(*SemVer); ok {
			return compareSemVer(x, y), true
		}
	case Default:
		// default is only comparable to itself
		if _, ok := b.(Default); ok {
			return 0, true
		}
	case *Timestamp, *Timespan:
		if n, isNum := b.(int64); isNum {
			b = float64(n)
		}
		if f, isNum := b.(float64); isNum {
			// A time compares with a number of seconds.
			var ns int64
			if t, ok := a.(*Timestamp); ok {
				ns = t.T.UnixNano()
			} else {
				ns = a.(*Timespan).D
			}
			return cmp3(float64(ns)/1e9, f), true
		}
		return compareTime(a, b)
	}
	return 0, false
}

func toNumberIfNum(a, b Value) (Value, Value) {
	_, an := a.(string)
	_, bn := b.(string)
	if an && bn {
		return a, b
	}
	return a, b
}

func cmp3(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func (c *Compiler) match(s *Scope, l, r Value, at sourceRange) (bool, error) {
	switch p := r.(type) {
	case *Regexp:
		str, ok := l.(string)
		if !ok {
			return false, errAt(at, "Left operand of =~ must be a String, got %s", typeName(l))
		}
		m := p.Re.matchGroups(str)
		if m == nil {
			return false, nil
		}
		rs := s
		rs.match, rs.hasMatch = m, true
		return true, nil
	case string:
		re, err := c.regexp(p)
		if err != nil {
			return false, errAt(at, "Invalid regular expression: %v", err)
		}
		return c.match(s, l, &Regexp{Src: p, Re: re}, at)
	case *Type, Ref:
		return c.isInstance(p, l), nil
	case *SemVerRange:
		v, ok := l.(*SemVer)
		if !ok {
			if str, isStr := l.(string); isStr {
				v, ok = parseSemVer(str)
			}
		}
		return ok && p.Includes(v), nil
	}
	return false, errAt(at, "Right operand of =~ must be a Regexp, String or Type, got %s", typeName(r))
}

func (c *Compiler) in(s *Scope, l, r Value) bool {
	switch coll := r.(type) {
	case string:
		switch x := l.(type) {
		case string:
			return strings.Contains(strings.ToLower(coll), strings.ToLower(x))
		case *Regexp:
			return x.Re.MatchString(coll)
		}
		return false
	case []Value:
		for _, e := range coll {
			switch x := l.(type) {
			case *Regexp:
				if es, ok := e.(string); ok && x.Re.MatchString(es) {
					return true
				}
				continue
			case *Type:
				if c.isInstance(x, e) {
					return true
				}
				continue
			}
			if Equal(l, e) {
				return true
			}
		}
	case *Hash:
		return c.in(s, l, coll.keys)
	}
	return false
}

func (c *Compiler) evalAssign(s *Scope, x *ast.AssignExpr) (Value, error) {
	v, err := c.eval(s, x.Right)
	if err != nil {
		return nil, err
	}
	switch l := x.Left.(type) {
	case *ast.Variable:
		// Puppet reports a bad assignment at its =.
		at := operatorRange(s, x, x.Left, x.Right, "=")
		switch l.Name {
		case "facts", "trusted", "server_facts":
			return nil, errAt(at, "Attempt to assign to a reserved variable name: '$%s'", l.Name)
		}
		if strings.Contains(l.Name, "::") {
			return nil, errAt(at, "Cannot assign to a fully qualified variable '$%s'", l.Name)
		}
		if _, err := strconv.Atoi(l.Name); err == nil {
			return nil, errAt(at, "Cannot assign to a numeric match result variable '$%s'", l.Name)
		}
		if err := s.setVar(l.Name, v, at); err != nil {
			return nil, err
		}
	case *ast.ArrayExpr:
		// Puppet reports a bad multiple assignment at its =; a value
		// that is neither an Array nor a Hash is one value.
		at := operatorRange(s, x, x.Left, x.Right, "=")
		switch vv := v.(type) {
		case *Hash:
			for _, el := range l.Elems {
				vr, ok := el.(*ast.Variable)
				if !ok {
					continue
				}
				ev, found := vv.Get(vr.Name)
				if !found {
					return nil, errAt(at, "No value for required key '%s' in assignment to variables from hash", vr.Name)
				}
				if err := s.setVar(vr.Name, ev, s.rng(vr)); err != nil {
					return nil, err
				}
			}
		default:
			vals, isArray := v.([]Value)
			if !isArray {
				vals = []Value{v}
			}
			if len(vals) != len(l.Elems) {
				return nil, errAt(at, "Mismatched number of assignable entries and values, expected %d, got %d", len(l.Elems), len(vals))
			}
			for i, el := range l.Elems {
				vr, ok := el.(*ast.Variable)
				if !ok {
					continue
				}
				if err := s.setVar(vr.Name, vals[i], s.rng(vr)); err != nil {
					return nil, err
				}
			}
		}
	}
	return v, nil
}

func (c *Compiler) evalSelector(s *Scope, x *ast.SelectorExpr) (Value, error) {
	v, err := c.eval(s, x.X)
	if err != nil {
		return nil, err
	}
	var dflt *ast.SelectorEntry
	for _, en := range x.Entries {
		if _, ok := en.Match.(*ast.LiteralDefault); ok {
			dflt = en
			continue
		}
		es := c.newScope(ephemeralScope, s, s, s.file)
		ok, err := c.caseMatch(es, v, en.Match)
		if err != nil {
			return nil, err
		}
		if ok {
			return c.eval(es, en.Value)
		}
	}
	if dflt != nil {
		return c.eval(s, dflt.Value)
	}
	shown := ToS(v)
	switch v.(type) {
	case []Value, *Hash:
		// Puppet shows the value as Ruby writes it
		shown = rubyInspectData(v)
	}
	return nil, errAt(s.rng(x), "No matching entry for selector parameter with value '%s'", shown)
}

// caseMatch tests one case or selector option against v, setting match
// variables in s on a regexp match.
func (c *Compiler) caseMatch(s *Scope, v Value, opt ast.Expr) (bool, error) {
	if u, ok := opt.(*ast.UnaryExpr); ok && u.Op == ast.Splat {
		ov, err := c.eval(s, u.X)
		if err != nil {
			return false, err
		}
		for _, o := range unfold(ov) {
			if ok, err := c.caseMatchValue(s, v, o); ok || err != nil {
				return ok, err
			}
		}
		return false, nil
	}
	ov, err := c.eval(s, opt)
	if err != nil {
		return false, err
	}
	return c.caseMatchValue(s, v, ov)
}

func (c *Compiler) caseMatchValue(s *Scope, v, o Value) (bool, error) {
	switch p := o.(type) {
	case Default:
		return true, nil
	case *Regexp:
		str, ok := v.(string)
		if !ok {
			return false, nil
		}
		m := p.Re.matchGroups(str)
		if m == nil {
			return false, nil
		}
		s.match, s.hasMatch = m, true
		return true, nil
	case *Type:
		return c.isInstance(p, v), nil
	case Ref:
		if _, isRef := v.(Ref); !isRef {
			return false, nil
		}
		return c.isInstance(p, v), nil
	case []Value:
		if arr, ok := v.([]Value); ok && len(arr) == len(p) {
			for i := range p {
				if ok, _ := c.caseMatchValue(s, arr[i], p[i]); !ok {
					return false, nil
				}
			}
			return true, nil
		}
		return false, nil
	case *Hash:
		// Puppet: every key of the option matches the value's entry,
		// other keys of the value do not matter
		h, ok := v.(*Hash)
		if !ok {
			return false, nil
		}
		for i, k := range p.keys {
			hv, _ := h.Get(k)
			if ok, _ := c.caseMatchValue(s, hv, p.vals[i]); !ok {
				return false, nil
			}
		}
		return true, nil
	}
	return Equal(v, o), nil
}

func (c *Compiler) evalCase(s *Scope, x *ast.CaseExpr) (Value, error) {
	v, err := c.eval(s, x.Subject)
	if err != nil {
		return nil, err
	}
	var dflt *ast.CaseOption
	for _, opt := range x.Options {
		for _, m := range opt.Values {
			if _, ok := m.(*ast.LiteralDefault); ok {
				dflt = opt
				continue
			}
			es := c.newScope(ephemeralScope, s, s, s.file)
			ok, err := c.caseMatch(es, v, m)
			if err != nil {
				return nil, err
			}
			if ok {
				return c.evalBlock(es, opt.Body)
			}
		}
	}
	if dflt != nil {
		return c.evalBlock(s, dflt.Body)
	}
	return nil, nil
}

// resolveTypeName evaluates a capitalized name: a data type, a type alias
// or a resource type.
func (c *Compiler) resolveTypeName(s *Scope, x *ast.QualifiedReference) (Value, error) {
	name := strings.TrimPrefix(x.Name, "::")
	if dataTypeNames[name] {
		return &Type{Name: name}, nil
	}
	switch name {
	case "Class":
		return Ref{Type: "Class"}, nil
	case "Resource":
		return Ref{Type: "Resource"}, nil
	}
	if v, ok := c.typeRefs[name]; ok {
		return v, nil
	}
	if v, ok, err := c.resolveAlias(name); ok || err != nil {
		return v, err
	}
	// Not an alias: the reference is made once per name, and kept
	// until an alias is defined.
	var v Value = Ref{Type: catalog.CanonicalType(name)}
	c.typeRefs[name] = v
	return v, nil
}

// resolveAlias resolves a type alias from the manifests or modules.
func (c *Compiler) resolveAlias(name string) (Value, bool, error) {
	key := strings.ToLower(name)
	if v, ok := c.resolved[key]; ok {
		return v, true, nil
	}
	a, ok := c.aliases[key]
	if !ok {
		c.autoload(key, "types")
		a, ok = c.aliases[key]
		if !ok {
			return nil, false, nil
		}
	}
	// Guard against self-reference while resolving.
	c.resolved[key] = &Type{Name: "Any"}
	s := c.newScope(topScope, nil, nil, a.file)
	s.c = c
	v, err := c.evalType(s, a.def.Type)
	if err != nil {
		delete(c.resolved, key)
		return nil, true, err
	}
	c.resolved[key] = v
	if t, ok := v.(*Type); ok {
		// Puppet names an alias as its declaration spells it
		// (Stdlib::IP::Address).
		c.aliasNames[t] = strings.TrimPrefix(a.def.Name, "::")
	}
	return v, true, nil
}

// evalType evaluates an expression that must denote a type.
func (c *Compiler) evalType(s *Scope, e ast.Expr) (Value, error) {
	v, err := c.eval(s, e)
	if err != nil {
		return nil, err
	}
	switch v.(type) {
	case *Type, Ref:
		return v, nil
	case string:
		return &Type{Name: "Enum", Params: []Value{v}}, nil
	}
	return nil, errAt(s.rng(e), "The expression <%s> is not a valid type specification.", ToS(v))
}

func (c *Compiler) evalAccess(s *Scope, x *ast.AccessExpr) (Value, error) {
	v, err := c.eval(s, x.X)
	if err != nil {
		return nil, err
	}
	var keys []Value
	for _, k := range x.Keys {
		if he, ok := k.(*ast.HashEntry); ok {
			h := NewHash()
			kv, err := c.eval(s, he.Key)
			if err != nil {
				return nil, err
			}
			vv, err := c.eval(s, he.Value)
			if err != nil {
				return nil, err
			}
			h.Set(kv, vv)
			keys = append(keys, h)
			continue
		}
		kv, err := c.eval(s, k)
		if err != nil {
			return nil, err
		}
		keys = append(keys, kv)
	}
	rng := s.rng(x)
	switch t := v.(type) {
	case []Value:
		if len(keys) > 2 {
			return nil, errAt(s.rng(x.X), "Array supports [] with one or two arguments. Got %d", len(keys))
		}
		for i := 0; i < len(keys) && i < len(x.Keys) && i < 2; i++ {
			// Puppet takes a numeric string as its number, with a
			// warning, and reports an index that is no Integer where
			// it is written.
			at := s.rng(x.Keys[i])
			if str, isStr := keys[i].(string); isStr {
				if n := toNumber(str); n != nil {
					if _, isNum := n.(string); !isNum {
						c.logf("warning", "The string '%s' was automatically coerced to the numerical value %s %s", str, ToS(n), (&Error{Where: at}).Location())
						keys[i] = n
					}
				}
			}
			switch keys[i].(type) {
			case int64:
			case float64:
				return nil, errAt(at, "An Array[] cannot use Float where Integer is expected")
			default:
				return accessArray(t, keys[i:], at)
			}
		}
		return accessArray(t, keys, rng)
	case string:
		if len(keys) > 2 {
			return nil, errAt(s.rng(x.X), "String supports [] with one or two arguments. Got %d", len(keys))
		}
		for i := 0; i < len(keys) && i < len(x.Keys) && i < 2; i++ {
			// Puppet takes a numeric string as its number.
			if str, isStr := keys[i].(string); isStr {
				if n, err := strconv.ParseInt(strings.TrimSpace(str), 0, 64); err == nil {
					keys[i] = n
				}
			}
			if _, isInt := keys[i].(int64); !isInt {
				got := rubyClass(keys[i])
				if keys[i] == nil {
					got = "Undef"
				}
				return nil, errAt(s.rng(x.Keys[i]), "A substring operation does not accept %s %s as a character index. Expected an Integer", article(got), got)
			}
		}
		return accessString(t, keys, rng)
	case *Hash:
		if len(keys) == 1 {
			r, _ := t.Get(keys[0])
			return r, nil
		}
		var out []Value
		for _, k := range keys {
			if r, ok := t.Get(k); ok {
				out = append(out, r)
			}
		}
		return out, nil
	case *Type:
		if t.Name == "String" && len(t.Params) == 0 {
			for i, k := range keys {
				switch k.(type) {
				case int64, Default:
					continue
				}
				if i < len(x.Keys) {
					return nil, errAt(s.rng(x.Keys[i]), "A Type's size constraint arguments must be a single Integer type, or 1-2 integers (or default). Got %s %s", article(typeName(k)), typeName(k))
				}
			}
		}
		if err := typeAccessError(s, x, t, keys, rng); err != nil {
			return nil, err
		}
		return c.parameterize(s, t, keys, rng)
	case Ref:
		if t.Title == "" && !c.knownResourceType(t.Type) && !c.externalRefs(t.Type, keys) {
			return nil, errAt(s.rng(x.X), "Resource type not found: %s", t.Type)
		}
		return c.refAccess(t, keys, rng, func(i int) sourceRange {
			if i >= len(x.Keys) {
				i = len(x.Keys) - 1
			}
			if i < 0 {
				return rng
			}
			return s.rng(x.Keys[i])
		})
	case nil:
		return nil, errAt(rng, "Operator '[]' is not applicable to an Undef Value.")
	}
	return nil, errAt(rng, "Operator '[]' is not applicable to %s %s.", article(typeName(v)), typeName(v))
}

func accessArray(a []Value, keys []Value, rng sourceRange) (Value, error) {
	if len(keys) == 0 {
		return nil, errAt(rng, "Array access needs an index")
	}
	i, ok := keys[0].(int64)
	if !ok {
		return nil, errAt(rng, "The value '%s' cannot be converted to Numeric.", ToS(keys[0]))
	}
	n := int64(len(a))
	if len(keys) == 1 {
		if i < 0 {
			i += n
		}
		if i < 0 || i >= n {
			return nil, nil
		}
		return a[i], nil
	}
	// Puppet's slice [from, count]: a negative from counts from the end,
	// a negative count leaves that many less one at the end, and a from
	// before the start shortens the count by as much.
	cnt, _ := keys[1].(int64)
	if i < 0 {
		i += n
	}
	if cnt < 0 {
		cnt = n - i + cnt + 1
	}
	if i < 0 {
		cnt += i
		i = 0
	}
	if i > n || cnt < 0 {
		return []Value{}, nil
	}
	end := i + cnt
	if end > n {
		end = n
	}
	return append([]Value(nil), a[i:end]...), nil
}

func accessString(str string, keys []Value, rng sourceRange) (Value, error) {
	rs := []rune(str)
	arr := make([]Value, len(rs))
	for i, r := range rs {
		arr[i] = string(r)
	}
	v, err := accessArray(arr, keys, rng)
	if err != nil {
		return nil, err
	}
	switch x := v.(type) {
	case nil:
		// Puppet: an index out of range gives an empty string.
		return "", nil
	case []Value:
		var b strings.Builder
		for _, e := range x {
			b.WriteString(e.(string))
		}
		return b.String(), nil
	}
	return v, nil
}

// typeAccessError is Puppet's error for parameters a collection or
// range type cannot take: Array[2], Hash[String], Integer[2, 1].
func typeAccessError(s *Scope, x *ast.AccessExpr, t *Type, keys []Value, rng sourceRange) error {
	isType := func(v Value) bool {
		switch v.(type) {
		case *Type, Ref:
			return true
		}
		return false
	}
	keyRange := func(i int) sourceRange {
		if i < len(x.Keys) {
			return s.rng(x.Keys[i])
		}
		return rng
	}
	specialization := func(i int, v Value, expected string) error {
		return errAt(keyRange(i), "Error creating type specialization of %s %s-Type, Cannot use %s where %s is expected", article(t.Name), t.Name, rubyClass(v), expected)
	}
	var size []Value
	switch t.Name {
	case "Optional":
		if len(keys) != 1 {
			return errAt(rng, "Optional-Type[] accepts 1 argument. Got %d", len(keys))
		}
	case "NotUndef":
		if len(keys) == 1 && !isType(keys[0]) {
			if _, isStr := keys[0].(string); !isStr {
				return errAt(keyRange(0), "NotUndef-Type[] argument must be a Type or a String. Got %s", rubyClass(keys[0]))
			}
		}
	case "Struct":
		if len(keys) == 1 {
			if _, isHash := keys[0].(*Hash); !isHash {
				return specialization(0, keys[0], "Hash")
			}
		}
	case "Enum", "Pattern", "Variant":
		for i, k := range keys {
			for _, e := range flatten([]Value{k}) {
				switch e.(type) {
				case string:
					if t.Name != "Variant" {
						continue
					}
				case *Regexp:
					if t.Name == "Pattern" {
						continue
					}
				case *Type, Ref:
					if t.Name != "Enum" {
						continue
					}
				case bool:
					// Enum[..., true] is case-insensitive
					if t.Name == "Enum" && i == len(keys)-1 {
						continue
					}
				}
				switch t.Name {
				case "Enum":
					return specialization(i, e, "String")
				case "Pattern":
					return specialization(i, e, "String or Regexp or Pattern-Type or Regexp-Type")
				}
				return specialization(i, e, "Any-Type")
			}
		}
	case "Integer", "Float":
		if len(keys) > 2 {
			return errAt(rng, "%s-Type supports [] with one or two arguments (from, to). Got %d", t.Name, len(keys))
		}
		for i, k := range keys {
			switch k.(type) {
			case int64, Default:
				continue
			case float64:
				if t.Name == "Float" {
					continue
				}
			}
			if t.Name == "Float" {
				return errAt(keyRange(i), "Float-Type [] requires all arguments to be floats, or integers (or default). Got %s", rubyClass(k))
			}
			return errAt(keyRange(i), "Integer-Type [] requires all arguments to be integers (or default). Got %s", rubyClass(k))
		}
		size = keys
	case "String", "Collection":
		size = keys
	case "Array":
		switch {
		case len(keys) == 1 && !isType(keys[0]), len(keys) == 3 && !isType(keys[0]):
			return errAt(keyRange(0), "Array-Type[] arguments must be types. Got %s", rubyClass(keys[0]))
		case len(keys) > 0 && isType(keys[0]):
			size = keys[1:]
		default:
			size = keys
		}
	case "Hash":
		if len(keys) == 2 && isInt(keys[0]) && isInt(keys[1]) {
			size = keys
			break
		}
		for i := 0; i < 2 && i < len(keys); i++ {
			if !isType(keys[i]) {
				return errAt(keyRange(i), "Hash-Type[] arguments must be types. Got %s", rubyClass(keys[i]))
			}
		}
		if len(keys) < 2 || len(keys) > 4 {
			return errAt(rng, "Hash-Type[] accepts 2 to 4 arguments. Got %d", len(keys))
		}
		if len(keys) == 4 {
			size = keys[2:]
		}
	}
	if len(size) == 2 {
		from, ok1 := size[0].(int64)
		to, ok2 := size[1].(int64)
		if ok1 && ok2 && from > to {
			// Puppet's text, without its closing parenthesis
			return errAt(rng, "Error while evaluating a '[]' expression, 'from' must be less or equal to 'to'. Got (%d, %d", from, to)
		}
	}
	return nil
}

func isInt(v Value) bool {
	_, ok := v.(int64)
	return ok
}

// rubyInspectData writes a value as Ruby's inspect does: ["a", 1],
// {"a"=>nil}.
func rubyInspectData(v Value) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case string:
		return strconv.Quote(x)
	case []Value:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = rubyInspectData(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case *Hash:
		parts := make([]string, len(x.keys))
		for i, k := range x.keys {
			parts[i] = rubyInspectData(k) + "=>" + rubyInspectData(x.vals[i])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return ToS(v)
}

// rubyClass is the class name Puppet shows for a value in some errors.
func rubyClass(v Value) string {
	switch x := v.(type) {
	case nil:
		return "NilClass"
	case bool:
		if x {
			return "TrueClass"
		}
		return "FalseClass"
	case Default:
		return "Symbol"
	}
	return typeName(v)
}

func (c *Compiler) parameterize(s *Scope, t *Type, keys []Value, rng sourceRange) (Value, error) {
	// Puppet gives a parameterized type new parameters, as if the
	// first were not there: Integer[1, 2][1] is Integer[1].
	params := make([]Value, len(keys))
	copy(params, keys)
	switch t.Name {
	case "Enum", "Variant", "Pattern":
		// Enum[$list] is Enum[a, b, ...].
		params = flatten(params)
	}
	for i, p := range params {
		if _, ok := p.(Default); ok && (t.Name == "Integer" || t.Name == "String" || t.Name == "Array" || t.Name == "Hash") {
			if i == 0 && t.Name == "Integer" {
				params[i] = int64(math.MinInt64)
			} else {
				params[i] = int64(math.MaxInt64)
			}
		}
	}
	switch t.Name {
	case "Integer":
		// Integer[default, default] is Integer
		if lo, hi := intRange(params, -1); lo == math.MinInt64 && hi == math.MaxInt64 {
			return &Type{Name: t.Name}, nil
		}
	case "Float":
		// Puppet keeps a Float's bounds as floats: Float[1] is Float[1.0].
		for i, p := range params {
			if n, ok := p.(int64); ok {
				params[i] = float64(n)
			}
		}
	case "Regexp":
		// Regexp['a'] is Regexp[/a/]
		if len(params) == 1 {
			if src, ok := params[0].(string); ok {
				re, err := c.regexp(src)
				if err != nil {
					return nil, errAt(rng, "Invalid regular expression: %v", err)
				}
				params[0] = &Regexp{Src: src, Re: re}
			}
		}
	case "Variant":
		// a Variant of one type is that type
		if len(params) == 1 {
			if only, ok := params[0].(*Type); ok {
				return only, nil
			}
		}
	}
	return &Type{Name: t.Name, Params: params}, nil
}

// knownResourceType reports whether typ (canonical) names a resource
// type: Class, Resource, Node, a built-in or module type, or a defined
// type (which may be loaded from a module now).
func (c *Compiler) knownResourceType(typ string) bool {
	switch typ {
	case "Class", "Resource", "Node":
		return true
	}
	// A type known stays known: the answer is kept for the references
	// to come.
	if c.knownTypes[typ] {
		return true
	}
	name := strings.ToLower(typ)
	if _, ok := c.types.Lookup(name); ok {
		c.knownTypes[typ] = true
		return true
	}
	if c.findDefine(name) != nil {
		c.knownTypes[typ] = true
		return true
	}
	return false
}

// refAccess makes references: Notify['a'], Class['x'], Resource['file', 'a'].
// externalRefs reports whether the references are to another
// language's resources applied in the same run (Options.External): a
// Salt state type, whose missing states are reported as missing
// relationship targets.
func (c *Compiler) externalRefs(typ string, titles []Value) bool {
	if c.opts.External == nil || len(titles) == 0 {
		return false
	}
	if strings.HasPrefix(typ, "Salt::") {
		return true
	}
	for _, t := range flatten(titles) {
		title, ok := t.(string)
		if !ok || !c.opts.External(typ, title) {
			return false
		}
	}
	return true
}

func (c *Compiler) refAccess(t Ref, keys []Value, rng sourceRange, keyRng func(int) sourceRange) (Value, error) {
	if t.Title != "" {
		return c.attributeAccess(t, keys, rng)
	}
	typ := t.Type
	if typ == "Resource" {
		if len(keys) == 0 {
			return nil, errAt(rng, "Resource[] requires a type")
		}
		switch k := keys[0].(type) {
		case string:
			typ = catalog.CanonicalType(k)
		case Ref:
			typ = k.Type
		default:
			return nil, errAt(rng, "Resource[] requires a type name")
		}
		keys = keys[1:]
		if len(keys) == 0 {
			return Ref{Type: typ}, nil
		}
	}
	if len(keys) == 1 && typ != "Class" {
		// One title, as nearly every reference has: no list made.
		if title, ok := keys[0].(string); ok {
			return Ref{Type: typ, Title: title, EmptyTitle: title == ""}, nil
		}
	}
	// As Puppet: several titles, or an array of them, make an array;
	// undef titles are dropped.
	many := len(keys) > 1
	if len(keys) > 0 {
		_, many = keys[0].([]Value)
		many = many || len(keys) > 1
	}
	var titles []Value
	for _, k := range flatten(keys) {
		if k != nil {
			titles = append(titles, k)
		}
	}
	if len(titles) == 0 && len(keys) > 0 {
		if many {
			return []Value{}, nil
		}
		return nil, nil
	}
	at := func(i int) sourceRange {
		if keyRng == nil {
			return rng
		}
		return keyRng(i)
	}
	var out []Value
	for i, k := range titles {
		title := ToS(k)
		if r, ok := k.(Ref); ok && typ == "Class" {
			title = r.Title
		} else if typ == "Class" {
			name := strings.TrimPrefix(strings.ToLower(title), "::")
			if _, str := k.(string); str && !className.MatchString(name) {
				return nil, errAt(at(i), "Illegal name. The given name '%s' does not conform to the naming rule /^((::)?[a-z_]\\w*)(::[a-z]\\w*)*$/", title)
			}
		} else if _, str := k.(string); !str {
			// Puppet blames the key at i, or at i+1 when undef or
			// nested titles changed their count
			idx := i
			if len(keys) != len(titles) {
				idx++
			}
			return nil, errAt(at(idx), "Error creating type specialization of a %s-Type, Cannot use %s where a resource title String is expected", typ, generalizedType(k))
		}
		if typ == "Class" {
			title = catalog.CanonicalType(strings.TrimPrefix(title, "::"))
		}
		out = append(out, Ref{Type: typ, Title: title, EmptyTitle: title == ""})
	}
	if len(out) == 1 && !many {
		return out[0], nil
	}
	return out, nil
}

// className is Puppet's rule for a class name (Patterns::NAME).
var className = lazyre.New(`^((::)?[a-z_]\w*)(::[a-z]\w*)*$`)

// arithmetic

// arith is the arithmetic operators; rng is the operator's range, lrng
// and rrng the operands', where Puppet reports what is wrong with one.
func (c *Compiler) arith(op ast.BinaryOp, l, r Value, rng, lrng, rrng sourceRange) (Value, error) {
	if v, ok, err := timeArith(op, l, r); ok {
		if err != nil {
			return nil, errAt(rng, "%s", err.Error())
		}
		return v, nil
	}
	switch op {
	case ast.Add:
		switch x := l.(type) {
		case []Value:
			switch y := r.(type) {
			case []Value:
				return append(append([]Value(nil), x...), y...), nil
			case *Hash:
				out := append([]Value(nil), x...)
				for i, k := range y.keys {
					out = append(out, []Value{k, y.vals[i]})
				}
				return out, nil
			}
			return append(append([]Value(nil), x...), r), nil
		case *Hash:
			out := x.Copy()
			switch y := r.(type) {
			case *Hash:
				for i, k := range y.keys {
					out.Set(k, y.vals[i])
				}
				return out, nil
			case []Value:
				pairs := true
				for _, e := range y {
					if p, ok := e.([]Value); !ok || len(p) != 2 {
						pairs = false
						break
					}
				}
				if pairs {
					for _, e := range y {
						p := e.([]Value)
						out.Set(p[0], p[1])
					}
					return out, nil
				}
				if len(y)%2 != 0 {
					return nil, errAt(rng, "Error while evaluating a '+' expression, odd number of arguments for Hash")
				}
				for i := 0; i+1 < len(y); i += 2 {
					out.Set(y[i], y[i+1])
				}
				return out, nil
			}
			return nil, errAt(rng, "Error while evaluating a '+' expression, Can only append Array or Hash to a Hash")
		}
	case ast.Sub:
		switch x := l.(type) {
		case []Value:
			var out []Value
			rem := flatten(r)
			if _, ok := r.([]Value); !ok {
				rem = []Value{r}
			}
		outer:
			for _, e := range x {
				for _, d := range rem {
					if Equal(e, d) {
						continue outer
					}
				}
				out = append(out, e)
			}
			if out == nil {
				out = []Value{}
			}
			return out, nil
		case *Hash:
			out := x.Copy()
			switch y := r.(type) {
			case *Hash:
				for _, k := range y.keys {
					out.Delete(k)
				}
			case []Value:
				for _, k := range y {
					out.Delete(k)
				}
			default:
				out.Delete(r)
			}
			return out, nil
		}
	case ast.LShift:
		if x, ok := l.([]Value); ok {
			return append(append([]Value(nil), x...), r), nil
		}
	}
	if _, isHash := l.(*Hash); isHash && op == ast.LShift {
		return nil, errAt(lrng, "Operator '<<' is not applicable to a Hash.")
	}
	// Puppet coerces the left operand, then the right.
	ln, ok := coerceNumeric(l)
	if !ok {
		return nil, notNumeric(l, lrng)
	}
	rn, ok := coerceNumeric(r)
	if !ok {
		return nil, notNumeric(r, rrng)
	}
	return numericArith(op, ln, rn, rng, lrng, rrng)
}

var _ = fmt.Sprint

// attributeAccess is File['x']['mode']: the values of a declared
// resource's attributes, as Puppet gives them (undef for one not set).
func (c *Compiler) attributeAccess(t Ref, keys []Value, rng sourceRange) (Value, error) {
	many := len(keys) > 1
	if len(keys) == 1 {
		_, many = keys[0].([]Value)
	}
	var names []Value
	for _, k := range flatten(keys) {
		if k != nil {
			names = append(names, k)
		}
	}
	if len(names) == 0 {
		if many {
			return []Value{}, nil
		}
		return nil, nil
	}
	title := t.Title
	if t.Type == "Class" {
		title = strings.ToLower(title) // Puppet's class names
	}
	r := c.findResource(t)
	if r == nil {
		return nil, errAt(rng, "Resource not found: %s['%s']", t.Type, title)
	}
	out := make([]Value, 0, len(names))
	for _, k := range names {
		name, ok := k.(string)
		if !ok || c.checkAttr(r, name) != nil {
			return nil, errAt(rng, "The resource %s['%s'] does not have a parameter called '%v'", t.Type, title, k)
		}
		v, _ := r.get(name)
		out = append(out, v)
	}
	if many {
		return out, nil
	}
	return out[0], nil
}
