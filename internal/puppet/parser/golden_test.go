package parser

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/ordoproject/ordo/internal/diag"
	"github.com/ordoproject/ordo/internal/puppet/ast"
	"github.com/ordoproject/ordo/internal/source"
)

var update = flag.Bool("update", false, "rewrite the expected dumps in testdata/*.txtar")

// render parses one source file and renders its dump followed by any
// diagnostics, as stored in the goldens.
func render(name string, src []byte) string {
	prog, diags := ParseFile(source.NewFile(name, src))
	var b bytes.Buffer
	b.WriteString(ast.Dump(prog))
	if len(diags) > 0 {
		b.WriteString("## diagnostics\n")
		diag.WriteText(&b, diags)
	}
	return b.String()
}

// TestGolden parses each .pp and .epp file in testdata/*.txtar and compares
// the result with the file of the same name ending in ".dump".
func TestGolden(t *testing.T) {
	archives, _ := filepath.Glob("testdata/*.txtar")
	if len(archives) == 0 {
		t.Fatal("no testdata/*.txtar")
	}
	for _, path := range archives {
		t.Run(filepath.Base(path), func(t *testing.T) {
			ar, err := txtar.ParseFile(path)
			if err != nil {
				t.Fatal(err)
			}
			want := map[string]string{}
			for _, f := range ar.Files {
				if strings.HasSuffix(f.Name, ".dump") {
					want[strings.TrimSuffix(f.Name, ".dump")] = string(f.Data)
				}
			}
			var out []txtar.File
			changed := false
			for _, f := range ar.Files {
				if strings.HasSuffix(f.Name, ".dump") {
					continue
				}
				out = append(out, f)
				if !strings.HasSuffix(f.Name, ".pp") && !strings.HasSuffix(f.Name, ".epp") {
					continue
				}
				got := render(f.Name, f.Data)
				if got != want[f.Name] {
					if *update {
						changed = true
					} else {
						t.Errorf("%s: dump differs\n--- got\n%s--- want\n%s", f.Name, got, want[f.Name])
					}
				}
				out = append(out, txtar.File{Name: f.Name + ".dump", Data: []byte(got)})
			}
			if *update && changed {
				ar.Files = out
				if err := os.WriteFile(path, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// expectRE matches an expected-error marker: "### <col>: <message>".
var expectRE = regexp.MustCompile(`### (\d+): (.*)$`)

// TestErrors checks testdata/errors.pp: chunks separated by "---" lines are
// parsed (and, when they parse, validated) one by one, and every error must match a "### col: message" marker
// on the line it is reported for (and every marker must be matched). The
// message is a prefix of the diagnostic's summary.
func TestErrors(t *testing.T) {
	data, err := os.ReadFile("testdata/errors.pp")
	if err != nil {
		t.Fatal(err)
	}
	chunks := strings.Split(string(data), "\n---\n")
	line0 := 0
	for _, chunk := range chunks {
		type want struct {
			line, col int
			msg       string
		}
		var wants []want
		for i, l := range strings.Split(chunk, "\n") {
			if m := expectRE.FindStringSubmatch(l); m != nil {
				col, _ := strconv.Atoi(m[1])
				wants = append(wants, want{i + 1, col, m[2]})
			}
		}
		src := strings.TrimSuffix(chunk, "\n")
		name := "errors.pp"
		if strings.HasPrefix(src, "<%#epp%>") {
			name = "errors.epp"
		}
		prog, diags := ParseFile(source.NewFile(name, []byte(src)))
		if !diags.HasErrors() {
			diags = append(diags, Validate(prog)...)
		}
		matched := make([]bool, len(wants))
		for _, d := range diags {
			if d.Severity != diag.Error {
				continue
			}
			pos := d.Subject.Position()
			ok := false
			for i, w := range wants {
				if !matched[i] && w.line == pos.Line && w.col == pos.Column && strings.HasPrefix(d.Summary, w.msg) {
					matched[i], ok = true, true
					break
				}
			}
			if !ok {
				t.Errorf("errors.pp:%d:%d: unexpected error: %s", line0+pos.Line, pos.Column, d.Summary)
			}
		}
		for i, w := range wants {
			if !matched[i] {
				t.Errorf("errors.pp:%d:%d: expected error %q not reported", line0+w.line, w.col, w.msg)
			}
		}
		line0 += strings.Count(chunk, "\n") + 2
	}
}
