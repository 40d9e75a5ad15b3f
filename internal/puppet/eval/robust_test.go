package eval_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/ordoproject/ordo/internal/puppet/eval"
	"github.com/ordoproject/ordo/internal/puppet/parser"
	"github.com/ordoproject/ordo/internal/source"
)

// TestNoPanics compiles every manifest of the parser's golden tests: the
// compiler may fail on them, but only with an error.
func TestNoPanics(t *testing.T) {
	files, _ := filepath.Glob("../parser/testdata/*.txtar")
	for _, f := range files {
		ar, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range ar.Files {
			if !strings.HasSuffix(file.Name, ".pp") && !strings.Contains(file.Name, "input") {
				continue
			}
			name := filepath.Base(f) + "/" + file.Name
			prog, diags := parser.Parse(name, string(file.Data))
			if diags.HasErrors() {
				continue
			}
			// Each statement alone, so that one failing does not hide
			// the others.
			for _, stmt := range prog.Body {
				src := file.Data[stmt.Pos():stmt.End()]
				t.Run(name, func(t *testing.T) {
					defer func() {
						if r := recover(); r != nil {
							t.Fatalf("panic on %q: %v", src, r)
						}
					}()
					_, _ = eval.CompileSource(context.Background(), source.NewFile(name, src), eval.Options{Node: "node.example"})
				})
			}
		}
	}
}

// FuzzCompile feeds arbitrary manifests to the compiler, which must
// return a catalog or an error and never panic or hang.
func FuzzCompile(f *testing.F) {
	cases, _ := filepath.Glob("testdata/cases/*.pp")
	for _, c := range cases {
		if data, err := os.ReadFile(c); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_, _ = eval.CompileSource(ctx, source.NewFile("fuzz.pp", src), eval.Options{Node: "node.example"})
	})
}
