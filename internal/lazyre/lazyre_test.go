package lazyre

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
)

func TestRegexp(t *testing.T) {
	re := New(`^(\p{L}+)-(\d+)$`)
	if re.String() != `^(\p{L}+)-(\d+)$` {
		t.Fatalf("String() = %q", re.String())
	}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if !re.MatchString("é-12") || re.MatchString("1-2") {
				t.Error("MatchString")
			}
		}()
	}
	wg.Wait()
	if m := re.FindStringSubmatch("ab-3"); len(m) != 3 || m[1] != "ab" || m[2] != "3" {
		t.Fatalf("FindStringSubmatch = %q", m)
	}
	if got := re.ReplaceAllString("ab-3", "$2$1"); got != "3ab" {
		t.Fatalf("ReplaceAllString = %q", got)
	}
	if first, again := re.Get(), re.Get(); first != again {
		t.Fatal("compiled twice")
	}
}

func TestBadPatternPanicsOnUse(t *testing.T) {
	re := New(`(`)
	defer func() {
		if recover() == nil {
			t.Fatal("no panic")
		}
	}()
	re.MatchString("x")
}

// TestPatterns compiles every literal pattern given to New in ordo's
// sources, which a lazy pattern would otherwise report only when used.
func TestPatterns(t *testing.T) {
	root := filepath.Join("..", "..")
	n := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && path != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(x ast.Node) bool {
			call, ok := x.(*ast.CallExpr)
			if !ok || len(call.Args) != 1 {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "New" {
				return true
			}
			if id, ok := sel.X.(*ast.Ident); !ok || id.Name != "lazyre" {
				return true
			}
			lit, ok := call.Args[0].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			pattern, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Errorf("%s: %v", fset.Position(lit.Pos()), err)
				return true
			}
			if _, err := regexp.Compile(pattern); err != nil {
				t.Errorf("%s: %v", fset.Position(lit.Pos()), err)
			}
			n++
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d patterns", n)
}
