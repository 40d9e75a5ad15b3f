package parser

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/diag"
	"github.com/ordoproject/ordo/internal/source"
)

// corpusDir returns the folder named by ORDO_PUPPET_CORPUS, or skips.
func corpusDir(tb testing.TB) string {
	dir := os.Getenv("ORDO_PUPPET_CORPUS")
	if dir == "" {
		tb.Skip("set ORDO_PUPPET_CORPUS to a folder of Puppet modules to run this test")
	}
	return dir
}

// corpusFiles lists the .pp and .epp files under dir, sorted.
func corpusFiles(tb testing.TB, dir string) []string {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && (strings.HasSuffix(path, ".pp") || strings.HasSuffix(path, ".epp")) {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	sort.Strings(files)
	return files
}

// TestCorpus parses every manifest and template of real modules: each
// top-level folder of ORDO_PUPPET_CORPUS is one module. All must parse and
// validate without errors.
func TestCorpus(t *testing.T) {
	dir := corpusDir(t)
	type count struct{ ok, total, lines int }
	counts := map[string]*count{}
	for _, path := range corpusFiles(t, dir) {
		rel, _ := filepath.Rel(dir, path)
		module := strings.SplitN(filepath.ToSlash(rel), "/", 2)[0]
		if counts[module] == nil {
			counts[module] = &count{}
		}
		c := counts[module]
		content, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		c.total++
		c.lines += bytes.Count(content, []byte("\n"))
		prog, diags := ParseFile(source.NewFile(path, content))
		if !diags.HasErrors() {
			diags = append(diags, Validate(prog)...)
		}
		checkSpans(t, path, prog)
		if diags.HasErrors() {
			var buf bytes.Buffer
			diag.WriteText(&buf, diags)
			t.Errorf("%s", buf.String())
			continue
		}
		c.ok++
	}
	var modules []string
	for m := range counts {
		modules = append(modules, m)
	}
	sort.Strings(modules)
	for _, m := range modules {
		c := counts[m]
		t.Logf("%s: %d/%d files parsed (%d lines)", m, c.ok, c.total, c.lines)
	}
}
