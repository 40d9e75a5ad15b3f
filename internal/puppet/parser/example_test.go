package parser_test

import (
	"fmt"
	"os"

	"github.com/ordoproject/ordo/internal/diag"
	"github.com/ordoproject/ordo/internal/puppet/ast"
	"github.com/ordoproject/ordo/internal/puppet/parser"
	"github.com/ordoproject/ordo/internal/source"
)

func ExampleParseFile() {
	f := source.NewFile("site.pp", []byte("file { '/etc/motd': content => \"hello ${name}\" }\n"))
	prog, diags := parser.ParseFile(f)
	if diags.HasErrors() {
		diag.WriteText(os.Stderr, diags)
		return
	}
	res := prog.Body[0].(*ast.ResourceExpr)
	op := res.Bodies[0].Ops[0]
	fmt.Println(op.Name, "at", f.Position(op.Pos()))
	fmt.Print(ast.Dump(prog))
	// Output:
	// content at site.pp:1:21
	// (program (resource file (body "/etc/motd" (=> content (concat "hello " (str $name))))))
}

func ExampleValidate() {
	prog, _ := parser.Parse("x.pp", "$a::b = 1\n")
	for _, d := range parser.Validate(prog) {
		fmt.Println(d)
	}
	// Output:
	// x.pp:1:1: Illegal attempt to assign to 'a::b'. Cannot assign to variables in other namespaces
}
