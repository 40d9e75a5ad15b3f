package parser

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
	"sort"
	"strings"

	"github.com/ordoproject/ordo/internal/diag"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/puppet/ast"
	"github.com/ordoproject/ordo/internal/source"
)

// Validate checks a program that parsed for the static mistakes Puppet's
// validator reports before evaluation: assignments to things that are not
// variables, reserved words used as values, definitions nested where they
// cannot be, values produced and forgotten, duplicate parameters, keys and
// defaults, and '+>' or '@' where they do not apply. It uses Puppet's
// wording.
func Validate(prog *ast.Program) diag.List {
	v := &validator{file: prog.File}
	v.block(prog.Body)
	body := prog.Body
	// The top-level statements are checked each on its own: a large
	// manifest's second half is checked on another goroutine, its
	// reports put after the first half's, in the order they would have
	// come in.
	if k := splitBody(body, prog.To); k > 0 && runtime.GOMAXPROCS(0) > 1 {
		second := &validator{file: prog.File}
		done := make(chan struct{})
		go func() {
			defer close(done)
			second.statements(body[k:])
		}()
		v.statements(body[:k])
		<-done
		v.diags = append(v.diags, second.diags...)
	} else {
		v.statements(body)
	}
	v.params(prog.EPPParams)
	return v.diags
}

// splitValidate is the size of source, in bytes, from which Validate
// checks the second half of the top-level statements on another
// goroutine.
const splitValidate = 64 << 10

// splitBody returns the index of the first top-level statement that
// starts after the middle of a program ending at end, for a program of
// splitValidate bytes or more; 0 otherwise.
func splitBody(body []ast.Expr, end source.Pos) int {
	if end < splitValidate || len(body) < 2 {
		return 0
	}
	mid := end / 2
	k := sort.Search(len(body), func(i int) bool { return body[i] != nil && body[i].Pos() >= mid })
	if k >= len(body) {
		return 0
	}
	return k
}

// statements checks top-level statements.
func (v *validator) statements(body []ast.Expr) {
	// The chain of parents is appended to in place down the tree, so
	// that a visit allocates only beyond this depth.
	parents := make([]ast.Node, 0, 64)
	for _, e := range body {
		v.visit(e, parents)
	}
}

type validator struct {
	file  *source.File
	diags diag.List
}

func (v *validator) report(code diag.Code, sev diag.Severity, n ast.Node, format string, args ...any) {
	if n == nil {
		return
	}
	v.diags = append(v.diags, &diag.Diagnostic{Severity: sev, Code: code, Summary: fmt.Sprintf(format, args...),
		Subject: source.Range{File: v.file, Start: n.Pos(), End: n.End()}})
}

// arrowOf is the offset of the "=>" of a hash entry, or of its key when
// the source does not show one between key and value.
func (v *validator) arrowOf(e *ast.HashEntry) source.Pos {
	from, to := int(e.Key.End()), int(e.Value.Pos())
	if v.file != nil && from <= to && to <= len(v.file.Content) {
		if k := bytes.Index(v.file.Content[from:to], []byte("=>")); k >= 0 {
			return source.Pos(from + k)
		}
	}
	return e.Pos()
}

// visit checks n and its children; parents lists n's ancestors, innermost
// last, for the checks that depend on where a node is.
func (v *validator) visit(n ast.Node, parents []ast.Node) {
	switch n := n.(type) {
	case *ast.AssignExpr:
		v.assignable(n.Left)
		v.rvalue(n.Right)
	case *ast.CallNamedFunction:
		for _, a := range n.Args {
			v.rvalue(a)
		}
	case *ast.CallMethod:
		for _, a := range n.Args {
			v.rvalue(a)
		}
	case *ast.Heredoc:
		if lit, ok := n.Text.(*ast.LiteralString); ok && n.Syntax == "json" && !json.Valid([]byte(lit.Value)) {
			var x any
			err := json.Unmarshal([]byte(lit.Value), &x)
			v.report(diag.IllegalOperation, diag.Error, n.Text, "Invalid produced text having syntax: 'json'. JSON syntax checker: Cannot parse invalid JSON string. %v", err)
		}
	case *ast.ReservedWord:
		v.report(diag.ReservedWord, diag.Error, n, "Use of reserved word: %s, must be quoted if intended to be a String value", n.Word)
	case *ast.ClassDef, *ast.DefineDef, *ast.NodeDef:
		v.topLevel(n, parents, false)
	case *ast.FunctionDef, *ast.TypeAlias:
		v.topLevel(n, parents, true)
	case *ast.ResourceExpr:
		for _, b := range n.Bodies {
			unfolded := false
			for _, op := range b.Ops {
				if op.Op == ast.AttrAppend {
					v.report(diag.IllegalOperation, diag.Error, op, "Illegal +> operation on attribute %s. This operator can not be used in %s", op.Name, ast.AnLabel(b))
				}
				if op.Op == ast.AttrSplat {
					if unfolded {
						v.report(diag.Duplicate, diag.Error, op, "Unfolding of attributes from Hash can only be used once per resource body")
					}
					unfolded = true
				}
			}
		}
		if q, ok := n.TypeName.(*ast.QualifiedName); ok && q.Name == "class" && n.Form != ast.Regular {
			v.report(diag.IllegalOperation, diag.Error, n, "Classes are not virtualizable")
		}
	case *ast.ResourceDefaultsExpr:
		for _, op := range n.Ops {
			if op.Op == ast.AttrAppend {
				v.report(diag.IllegalOperation, diag.Error, op, "Illegal +> operation on attribute %s. This operator can not be used in %s", op.Name, ast.AnLabel(n))
			}
		}
	case *ast.CaseExpr:
		seen := false
		for _, o := range n.Options {
			for _, val := range o.Values {
				if _, ok := val.(*ast.LiteralDefault); ok {
					if seen {
						v.report(diag.Duplicate, diag.Error, val, "This %s already has a 'default' entry - this is a duplicate", ast.Label(n))
					}
					seen = true
				}
			}
			v.block(o.Body)
		}
	case *ast.CollectExpr:
		if _, ok := n.TypeName.(*ast.QualifiedReference); !ok {
			v.report(diag.IllegalOperation, diag.Error, n.TypeName, "Illegal expression. %s is unacceptable as type name in %s", capitalize(ast.AnLabel(n.TypeName)), ast.AnLabel(n))
		}
	case *ast.SelectorExpr:
		seen := false
		for _, e := range n.Entries {
			if _, ok := e.Match.(*ast.LiteralDefault); ok {
				if seen {
					v.report(diag.Duplicate, diag.Error, e.Match, "This %s already has a 'default' entry - this is a duplicate", ast.Label(n))
				}
				seen = true
			}
		}
	case *ast.HashExpr:
		keys := map[string]bool{}
		for _, e := range n.Entries {
			key, literal := "", false
			switch k := e.Key.(type) {
			case *ast.LiteralString:
				key, literal = k.Value, true
			case *ast.QualifiedName:
				// a bare word is a string key too
				key, literal = k.Name, true
			}
			if literal {
				if keys[key] {
					// Puppet places the entry at its "=>".
					at := v.arrowOf(e)
					v.diags = append(v.diags, &diag.Diagnostic{Severity: diag.Warning, Code: diag.Duplicate,
						Summary: fmt.Sprintf("The key '%s' is declared more than once", key),
						Subject: source.Range{File: v.file, Start: at, End: at + 2}})
				}
				keys[key] = true
			}
		}
	}
	switch n := n.(type) {
	case *ast.ClassDef:
		v.definitionName(n, n.Name)
		v.params(n.Params)
		v.resourceParams(n, n.Params)
		v.block(n.Body)
		v.noIdemLast(n, n.Body)
	case *ast.DefineDef:
		v.definitionName(n, n.Name)
		v.params(n.Params)
		v.resourceParams(n, n.Params)
		v.block(n.Body)
		v.noIdemLast(n, n.Body)
	case *ast.FunctionDef:
		v.definitionName(n, n.Name)
		v.params(n.Params)
		v.block(n.Body)
	case *ast.NodeDef:
		if n.Parent != nil {
			v.report(diag.Unsupported, diag.Error, n.Parent, "Node inheritance is not supported in Puppet >= 4.0.0. See http://links.puppet.com/puppet-node-inheritance-deprecation")
		}
		v.block(n.Body)
		v.noIdemLast(n, n.Body)
	case *ast.Lambda:
		v.params(n.Params)
		v.captureLast(n.Params)
		v.block(n.Body)
	case *ast.IfExpr:
		v.block(n.Then)
		v.block(n.Else)
	case *ast.UnlessExpr:
		v.block(n.Then)
		v.block(n.Else)
	case *ast.BlockExpr:
		v.block(n.Body)
	}
	parents = append(parents, n)
	ast.EachChild(n, func(c ast.Node) { v.visit(c, parents) })
}

// rvalue checks that e produces a value.
func (v *validator) rvalue(e ast.Expr) {
	switch x := e.(type) {
	case *ast.CollectExpr, *ast.ClassDef, *ast.DefineDef, *ast.NodeDef, *ast.FunctionDef, *ast.TypeAlias:
		v.report(diag.IllegalOperation, diag.Error, e, "Invalid use of expression. %s does not produce a value", capitalize(ast.AnLabel(e)))
	case *ast.UnaryExpr:
		v.rvalue(x.X)
	}
}

// definitionName checks the name of a class, define or function.
func (v *validator) definitionName(def ast.Node, name string) {
	if !definitionNameRE.MatchString(name) {
		v.report(diag.IllegalName, diag.Error, def, "Unacceptable name. The name '%s' is unacceptable as the name of %s", name, ast.AnLabel(def))
	} else if reservedTypeNames[name] {
		v.report(diag.IllegalName, diag.Error, def, "The name: '%s' is already defined by Puppet and can not be used as the name of %s.", name, ast.AnLabel(def))
	}
}

var definitionNameRE = lazyre.New(`^[a-z]\w*(?:::[a-z]\w*)*$`)

// reservedTypeNames are the lower-case names of Puppet's built-in types.
var reservedTypeNames = map[string]bool{
	"type": true, "any": true, "unit": true, "scalar": true, "boolean": true, "numeric": true,
	"integer": true, "float": true, "collection": true, "array": true, "hash": true, "tuple": true,
	"struct": true, "variant": true, "optional": true, "enum": true, "regexp": true, "pattern": true,
	"runtime": true, "init": true, "object": true, "sensitive": true, "semver": true,
	"semverrange": true, "string": true, "timestamp": true, "timespan": true, "typeset": true,
}

// resourceParams checks the parameters of a class or define: no *$rest,
// and no $name or $title, which every resource has.
func (v *validator) resourceParams(def ast.Node, ps []*ast.Parameter) {
	for _, p := range ps {
		if p.Splat {
			v.report(diag.IllegalOperation, diag.Error, v.paramVar(p), "Parameter $%s has 'captures rest' - not supported in %s", p.Name, ast.AnLabel(def))
		}
		if p.Name == "name" || p.Name == "title" {
			v.report(diag.IllegalName, diag.Error, v.paramVar(p), "The parameter $%s redefines a built in parameter in the %s", p.Name, ast.Label(def))
		}
	}
}

// puppetLocation is where Puppet reports a problem with e: binary
// expressions at their operator.
func puppetLocation(e ast.Expr) ast.Node {
	if b, ok := e.(*ast.BinaryExpr); ok {
		return &ast.Span{From: b.OpPos, To: b.OpPos + source.Pos(len(b.Op.String()))}
	}
	return e
}

// paramVar is the "$name" part of a parameter, where Puppet reports
// problems with it.
func (v *validator) paramVar(p *ast.Parameter) ast.Node {
	from := p.Pos()
	for int(from) < len(v.file.Content) && from < p.End() && v.file.Content[from] != '$' {
		from++
	}
	to := from + 1 + source.Pos(len(p.Name))
	if to > p.End() || from >= p.End() {
		return p
	}
	return &ast.Span{From: from, To: to}
}

// noIdemLast reports a class, define or node body that ends with a value
// that has no effect.
func (v *validator) noIdemLast(def ast.Node, body []ast.Expr) {
	if n := len(body); n > 0 && idem(body[n-1]) {
		v.report(diag.NoEffect, diag.Error, puppetLocation(body[n-1]), "This %s has no effect. %s can not end with a value-producing expression without other effect", ast.Label(body[n-1]), capitalize(ast.AnLabel(def)))
	}
}

// assignable checks the left side of '='.
func (v *validator) assignable(e ast.Expr) {
	switch e := e.(type) {
	case *ast.Variable:
		name := e.Name
		if name != "" && name[0] >= '0' && name[0] <= '9' {
			v.report(diag.IllegalAssignment, diag.Error, e, "Illegal attempt to assign to the numeric match result variable '$%s'. Numeric variables are not assignable", name)
		} else if strings.Contains(name, "::") {
			v.report(diag.IllegalAssignment, diag.Error, e, "Illegal attempt to assign to '%s'. Cannot assign to variables in other namespaces", name)
		}
	case *ast.ArrayExpr:
		for _, x := range e.Elems {
			v.assignable(x)
		}
	case *ast.AccessExpr:
		v.report(diag.IllegalAssignment, diag.Error, e, "Illegal attempt to assign via [index/key]. Not an assignable reference")
	default:
		v.report(diag.IllegalAssignment, diag.Error, e, "Illegal attempt to assign to '%s'. Not an assignable reference", ast.AnLabel(e))
	}
}

// topLevel checks that a definition sits at the top of a file or, for
// classes, defines and nodes, directly inside a class.
func (v *validator) topLevel(def ast.Node, parents []ast.Node, absolute bool) {
	if len(parents) == 0 {
		return
	}
	// Only the innermost parent matters.
	switch parents[len(parents)-1].(type) {
	case *ast.ClassDef:
		if absolute {
			v.report(diag.NotTopLevel, diag.Error, def, "%s may only appear at toplevel", capitalize(ast.AnLabel(def)))
		}
		return
	case *ast.Program:
		return
	}
	if absolute {
		v.report(diag.NotTopLevel, diag.Error, def, "%s may only appear at toplevel", capitalize(ast.AnLabel(def)))
	} else {
		v.report(diag.NotTopLevel, diag.Error, def, "Classes, definitions, and nodes may only appear at toplevel or inside other classes")
	}
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// params checks a parameter list for duplicates.
func (v *validator) params(ps []*ast.Parameter) {
	seen := map[string]bool{}
	for _, p := range ps {
		if seen[p.Name] {
			v.report(diag.Duplicate, diag.Error, v.paramVar(p), "The parameter '%s' is declared more than once in the parameter list", p.Name)
		}
		seen[p.Name] = true
	}
}

// captureLast checks that only a lambda's last parameter captures the rest.
func (v *validator) captureLast(ps []*ast.Parameter) {
	for i, p := range ps {
		if p.Splat && i != len(ps)-1 {
			v.report(diag.IllegalOperation, diag.Error, v.paramVar(p), "Parameter $%s is not last, and has 'captures rest'", p.Name)
		}
	}
}

// block reports the first statement before the last that produces a value
// and has no effect.
func (v *validator) block(body []ast.Expr) {
	for i := 0; i < len(body)-1; i++ {
		if idem(body[i]) {
			v.report(diag.NoEffect, diag.Error, puppetLocation(body[i]), "This %s has no effect. A value was produced and then forgotten (one or more preceding expressions may have the wrong form)", ast.Label(body[i]))
			return
		}
	}
}

// idem reports whether evaluating e can have no effect but its value.
func idem(e ast.Expr) bool {
	switch e := e.(type) {
	case nil:
		return true
	case *ast.LiteralString, *ast.LiteralInteger, *ast.LiteralFloat, *ast.LiteralBool, *ast.LiteralUndef,
		*ast.LiteralDefault, *ast.LiteralRegex, *ast.QualifiedName, *ast.QualifiedReference,
		*ast.ArrayExpr, *ast.HashExpr, *ast.AccessExpr, *ast.UnaryExpr, *ast.Variable,
		*ast.InterpolatedString, *ast.Heredoc, *ast.SelectorExpr:
		return true
	case *ast.BinaryExpr:
		return e.Op != ast.Match && e.Op != ast.NoMatch
	case *ast.ParenExpr:
		return idem(e.X)
	case *ast.BlockExpr:
		return allIdem(e.Body)
	case *ast.IfExpr:
		return idem(e.Cond) && allIdem(e.Then) && allIdem(e.Else)
	case *ast.UnlessExpr:
		return idem(e.Cond) && allIdem(e.Then) && allIdem(e.Else)
	case *ast.CaseExpr:
		if !idem(e.Subject) {
			return false
		}
		for _, o := range e.Options {
			if !allIdem(o.Values) || !allIdem(o.Body) {
				return false
			}
		}
		return true
	}
	return false
}

func allIdem(es []ast.Expr) bool {
	for _, e := range es {
		if !idem(e) {
			return false
		}
	}
	return true
}
