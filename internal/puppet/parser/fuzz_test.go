package parser

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/ordoproject/ordo/internal/puppet/ast"
	"github.com/ordoproject/ordo/internal/source"
)

// addGoldenSeeds adds every .pp and .epp file of testdata/*.txtar and the
// error suite to the fuzz corpus.
func addGoldenSeeds(f *testing.F) {
	archives, _ := filepath.Glob("testdata/*.txtar")
	for _, path := range archives {
		ar, err := txtar.ParseFile(path)
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range ar.Files {
			if strings.HasSuffix(file.Name, ".pp") || strings.HasSuffix(file.Name, ".epp") {
				f.Add(string(file.Data))
			}
		}
	}
	if data, err := txtarOrFile("testdata/errors.pp"); err == nil {
		for _, chunk := range strings.Split(data, "\n---\n") {
			f.Add(chunk)
		}
	}
}

func txtarOrFile(path string) (string, error) {
	ar, err := txtar.ParseFile(path)
	if err != nil {
		return "", err
	}
	return string(ar.Comment), nil
}

// FuzzParse checks that parsing any input as a manifest or a template
// terminates without panicking and yields well-formed node ranges.
func FuzzParse(f *testing.F) {
	addGoldenSeeds(f)
	f.Fuzz(func(t *testing.T, src string) {
		done := make(chan bool)
		defer close(done)
		go func() {
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				panic(fmt.Sprintf("parse hangs on %q", src))
			}
		}()
		for _, name := range []string{"fuzz.pp", "fuzz.epp"} {
			file := source.NewFile(name, []byte(src))
			prog, _ := ParseFile(file)
			if prog == nil {
				t.Fatal("nil program")
			}
			ast.Inspect(prog, func(n ast.Node) bool {
				if n.Pos() < 0 || n.End() < n.Pos() || int(n.End()) > len(src) {
					t.Fatalf("%s: %T has bad range [%d, %d) in %d bytes", name, n, n.Pos(), n.End(), len(src))
				}
				return true
			})
			_ = ast.Dump(prog)
			_ = Validate(prog)
		}
	})
}
