package ast

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// PuppetDump renders a program in the notation of `puppet parser dump`
// (and `puppet epp dump` for templates): the same S-expressions as Puppet 7
// prints, on one line, so that trees can be compared with Puppet's own once
// white space is ignored. Puppet's dumper leaves out a collector's attribute
// overrides, and so does this.
func PuppetDump(prog *Program) string {
	d := &puppetDumper{}
	if prog.EPP {
		items := append([]string{"lambda"}, d.params(prog.EPPParams)...)
		return d.list(append(items, d.list("epp", d.body(prog.Body, true)))...)
	}
	return d.body(prog.Body, false)
}

type puppetDumper struct{}

func (d *puppetDumper) list(items ...string) string {
	return "(" + strings.Join(items, " ") + ")"
}

// body renders a statement list: Puppet keeps a single statement as is
// unless the construct always makes a block (class, define, lambda, ...).
func (d *puppetDumper) body(es []Expr, alwaysBlock bool) string {
	switch {
	case len(es) == 0:
		if alwaysBlock {
			return "()"
		}
		return ":nop"
	case len(es) == 1 && !alwaysBlock:
		return d.stmt(es[0])
	}
	items := []string{"block"}
	for _, e := range es {
		items = append(items, d.stmt(e))
	}
	return d.list(items...)
}

// branch renders an if/unless/case body: nil when empty.
func (d *puppetDumper) branch(es []Expr) string {
	if len(es) == 0 {
		return "()"
	}
	return d.body(es, false)
}

// stmt renders a statement: calls in statement position are "invoke".
func (d *puppetDumper) stmt(e Expr) string {
	if c, ok := e.(*CallNamedFunction); ok {
		return d.call("invoke", c)
	}
	return d.expr(e)
}

func (d *puppetDumper) call(head string, c *CallNamedFunction) string {
	items := []string{head, d.expr(c.Func)}
	for _, a := range c.Args {
		items = append(items, d.expr(a))
	}
	if c.Lambda != nil {
		items = append(items, d.node(c.Lambda))
	}
	return d.list(items...)
}

func (d *puppetDumper) params(ps []*Parameter) []string {
	if len(ps) == 0 {
		return nil
	}
	items := []string{"parameters"}
	for _, p := range ps {
		items = append(items, d.node(p))
	}
	return []string{d.list(items...)}
}

func (d *puppetDumper) ops(items []string, ops []*AttributeOp) []string {
	for _, o := range ops {
		items = append(items, d.node(o))
	}
	return items
}

func rubyFloat(v float64) string {
	if v == 0 {
		return "0.0"
	}
	if a := math.Abs(v); a >= 1e-4 && a < 1e16 {
		s := strconv.FormatFloat(v, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	s := strconv.FormatFloat(v, 'e', -1, 64)
	mant, exp, _ := strings.Cut(s, "e")
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	return mant + "e" + exp
}

func (d *puppetDumper) expr(e Expr) string { return d.node(e) }

var binOpPuppet = map[BinaryOp]string{And: "&&", Or: "||"}

func (d *puppetDumper) node(n Node) string {
	switch n := n.(type) {
	case nil:
		return "()"
	case *LiteralString:
		return "'" + n.Value + "'"
	case *LiteralInteger:
		switch n.Radix {
		case 16:
			return fmt.Sprintf("0x%X", n.Value)
		case 8:
			return fmt.Sprintf("0%o", n.Value)
		}
		return strconv.FormatInt(n.Value, 10)
	case *LiteralFloat:
		return rubyFloat(n.Value)
	case *LiteralBool:
		return strconv.FormatBool(n.Value)
	case *LiteralUndef:
		return ":undef"
	case *LiteralDefault:
		return ":default"
	case *LiteralRegex:
		return "/" + n.Pattern + "/"
	case *InterpolatedString:
		items := []string{"cat"}
		for _, p := range n.Parts {
			items = append(items, d.node(p))
		}
		return d.list(items...)
	case *TextExpr:
		return d.list("str", d.node(n.Expr))
	case *Heredoc:
		return d.list("@("+n.Syntax+")", d.node(n.Text))
	case *QualifiedName:
		return n.Name
	case *QualifiedReference:
		return n.Name
	case *ReservedWord:
		return d.list("reserved", n.Word)
	case *Variable:
		return "$" + n.Name
	case *ArrayExpr:
		items := []string{"[]"}
		for _, x := range n.Elems {
			items = append(items, d.node(x))
		}
		return d.list(items...)
	case *HashEntry:
		return d.list(d.node(n.Key), d.node(n.Value))
	case *HashExpr:
		items := []string{"{}"}
		for _, x := range n.Entries {
			items = append(items, d.node(x))
		}
		return d.list(items...)
	case *UnaryExpr:
		op := map[UnaryOp]string{Not: "!", Neg: "-", Splat: "unfold"}[n.Op]
		return d.list(op, d.node(n.X))
	case *BinaryExpr:
		op, ok := binOpPuppet[n.Op]
		if !ok {
			op = n.Op.String()
		}
		return d.list(op, d.node(n.Left), d.node(n.Right))
	case *AssignExpr:
		return d.list("=", d.node(n.Left), d.node(n.Right))
	case *RelationshipExpr:
		return d.list(n.Op.String(), d.node(n.Left), d.node(n.Right))
	case *ParenExpr:
		return d.node(n.X)
	case *AccessExpr:
		if len(n.Keys) <= 1 {
			k := "()"
			if len(n.Keys) == 1 {
				k = d.node(n.Keys[0])
			}
			return d.list("slice", d.node(n.X), k)
		}
		var keys []string
		for _, k := range n.Keys {
			keys = append(keys, d.node(k))
		}
		return d.list("slice", d.node(n.X), d.list(keys...))
	case *SelectorEntry:
		return d.list(d.node(n.Match), "=>", d.node(n.Value))
	case *SelectorExpr:
		items := []string{"?", d.node(n.X)}
		for _, e := range n.Entries {
			items = append(items, d.node(e))
		}
		return d.list(items...)
	case *Parameter:
		name := n.Name
		if n.Splat {
			name = "*" + name
		}
		switch {
		case n.Default != nil && n.Type != nil:
			return d.list("=t", d.node(n.Type), name, d.node(n.Default))
		case n.Default != nil:
			return d.list("=", name, d.node(n.Default))
		case n.Type != nil:
			return d.list("t", d.node(n.Type), name)
		}
		return name
	case *Lambda:
		items := append([]string{"lambda"}, d.params(n.Params)...)
		if n.ReturnType != nil {
			items = append(items, d.list("return_type", d.node(n.ReturnType)))
		}
		return d.list(append(items, d.body(n.Body, true))...)
	case *CallNamedFunction:
		return d.call("call", n)
	case *CallMethod:
		items := []string{"call-method", d.list(".", d.node(n.Receiver), n.Name)}
		for _, a := range n.Args {
			items = append(items, d.node(a))
		}
		if n.Lambda != nil {
			items = append(items, d.node(n.Lambda))
		}
		return d.list(items...)
	case *IfExpr:
		items := []string{"if", d.node(n.Cond), d.list("then", d.branch(n.Then))}
		if len(n.Else) > 0 {
			items = append(items, d.list("else", d.branch(n.Else)))
		}
		return d.list(items...)
	case *UnlessExpr:
		items := []string{"unless", d.node(n.Cond), d.list("then", d.branch(n.Then))}
		if len(n.Else) > 0 {
			items = append(items, d.list("else", d.branch(n.Else)))
		}
		return d.list(items...)
	case *CaseOption:
		var vals []string
		for _, v := range n.Values {
			vals = append(vals, d.node(v))
		}
		return d.list("when", d.list(vals...), d.list("then", d.body(n.Body, true)))
	case *CaseExpr:
		items := []string{"case", d.node(n.Subject)}
		for _, o := range n.Options {
			items = append(items, d.node(o))
		}
		return d.list(items...)
	case *AttributeOp:
		switch n.Op {
		case AttrSplat:
			return d.list("* =>", d.node(n.Value))
		case AttrAppend:
			return d.list(n.Name, "+>", d.node(n.Value))
		}
		return d.list(n.Name, "=>", d.node(n.Value))
	case *ResourceBody:
		return d.list(d.ops([]string{d.node(n.Title)}, n.Ops)...)
	case *ResourceExpr:
		items := []string{puppetForm(n.Form) + "resource", d.node(n.TypeName)}
		for _, b := range n.Bodies {
			items = append(items, d.node(b))
		}
		return d.list(items...)
	case *ResourceDefaultsExpr:
		return d.list(d.ops([]string{puppetForm(n.Form) + "resource-defaults", d.node(n.TypeName)}, n.Ops)...)
	case *ResourceOverrideExpr:
		return d.list(d.ops([]string{puppetForm(n.Form) + "override", d.node(n.Resources)}, n.Ops)...)
	case *CollectExpr:
		q := []string{"<| |>"}
		if n.Exported {
			q = []string{"<<| |>>"}
		}
		if n.Query != nil {
			q = append(q, d.node(n.Query))
		}
		// Puppet's dumper never prints a collector's attribute overrides.
		return d.list("collect", d.node(n.TypeName), d.list(q...))
	case *ClassDef:
		items := []string{"class", n.Name}
		if n.Parent != "" {
			items = append(items, d.list("inherits", n.Parent))
		}
		items = append(items, d.params(n.Params)...)
		return d.list(append(items, d.body(n.Body, true))...)
	case *DefineDef:
		items := append([]string{"define", n.Name}, d.params(n.Params)...)
		return d.list(append(items, d.body(n.Body, true))...)
	case *NodeDef:
		m := []string{"matches"}
		for _, x := range n.Matches {
			m = append(m, d.node(x))
		}
		items := []string{"node", d.list(m...)}
		if n.Parent != nil {
			items = append(items, d.list("parent", d.node(n.Parent)))
		}
		return d.list(append(items, d.body(n.Body, true))...)
	case *FunctionDef:
		items := append([]string{"function", n.Name}, d.params(n.Params)...)
		if n.ReturnType != nil {
			items = append(items, d.list("return_type", d.node(n.ReturnType)))
		}
		return d.list(append(items, d.body(n.Body, true))...)
	case *TypeAlias:
		return d.list("type-alias", n.Name, d.node(n.Type))
	case *BlockExpr:
		return d.body(n.Body, true)
	case *RenderString:
		return d.list("render-s", "'"+n.Text+"'")
	case *RenderExpr:
		return d.list("render", d.node(n.X))
	}
	return fmt.Sprintf("(?%T)", n)
}

func puppetForm(f ResourceForm) string {
	switch f {
	case Virtual:
		return "virtual-"
	case Exported:
		return "exported-"
	}
	return ""
}
