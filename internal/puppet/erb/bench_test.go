package erb

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// corpusFiles reads the .erb files under $ORDO_ERB_CORPUS, skipping the
// benchmark when it is not set.
func corpusFiles(b *testing.B) map[string][]byte {
	dir := os.Getenv("ORDO_ERB_CORPUS")
	if dir == "" {
		b.Skip("set ORDO_ERB_CORPUS to a folder of templates, such as puppetlabs-apache's")
	}
	files := map[string][]byte{}
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".erb") {
			data, rerr := os.ReadFile(path)
			if rerr != nil {
				return rerr
			}
			files[path] = data
		}
		return nil
	})
	return files
}

// BenchmarkParseCorpus parses every template under $ORDO_ERB_CORPUS once
// per iteration.
func BenchmarkParseCorpus(b *testing.B) {
	files := corpusFiles(b)
	var size int64
	for _, data := range files {
		size += int64(len(data))
	}
	b.SetBytes(size)
	b.ReportAllocs()
	for b.Loop() {
		for path, data := range files {
			if _, err := Parse(path, data); err != nil {
				b.Fatal(err)
			}
		}
	}
}

type goldenCase struct {
	tmpl  *Template
	scope Scope
}

// goldenCases parses the golden cases that render without error, with
// those of $ORDO_ERB_GOLDENS (popular modules' templates).
func goldenCases(b *testing.B) []goldenCase {
	archives, _ := filepath.Glob("testdata/render/*.txtar")
	if dir := os.Getenv("ORDO_ERB_GOLDENS"); dir != "" {
		more, _ := filepath.Glob(filepath.Join(dir, "*.txtar"))
		archives = append(archives, more...)
	}
	var cases []goldenCase
	for _, path := range archives {
		ar, err := txtar.ParseFile(path)
		if err != nil {
			b.Fatal(err)
		}
		files := map[string][]byte{}
		for _, f := range ar.Files {
			files[f.Name] = f.Data
		}
		for _, f := range ar.Files {
			base := strings.TrimSuffix(f.Name, ".erb")
			if base == f.Name || files[base+".out"] == nil || strings.Contains(string(f.Data), "setvar") {
				// setvar cases assign once per scope
				continue
			}
			tm, err := Parse(f.Name, f.Data)
			if err != nil {
				b.Fatal(err)
			}
			scope, err := goldenScope(files[base+".vars"])
			if err != nil {
				b.Fatal(err)
			}
			cases = append(cases, goldenCase{tm, scope})
		}
	}
	return cases
}

// BenchmarkRenderGoldens renders every golden case that has an output
// once per iteration; with ORDO_ERB_GOLDENS it includes the modules'.
func BenchmarkRenderGoldens(b *testing.B) {
	cases := goldenCases(b)
	ctx := context.Background()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		for _, c := range cases {
			if _, err := c.tmpl.Render(ctx, c.scope); err != nil {
				b.Fatal(err)
			}
		}
	}
}
