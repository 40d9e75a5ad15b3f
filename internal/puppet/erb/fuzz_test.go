package erb

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/ordoproject/ordo/internal/catalog"
)

// FuzzParse checks that any input parses or fails with an error, and that
// a template that parses renders or fails with an error, within a time
// limit, without panicking.
func FuzzParse(f *testing.F) {
	archives, _ := filepath.Glob("testdata/render/*.txtar")
	for _, path := range archives {
		ar, err := txtar.ParseFile(path)
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range ar.Files {
			if strings.HasSuffix(file.Name, ".erb") {
				f.Add(string(file.Data))
			}
		}
	}
	f.Add("<%= [1, 2].map { |x| x * 2 }.join(',') %>")
	f.Add("<% def f(a, *b) a end %><%= f(1) %>")
	f.Fuzz(func(t *testing.T, src string) {
		tm, err := Parse("fuzz.erb", []byte(src))
		if err != nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("Parse(%q) error of type %T: %v", src, err, err)
			}
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		h := catalog.NewHash()
		h.Set("k", []catalog.Value{int64(1), "v", nil})
		_, err = tm.Render(ctx, mapScope{"s": "str", "a": []catalog.Value{"x", int64(2)}, "h": h, "u": nil})
		if err != nil && ctx.Err() == nil {
			if _, ok := err.(*Error); !ok {
				t.Fatalf("Render(%q) error of type %T: %v", src, err, err)
			}
		}
	})
}
