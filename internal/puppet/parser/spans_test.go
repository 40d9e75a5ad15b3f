package parser

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/ordoproject/ordo/internal/puppet/ast"
	"github.com/ordoproject/ordo/internal/source"
)

// checkSpans verifies that every node's range lies inside its parent's
// (a heredoc's body lies after its tag: it is checked on its own).
func checkSpans(t *testing.T, name string, prog *ast.Program) {
	t.Helper()
	var walk func(parent ast.Node)
	walk = func(parent ast.Node) {
		for _, c := range ast.Children(parent) {
			if _, ok := parent.(*ast.Heredoc); ok {
				walk(c)
				continue
			}
			if c.Pos() < parent.Pos() || c.End() > parent.End() || c.End() < c.Pos() {
				t.Errorf("%s: %T [%d,%d) not inside %T [%d,%d)", name, c, c.Pos(), c.End(), parent, parent.Pos(), parent.End())
				continue
			}
			walk(c)
		}
	}
	walk(prog)
}

// TestSpansNest checks node ranges on every golden input.
func TestSpansNest(t *testing.T) {
	archives, _ := filepath.Glob("testdata/*.txtar")
	for _, path := range archives {
		ar, err := txtar.ParseFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			if strings.HasSuffix(f.Name, ".pp") || strings.HasSuffix(f.Name, ".epp") {
				prog, _ := ParseFile(source.NewFile(f.Name, f.Data))
				checkSpans(t, filepath.Base(path)+"/"+f.Name, prog)
			}
		}
	}
}

// TestSpanText spot-checks that ranges cover exactly the node's text.
func TestSpanText(t *testing.T) {
	src := "file { '/x': ensure => file }\n$a = $b ? { 1 => 'one', default => 'other' }\n"
	prog, diags := Parse("s.pp", src)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	text := func(n ast.Node) string { return src[n.Pos():n.End()] }
	res := prog.Body[0].(*ast.ResourceExpr)
	if got := text(res); got != "file { '/x': ensure => file }" {
		t.Errorf("resource text = %q", got)
	}
	if got := text(res.Bodies[0].Ops[0]); got != "ensure => file" {
		t.Errorf("attribute text = %q", got)
	}
	sel := prog.Body[1].(*ast.AssignExpr).Right.(*ast.SelectorExpr)
	if got := text(sel); got != "$b ? { 1 => 'one', default => 'other' }" {
		t.Errorf("selector text = %q", got)
	}
}
