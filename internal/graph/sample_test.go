package graph

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
)

// TestPuppetSample checks a catalog compiled by Puppet 7.23 against what
// its agent wrote with --graph and logged with --evaltrace --debug
// (testdata/sample: case.pp, catalog.json, *.dot, apply.log).
func TestPuppetSample(t *testing.T) {
	dir := "testdata/sample"
	data, err := os.ReadFile(filepath.Join(dir, "catalog.json"))
	if err != nil {
		t.Fatal(err)
	}
	c, err := catalog.Decode(data, "catalog.json")
	if err != nil {
		t.Fatal(err)
	}
	appendDefaults(t, c)
	var debug []string
	g, err := Build(c, Options{Types: testTypes(), Debug: func(src, msg string) { debug = append(debug, "Debug: "+src+": "+msg) }})
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	if err := g.WriteDOT(out); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"resources.dot", "relationships.dot", "expanded_relationships.dot"} {
		want, _ := os.ReadFile(filepath.Join(dir, name))
		got, _ := os.ReadFile(filepath.Join(out, name))
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs:\n%s", name, lineDiff(string(got), string(want)))
		}
	}
	log, _ := os.ReadFile(filepath.Join(dir, "apply.log"))
	want := startLines(string(log))
	got := walkLines(g)
	if got != want {
		t.Errorf("walk order differs:\n%s", lineDiff(got, want))
	}
	var wantDebug []string
	for _, l := range strings.Split(string(log), "\n") {
		if strings.HasPrefix(l, "Debug: ") && relDebug.MatchString(l) {
			wantDebug = append(wantDebug, l)
		}
	}
	if g, w := strings.Join(debug, "\n"), strings.Join(wantDebug, "\n"); g != w {
		t.Errorf("debug lines differ:\n%s", lineDiff(g, w))
	}
}

var relDebug = regexp.MustCompile(`: (require|subscribe|before|notify) to |automatic relationship|auto(require|before) relationship`)

var startRE = regexp.MustCompile(`^Info: (.*): Starting to evaluate the resource \((\d+) of (\d+)\)$`)

// startLines extracts "source N of M" from a log's evaltrace lines.
func startLines(log string) string {
	var b strings.Builder
	for _, l := range strings.Split(log, "\n") {
		if m := startRE.FindStringSubmatch(l); m != nil {
			b.WriteString(m[1] + " " + m[2] + " of " + m[3] + "\n")
		}
	}
	return b.String()
}

func walkLines(g *Graph) string {
	var b strings.Builder
	order := g.Order()
	for i, v := range order {
		b.WriteString(g.Path(v) + " " + strconv.Itoa(i+1) + " of " + strconv.Itoa(g.Len()) + "\n")
	}
	return b.String()
}

// lineDiff shows the first differing lines of two texts.
func lineDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	var b strings.Builder
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			b.WriteString("line " + strconv.Itoa(i+1) + ":\n  got:  " + gl + "\n  want: " + wl + "\n")
			if b.Len() > 2000 {
				break
			}
		}
	}
	return b.String()
}
