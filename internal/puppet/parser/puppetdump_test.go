package parser

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/puppet/ast"
	"github.com/ordoproject/ordo/internal/source"
)

var (
	spaceRun    = regexp.MustCompile(`\s+`)
	warningLine = regexp.MustCompile("(?m)^\x1b\\[[0-9;]*m(Warning|Error):.*$")
)

// normalizeDump makes two dumps comparable regardless of line breaks,
// indentation and the warnings Puppet prints: all white space is dropped.
func normalizeDump(s string) string {
	s = warningLine.ReplaceAllString(s, "")
	s = strings.TrimPrefix(strings.TrimSpace(s), "--- ")
	if i := strings.IndexAny(s, "(:'$"); i > 0 && strings.HasSuffix(s[:i], "pp") {
		s = s[i:] // the "--- file.pp" header
	}
	return spaceRun.ReplaceAllString(s, "")
}

// TestPuppetDumps compares ordo's trees with Puppet's on real code. It
// runs when ORDO_PUPPET_DUMPS names a folder of X.pp (and X.epp) files each
// with an X.pp.puppetdump holding the output of `puppet parser dump X.pp`
// without its "--- file" header line (or `puppet epp dump --no-header X.epp`).
func TestPuppetDumps(t *testing.T) {
	dir := os.Getenv("ORDO_PUPPET_DUMPS")
	if dir == "" {
		t.Skip("set ORDO_PUPPET_DUMPS to a folder of .pp files with .pp.puppetdump files")
	}
	same, total := 0, 0
	err := filepath.WalkDir(dir, func(path string, de os.DirEntry, err error) error {
		if err != nil || de.IsDir() || !(strings.HasSuffix(path, ".pp") || strings.HasSuffix(path, ".epp")) {
			return err
		}
		want, err := os.ReadFile(path + ".puppetdump")
		if err != nil {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		total++
		prog, diags := ParseFile(source.NewFile(path, src))
		if diags.HasErrors() {
			t.Errorf("%s: %v", path, diags)
			return nil
		}
		got, w := normalizeDump(ast.PuppetDump(prog)), normalizeDump(string(want))
		if got != w {
			i := 0
			for i < len(got) && i < len(w) && got[i] == w[i] {
				i++
			}
			from := max(0, i-150)
			t.Errorf("%s: trees differ at byte %d\n ordo: ...%s\npuppet: ...%s", path, i, got[from:min(len(got), i+150)], w[from:min(len(w), i+150)])
			return nil
		}
		same++
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%d/%d files have the same tree as Puppet's", same, total)
}
