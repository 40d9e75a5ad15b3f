package ast

import (
	"fmt"
	"strconv"
	"strings"
)

// Dump renders n as canonical S-expressions: a node that fits in the width
// is printed on one line, otherwise its head stays on the first line and
// each child goes on its own line, indented two spaces. The output ends with
// a newline and is stable, so golden tests can compare it.
//
// Strings are Go-quoted ("x"), names and type references bare (file, File),
// variables with '$', regexes in slashes, numbers in decimal. Operators are
// written prefix: (+ 1 2), (= $a 1), (-> A B), (! x), (* splat). Other
// forms: (call f args [lambda]) for f(...), (invoke f args) for a call
// without parentheses, (call-method recv name args [lambda]),
// (access x keys...), (? x (=> match value)...), ([] ...), ({} (=> k v)...),
// (concat "text" (str expr)...), (heredoc [:syntax] text),
// (resource type (body title (=> attr v) (+> attr v) (splat-hash h))...)
// with @/@@ prefixes for virtual/exported, (resource-defaults T ops...),
// (resource-override refs ops...), (collect T query [(overrides ...)]),
// (if c (then ...) [(else ...)]) with (elsif ...) inside else,
// (case x (when (values ...) (then ...))...), (class name (params ...)
// [(inherits p)] (block ...)), (define ...), (node (matches ...) ...),
// (function name (params ...) [(returns T)] (block ...)),
// (param [Type] $name [= default]), (lambda (params ...) (block ...)),
// (type-alias Name T), and for templates (epp [(params ...)] ...) with
// (render-s "text") and (render expr).
func Dump(n Node) string {
	var b strings.Builder
	write(&b, toSexp(n), 0)
	b.WriteByte('\n')
	return b.String()
}

const dumpWidth = 100

// sexp is an atom (when list is nil) or a parenthesized list.
type sexp struct {
	atom   string
	list   []sexp
	isList bool
	width  int // compact rendering length, computed by compact
}

func atom(s string) sexp { return sexp{atom: s, width: len(s)} }

func list(items ...sexp) sexp {
	w := 1
	for i, it := range items {
		if i > 0 {
			w++
		}
		w += it.width
	}
	return sexp{list: items, isList: true, width: w + 1}
}

func (s sexp) compact(b *strings.Builder) {
	if !s.isList {
		b.WriteString(s.atom)
		return
	}
	b.WriteByte('(')
	for i, it := range s.list {
		if i > 0 {
			b.WriteByte(' ')
		}
		it.compact(b)
	}
	b.WriteByte(')')
}

func write(b *strings.Builder, s sexp, indent int) {
	if !s.isList || indent+s.width <= dumpWidth {
		s.compact(b)
		return
	}
	b.WriteByte('(')
	// Leading atoms stay on the head line if they all fit there; else
	// only the first does.
	lead, width := 0, indent+1
	for lead < len(s.list) && !s.list[lead].isList {
		width += s.list[lead].width + 1
		lead++
	}
	if width > dumpWidth {
		lead = 1
	}
	i := 0
	for ; i < lead; i++ {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s.list[i].atom)
	}
	for ; i < len(s.list); i++ {
		b.WriteByte('\n')
		b.WriteString(strings.Repeat(" ", indent+2))
		write(b, s.list[i], indent+2)
	}
	b.WriteByte(')')
}

func exprList(head string, es []Expr) sexp {
	items := []sexp{atom(head)}
	for _, e := range es {
		items = append(items, toSexp(e))
	}
	return list(items...)
}

func block(es []Expr) sexp { return exprList("block", es) }

func paramList(ps []*Parameter) sexp {
	items := []sexp{atom("params")}
	for _, p := range ps {
		items = append(items, toSexp(p))
	}
	return list(items...)
}

func opItems(items []sexp, ops []*AttributeOp) []sexp {
	for _, o := range ops {
		items = append(items, toSexp(o))
	}
	return items
}

func quote(s string) string { return strconv.Quote(s) }

func toSexp(n Node) sexp {
	if n == nil || isNilNode(n) {
		return atom("nil")
	}
	switch n := n.(type) {
	case *Program:
		head := "program"
		if n.EPP {
			head = "epp"
		}
		items := []sexp{atom(head)}
		if n.HasEPPParams {
			items = append(items, paramList(n.EPPParams))
		}
		for _, e := range n.Body {
			items = append(items, toSexp(e))
		}
		return list(items...)
	case *LiteralString:
		return atom(quote(n.Value))
	case *LiteralInteger:
		return atom(strconv.FormatInt(n.Value, 10))
	case *LiteralFloat:
		s := strconv.FormatFloat(n.Value, 'g', -1, 64)
		if !strings.ContainsAny(s, ".eEnN") {
			s += ".0"
		}
		return atom(s)
	case *LiteralBool:
		return atom(strconv.FormatBool(n.Value))
	case *LiteralUndef:
		return atom("undef")
	case *LiteralDefault:
		return atom("default")
	case *LiteralRegex:
		// Keep one node per line: line breaks in a pattern are escaped.
		return atom("/" + strings.NewReplacer("\n", `\n`, "\r", `\r`).Replace(n.Pattern) + "/")
	case *InterpolatedString:
		return exprList("concat", n.Parts)
	case *TextExpr:
		return list(atom("str"), toSexp(n.Expr))
	case *Heredoc:
		if n.Syntax != "" {
			return list(atom("heredoc"), atom(":"+n.Syntax), toSexp(n.Text))
		}
		return list(atom("heredoc"), toSexp(n.Text))
	case *QualifiedName:
		return atom(n.Name)
	case *QualifiedReference:
		return atom(n.Name)
	case *ReservedWord:
		return list(atom("reserved"), atom(n.Word))
	case *Variable:
		return atom("$" + n.Name)
	case *ArrayExpr:
		return exprList("[]", n.Elems)
	case *HashEntry:
		return list(atom("=>"), toSexp(n.Key), toSexp(n.Value))
	case *HashExpr:
		items := []sexp{atom("{}")}
		for _, e := range n.Entries {
			items = append(items, toSexp(e))
		}
		return list(items...)
	case *UnaryExpr:
		return list(atom(n.Op.String()), toSexp(n.X))
	case *BinaryExpr:
		return list(atom(n.Op.String()), toSexp(n.Left), toSexp(n.Right))
	case *AssignExpr:
		return list(atom("="), toSexp(n.Left), toSexp(n.Right))
	case *RelationshipExpr:
		return list(atom(n.Op.String()), toSexp(n.Left), toSexp(n.Right))
	case *ParenExpr:
		return list(atom("paren"), toSexp(n.X))
	case *AccessExpr:
		items := []sexp{atom("access"), toSexp(n.X)}
		for _, k := range n.Keys {
			items = append(items, toSexp(k))
		}
		return list(items...)
	case *SelectorEntry:
		return list(atom("=>"), toSexp(n.Match), toSexp(n.Value))
	case *SelectorExpr:
		items := []sexp{atom("?"), toSexp(n.X)}
		for _, e := range n.Entries {
			items = append(items, toSexp(e))
		}
		return list(items...)
	case *Parameter:
		items := []sexp{atom("param")}
		if n.Type != nil {
			items = append(items, toSexp(n.Type))
		}
		name := "$" + n.Name
		if n.Splat {
			name = "*" + name
		}
		items = append(items, atom(name))
		if n.Default != nil {
			items = append(items, atom("="), toSexp(n.Default))
		}
		return list(items...)
	case *Lambda:
		items := []sexp{atom("lambda"), paramList(n.Params)}
		if n.ReturnType != nil {
			items = append(items, list(atom("returns"), toSexp(n.ReturnType)))
		}
		return list(append(items, block(n.Body))...)
	case *CallNamedFunction:
		head := "call"
		if !n.Parens {
			head = "invoke"
		}
		items := []sexp{atom(head), toSexp(n.Func)}
		for _, a := range n.Args {
			items = append(items, toSexp(a))
		}
		if n.Lambda != nil {
			items = append(items, toSexp(n.Lambda))
		}
		return list(items...)
	case *CallMethod:
		items := []sexp{atom("call-method"), toSexp(n.Receiver), atom(n.Name)}
		for _, a := range n.Args {
			items = append(items, toSexp(a))
		}
		if n.Lambda != nil {
			items = append(items, toSexp(n.Lambda))
		}
		return list(items...)
	case *IfExpr:
		head := "if"
		if n.Elsif {
			head = "elsif"
		}
		items := []sexp{atom(head), toSexp(n.Cond), exprList("then", n.Then)}
		if n.Else != nil {
			items = append(items, exprList("else", n.Else))
		}
		return list(items...)
	case *UnlessExpr:
		items := []sexp{atom("unless"), toSexp(n.Cond), exprList("then", n.Then)}
		if n.Else != nil {
			items = append(items, exprList("else", n.Else))
		}
		return list(items...)
	case *CaseOption:
		return list(atom("when"), exprList("values", n.Values), exprList("then", n.Body))
	case *CaseExpr:
		items := []sexp{atom("case"), toSexp(n.Subject)}
		for _, o := range n.Options {
			items = append(items, toSexp(o))
		}
		return list(items...)
	case *AttributeOp:
		switch n.Op {
		case AttrAppend:
			return list(atom("+>"), atom(n.Name), toSexp(n.Value))
		case AttrSplat:
			return list(atom("splat-hash"), toSexp(n.Value))
		}
		return list(atom("=>"), atom(n.Name), toSexp(n.Value))
	case *ResourceBody:
		return list(opItems([]sexp{atom("body"), toSexp(n.Title)}, n.Ops)...)
	case *ResourceExpr:
		items := []sexp{atom(formHead("resource", n.Form)), toSexp(n.TypeName)}
		for _, b := range n.Bodies {
			items = append(items, toSexp(b))
		}
		return list(items...)
	case *ResourceDefaultsExpr:
		return list(opItems([]sexp{atom(formHead("resource-defaults", n.Form)), toSexp(n.TypeName)}, n.Ops)...)
	case *ResourceOverrideExpr:
		return list(opItems([]sexp{atom(formHead("resource-override", n.Form)), toSexp(n.Resources)}, n.Ops)...)
	case *CollectExpr:
		head := "collect"
		if n.Exported {
			head = "collect-exported"
		}
		items := []sexp{atom(head), toSexp(n.TypeName), toSexp(n.Query)}
		if len(n.Overrides) > 0 {
			items = append(items, list(opItems([]sexp{atom("overrides")}, n.Overrides)...))
		}
		return list(items...)
	case *ClassDef:
		items := []sexp{atom("class"), atom(n.Name), paramList(n.Params)}
		if n.Parent != "" {
			items = append(items, list(atom("inherits"), atom(n.Parent)))
		}
		return list(append(items, block(n.Body))...)
	case *DefineDef:
		return list(atom("define"), atom(n.Name), paramList(n.Params), block(n.Body))
	case *NodeDef:
		items := []sexp{atom("node"), exprList("matches", n.Matches)}
		if n.Parent != nil {
			items = append(items, list(atom("inherits"), toSexp(n.Parent)))
		}
		return list(append(items, block(n.Body))...)
	case *FunctionDef:
		items := []sexp{atom("function"), atom(n.Name), paramList(n.Params)}
		if n.ReturnType != nil {
			items = append(items, list(atom("returns"), toSexp(n.ReturnType)))
		}
		return list(append(items, block(n.Body))...)
	case *TypeAlias:
		return list(atom("type-alias"), atom(n.Name), toSexp(n.Type))
	case *RenderString:
		return list(atom("render-s"), atom(quote(n.Text)))
	case *RenderExpr:
		return list(atom("render"), toSexp(n.X))
	case *BlockExpr:
		return block(n.Body)
	case *BadExpr:
		return atom("(bad)")
	}
	return atom(fmt.Sprintf("(unknown %T)", n))
}

func formHead(head string, f ResourceForm) string {
	switch f {
	case Virtual:
		return "@" + head
	case Exported:
		return "@@" + head
	}
	return head
}
