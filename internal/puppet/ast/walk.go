package ast

// Children returns n's direct child nodes in source order. Nil children are
// left out.
func Children(n Node) []Node {
	var out []Node
	EachChild(n, func(c Node) { out = append(out, c) })
	return out
}

// EachChild calls f for each of n's direct child nodes in source order,
// leaving out nil children, as Children lists them but without a slice:
// a walk over a large manifest visits hundreds of thousands of nodes.
func EachChild(n Node, f func(Node)) {
	add := func(ns ...Node) {
		for _, c := range ns {
			if c != nil && !isNilNode(c) {
				f(c)
			}
		}
	}
	exprs := func(es []Expr) {
		for _, e := range es {
			add(e)
		}
	}
	params := func(ps []*Parameter) {
		for _, p := range ps {
			add(p)
		}
	}
	ops := func(os []*AttributeOp) {
		for _, o := range os {
			add(o)
		}
	}
	switch n := n.(type) {
	case *Program:
		params(n.EPPParams)
		exprs(n.Body)
	case *InterpolatedString:
		exprs(n.Parts)
	case *TextExpr:
		add(n.Expr)
	case *Heredoc:
		add(n.Text)
	case *ArrayExpr:
		exprs(n.Elems)
	case *HashEntry:
		add(n.Key, n.Value)
	case *HashExpr:
		for _, e := range n.Entries {
			add(e)
		}
	case *UnaryExpr:
		add(n.X)
	case *BinaryExpr:
		add(n.Left, n.Right)
	case *AssignExpr:
		add(n.Left, n.Right)
	case *RelationshipExpr:
		add(n.Left, n.Right)
	case *ParenExpr:
		add(n.X)
	case *AccessExpr:
		add(n.X)
		exprs(n.Keys)
	case *SelectorEntry:
		add(n.Match, n.Value)
	case *SelectorExpr:
		add(n.X)
		for _, e := range n.Entries {
			add(e)
		}
	case *Parameter:
		add(n.Type, n.Default)
	case *Lambda:
		params(n.Params)
		add(n.ReturnType)
		exprs(n.Body)
	case *CallNamedFunction:
		add(n.Func)
		exprs(n.Args)
		add(n.Lambda)
	case *CallMethod:
		add(n.Receiver)
		exprs(n.Args)
		add(n.Lambda)
	case *IfExpr:
		add(n.Cond)
		exprs(n.Then)
		exprs(n.Else)
	case *UnlessExpr:
		add(n.Cond)
		exprs(n.Then)
		exprs(n.Else)
	case *CaseOption:
		exprs(n.Values)
		exprs(n.Body)
	case *CaseExpr:
		add(n.Subject)
		for _, o := range n.Options {
			add(o)
		}
	case *AttributeOp:
		add(n.Value)
	case *ResourceBody:
		add(n.Title)
		ops(n.Ops)
	case *ResourceExpr:
		add(n.TypeName)
		for _, b := range n.Bodies {
			add(b)
		}
	case *ResourceDefaultsExpr:
		add(n.TypeName)
		ops(n.Ops)
	case *ResourceOverrideExpr:
		add(n.Resources)
		ops(n.Ops)
	case *CollectExpr:
		add(n.TypeName, n.Query)
		ops(n.Overrides)
	case *ClassDef:
		params(n.Params)
		exprs(n.Body)
	case *DefineDef:
		params(n.Params)
		exprs(n.Body)
	case *NodeDef:
		exprs(n.Matches)
		add(n.Parent)
		exprs(n.Body)
	case *FunctionDef:
		params(n.Params)
		add(n.ReturnType)
		exprs(n.Body)
	case *TypeAlias:
		add(n.Type)
	case *RenderExpr:
		add(n.X)
	case *BlockExpr:
		exprs(n.Body)
	}
}

// isNilNode reports whether n is an interface holding a nil pointer.
func isNilNode(n Node) bool {
	switch n := n.(type) {
	case *Lambda:
		return n == nil
	case Expr:
		return n == nil
	}
	return false
}

// Inspect walks the tree rooted at n depth-first in source order, calling f
// for each node; when f returns false the node's children are skipped.
func Inspect(n Node, f func(Node) bool) {
	if n == nil || isNilNode(n) || !f(n) {
		return
	}
	EachChild(n, func(c Node) { Inspect(c, f) })
}
