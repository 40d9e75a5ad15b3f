package main

import (
	"fmt"
	"os"

	"github.com/ordoproject/ordo/internal/diag"
	"github.com/ordoproject/ordo/internal/puppet/ast"
	"github.com/ordoproject/ordo/internal/puppet/parser"
	"github.com/ordoproject/ordo/internal/source"
)

func main() {
	b, _ := os.ReadFile(os.Args[1])
	prog, d := parser.ParseFile(source.NewFile(os.Args[1], b))
	fmt.Print(ast.Dump(prog))
	diag.WriteText(os.Stdout, d)
}
