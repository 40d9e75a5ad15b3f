package ast

import (
	"strings"
	"testing"
)

func sampleTree() *Program {
	// notice($x + 1) written out by hand: offsets are illustrative.
	x := &Variable{Span: Span{7, 9}, Name: "x"}
	one := &LiteralInteger{Span: Span{12, 13}, Value: 1, Radix: 10}
	sum := &BinaryExpr{Span: Span{7, 13}, Op: Add, Left: x, Right: one}
	call := &CallNamedFunction{Span: Span{0, 14}, Func: &QualifiedName{Span: Span{0, 6}, Name: "notice"}, Args: []Expr{sum}, Parens: true}
	return &Program{Span: Span{0, 14}, Body: []Expr{call}}
}

func TestInspectVisitsInSourceOrder(t *testing.T) {
	var kinds []string
	Inspect(sampleTree(), func(n Node) bool {
		kinds = append(kinds, Label(n))
		return true
	})
	want := "Program, Function Call, Name, '+' expression, Variable, Literal Integer"
	if got := strings.Join(kinds, ", "); got != want {
		t.Errorf("Inspect order = %s, want %s", got, want)
	}
}

func TestInspectSkipsChildren(t *testing.T) {
	count := 0
	Inspect(sampleTree(), func(n Node) bool {
		count++
		_, isCall := n.(*CallNamedFunction)
		return !isCall
	})
	if count != 2 {
		t.Errorf("visited %d nodes, want 2 (program and call)", count)
	}
}

func TestDump(t *testing.T) {
	if got, want := Dump(sampleTree()), "(program (call notice (+ $x 1)))\n"; got != want {
		t.Errorf("Dump = %q, want %q", got, want)
	}
	// Long lists break after their leading atoms, children indented.
	var elems []Expr
	for i := 0; i < 30; i++ {
		elems = append(elems, &LiteralString{Value: "element"})
	}
	got := Dump(&ArrayExpr{Elems: elems})
	if !strings.HasPrefix(got, "([]\n  \"element\"\n") {
		t.Errorf("long Dump not broken into lines:\n%s", got)
	}
}

func TestAnLabel(t *testing.T) {
	tests := []struct {
		n    Node
		want string
	}{
		{&QualifiedName{}, "a Name"},
		{&IfExpr{}, "an 'if' statement"},
		{&AccessExpr{}, "a '[]' expression"},
		{&ArrayExpr{}, "an Array Expression"},
		{&CollectExpr{}, "a Virtual Query"},
	}
	for _, tt := range tests {
		if got := AnLabel(tt.n); got != tt.want {
			t.Errorf("AnLabel(%T) = %q, want %q", tt.n, got, tt.want)
		}
	}
}
