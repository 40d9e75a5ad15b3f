package parser

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/puppet/ast"
	"github.com/ordoproject/ordo/internal/source"
)

// puppetDump renders a program the way `puppet parser dump` (Puppet 7's
// ModelTreeDumper) does, up to whitespace, so that ordo's trees can be
// compared with Puppet's own on real code.
func puppetDump(prog *ast.Program) string {
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
func (d *puppetDumper) body(es []ast.Expr, alwaysBlock bool) string {
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
func (d *puppetDumper) branch(es []ast.Expr) string {
	if len(es) == 0 {
		return "()"
	}
	return d.body(es, false)
}

// stmt renders a statement: calls in statement position are "invoke".
func (d *puppetDumper) stmt(e ast.Expr) string {
	if c, ok := e.(*ast.CallNamedFunction); ok {
		return d.call("invoke", c)
	}
	return d.expr(e)
}

func (d *puppetDumper) call(head string, c *ast.CallNamedFunction) string {
	items := []string{head, d.expr(c.Func)}
	for _, a := range c.Args {
		items = append(items, d.expr(a))
	}
	if c.Lambda != nil {
		items = append(items, d.node(c.Lambda))
	}
	return d.list(items...)
}

func (d *puppetDumper) params(ps []*ast.Parameter) []string {
	if len(ps) == 0 {
		return nil
	}
	items := []string{"parameters"}
	for _, p := range ps {
		items = append(items, d.node(p))
	}
	return []string{d.list(items...)}
}

func (d *puppetDumper) ops(items []string, ops []*ast.AttributeOp) []string {
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

func (d *puppetDumper) expr(e ast.Expr) string { return d.node(e) }

var binOpPuppet = map[ast.BinaryOp]string{ast.And: "&&", ast.Or: "||"}

func (d *puppetDumper) node(n ast.Node) string {
	switch n := n.(type) {
	case nil:
		return "()"
	case *ast.LiteralString:
		return "'" + n.Value + "'"
	case *ast.LiteralInteger:
		switch n.Radix {
		case 16:
			return fmt.Sprintf("0x%X", n.Value)
		case 8:
			return fmt.Sprintf("0%o", n.Value)
		}
		return strconv.FormatInt(n.Value, 10)
	case *ast.LiteralFloat:
		return rubyFloat(n.Value)
	case *ast.LiteralBool:
		return strconv.FormatBool(n.Value)
	case *ast.LiteralUndef:
		return ":undef"
	case *ast.LiteralDefault:
		return ":default"
	case *ast.LiteralRegex:
		return "/" + n.Pattern + "/"
	case *ast.InterpolatedString:
		items := []string{"cat"}
		for _, p := range n.Parts {
			items = append(items, d.node(p))
		}
		return d.list(items...)
	case *ast.TextExpr:
		return d.list("str", d.node(n.Expr))
	case *ast.Heredoc:
		return d.list("@("+n.Syntax+")", d.node(n.Text))
	case *ast.QualifiedName:
		return n.Name
	case *ast.QualifiedReference:
		return n.Name
	case *ast.ReservedWord:
		return d.list("reserved", n.Word)
	case *ast.Variable:
		return "$" + n.Name
	case *ast.ArrayExpr:
		items := []string{"[]"}
		for _, x := range n.Elems {
			items = append(items, d.node(x))
		}
		return d.list(items...)
	case *ast.HashEntry:
		return d.list(d.node(n.Key), d.node(n.Value))
	case *ast.HashExpr:
		items := []string{"{}"}
		for _, x := range n.Entries {
			items = append(items, d.node(x))
		}
		return d.list(items...)
	case *ast.UnaryExpr:
		op := map[ast.UnaryOp]string{ast.Not: "!", ast.Neg: "-", ast.Splat: "unfold"}[n.Op]
		return d.list(op, d.node(n.X))
	case *ast.BinaryExpr:
		op, ok := binOpPuppet[n.Op]
		if !ok {
			op = n.Op.String()
		}
		return d.list(op, d.node(n.Left), d.node(n.Right))
	case *ast.AssignExpr:
		return d.list("=", d.node(n.Left), d.node(n.Right))
	case *ast.RelationshipExpr:
		return d.list(n.Op.String(), d.node(n.Left), d.node(n.Right))
	case *ast.ParenExpr:
		return d.node(n.X)
	case *ast.AccessExpr:
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
	case *ast.SelectorEntry:
		return d.list(d.node(n.Match), "=>", d.node(n.Value))
	case *ast.SelectorExpr:
		items := []string{"?", d.node(n.X)}
		for _, e := range n.Entries {
			items = append(items, d.node(e))
		}
		return d.list(items...)
	case *ast.Parameter:
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
	case *ast.Lambda:
		items := append([]string{"lambda"}, d.params(n.Params)...)
		if n.ReturnType != nil {
			items = append(items, d.list("return_type", d.node(n.ReturnType)))
		}
		return d.list(append(items, d.body(n.Body, true))...)
	case *ast.CallNamedFunction:
		return d.call("call", n)
	case *ast.CallMethod:
		items := []string{"call-method", d.list(".", d.node(n.Receiver), n.Name)}
		for _, a := range n.Args {
			items = append(items, d.node(a))
		}
		if n.Lambda != nil {
			items = append(items, d.node(n.Lambda))
		}
		return d.list(items...)
	case *ast.IfExpr:
		items := []string{"if", d.node(n.Cond), d.list("then", d.branch(n.Then))}
		if len(n.Else) > 0 {
			items = append(items, d.list("else", d.branch(n.Else)))
		}
		return d.list(items...)
	case *ast.UnlessExpr:
		items := []string{"unless", d.node(n.Cond), d.list("then", d.branch(n.Then))}
		if len(n.Else) > 0 {
			items = append(items, d.list("else", d.branch(n.Else)))
		}
		return d.list(items...)
	case *ast.CaseOption:
		var vals []string
		for _, v := range n.Values {
			vals = append(vals, d.node(v))
		}
		return d.list("when", d.list(vals...), d.list("then", d.body(n.Body, true)))
	case *ast.CaseExpr:
		items := []string{"case", d.node(n.Subject)}
		for _, o := range n.Options {
			items = append(items, d.node(o))
		}
		return d.list(items...)
	case *ast.AttributeOp:
		switch n.Op {
		case ast.AttrSplat:
			return d.list("* =>", d.node(n.Value))
		case ast.AttrAppend:
			return d.list(n.Name, "+>", d.node(n.Value))
		}
		return d.list(n.Name, "=>", d.node(n.Value))
	case *ast.ResourceBody:
		return d.list(d.ops([]string{d.node(n.Title)}, n.Ops)...)
	case *ast.ResourceExpr:
		items := []string{puppetForm(n.Form) + "resource", d.node(n.TypeName)}
		for _, b := range n.Bodies {
			items = append(items, d.node(b))
		}
		return d.list(items...)
	case *ast.ResourceDefaultsExpr:
		return d.list(d.ops([]string{puppetForm(n.Form) + "resource-defaults", d.node(n.TypeName)}, n.Ops)...)
	case *ast.ResourceOverrideExpr:
		return d.list(d.ops([]string{puppetForm(n.Form) + "override", d.node(n.Resources)}, n.Ops)...)
	case *ast.CollectExpr:
		q := []string{"<| |>"}
		if n.Exported {
			q = []string{"<<| |>>"}
		}
		if n.Query != nil {
			q = append(q, d.node(n.Query))
		}
		// Puppet's dumper never prints a collector's attribute overrides.
		return d.list("collect", d.node(n.TypeName), d.list(q...))
	case *ast.ClassDef:
		items := []string{"class", n.Name}
		if n.Parent != "" {
			items = append(items, d.list("inherits", n.Parent))
		}
		items = append(items, d.params(n.Params)...)
		return d.list(append(items, d.body(n.Body, true))...)
	case *ast.DefineDef:
		items := append([]string{"define", n.Name}, d.params(n.Params)...)
		return d.list(append(items, d.body(n.Body, true))...)
	case *ast.NodeDef:
		m := []string{"matches"}
		for _, x := range n.Matches {
			m = append(m, d.node(x))
		}
		items := []string{"node", d.list(m...)}
		if n.Parent != nil {
			items = append(items, d.list("parent", d.node(n.Parent)))
		}
		return d.list(append(items, d.body(n.Body, true))...)
	case *ast.FunctionDef:
		items := append([]string{"function", n.Name}, d.params(n.Params)...)
		if n.ReturnType != nil {
			items = append(items, d.list("return_type", d.node(n.ReturnType)))
		}
		return d.list(append(items, d.body(n.Body, true))...)
	case *ast.TypeAlias:
		return d.list("type-alias", n.Name, d.node(n.Type))
	case *ast.BlockExpr:
		return d.body(n.Body, true)
	case *ast.RenderString:
		return d.list("render-s", "'"+n.Text+"'")
	case *ast.RenderExpr:
		return d.list("render", d.node(n.X))
	}
	return fmt.Sprintf("(?%T)", n)
}

func puppetForm(f ast.ResourceForm) string {
	switch f {
	case ast.Virtual:
		return "virtual-"
	case ast.Exported:
		return "exported-"
	}
	return ""
}

var (
	spaceRun    = regexp.MustCompile(`\s+`)
	warningLine = regexp.MustCompile("(?m)^\x1b\\[[0-9;]*m(Warning|Error):.*$")
)

// normalizeDump makes two dumps comparable regardless of line breaks,
// indentation and the warnings Puppet prints: all white space is dropped.
func normalizeDump(s string) string {
	s = warningLine.ReplaceAllString(s, "")
	s = strings.TrimPrefix(strings.TrimSpace(s), "--- ")
	if i := strings.IndexAny(s, "(:'$"); i > 0 && strings.HasSuffix(s[:i], "pp") {
		s = s[i:] // the "--- file.pp" header
	}
	return spaceRun.ReplaceAllString(s, "")
}

// TestPuppetDumps compares ordo's trees with Puppet's on real code. It
// runs when ORDO_PUPPET_DUMPS names a folder of X.pp (and X.epp) files each
// with an X.pp.puppetdump holding the output of `puppet parser dump X.pp`
// without its "--- file" header line (or `puppet epp dump --no-header X.epp`).
func TestPuppetDumps(t *testing.T) {
	dir := os.Getenv("ORDO_PUPPET_DUMPS")
	if dir == "" {
		t.Skip("set ORDO_PUPPET_DUMPS to a folder of .pp files with .pp.puppetdump files")
	}
	same, total := 0, 0
	err := filepath.WalkDir(dir, func(path string, de os.DirEntry, err error) error {
		if err != nil || de.IsDir() || !(strings.HasSuffix(path, ".pp") || strings.HasSuffix(path, ".epp")) {
			return err
		}
		want, err := os.ReadFile(path + ".puppetdump")
		if err != nil {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		total++
		prog, diags := ParseFile(source.NewFile(path, src))
		if diags.HasErrors() {
			t.Errorf("%s: %v", path, diags)
			return nil
		}
		got, w := normalizeDump(puppetDump(prog)), normalizeDump(string(want))
		if got != w {
			i := 0
			for i < len(got) && i < len(w) && got[i] == w[i] {
				i++
			}
			from := max(0, i-150)
			t.Errorf("%s: trees differ at byte %d\n ordo: ...%s\npuppet: ...%s", path, i, got[from:min(len(got), i+150)], w[from:min(len(w), i+150)])
			return nil
		}
		same++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d/%d files have the same tree as Puppet's", same, total)
}
