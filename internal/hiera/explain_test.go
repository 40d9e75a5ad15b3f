package hiera

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestExplainMatchesPuppet compares Explain with what `puppet lookup
// --explain` printed for each line of testdata/lookup/explain.txt.
func TestExplainMatchesPuppet(t *testing.T) {
	dir := filepath.Join("testdata", "lookup")
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	queries, answers := readGolden(t, filepath.Join(dir, "explain.golden"))
	scope := loadFactScope(t, filepath.Join(dir, "facts.yaml"))
	for _, q := range queries {
		h := testHiera(abs, nil) // a fresh one, as each puppet lookup is
		req := cliRequest(q)
		text, v, err := h.Explain(context.Background(), scope, req)
		got := strings.ReplaceAll(text, abs, "@HERE@")
		if err != nil {
			if IsNotFound(err) {
				got += err.Error()
			} else {
				got += "error: " + err.Error()
			}
		}
		_ = v
		want := answers[q]
		if strings.TrimRight(got, "\n") != strings.TrimRight(want, "\n") {
			t.Errorf("puppet lookup --explain %s\n%s", q, lineDiff(got, want))
		}
	}
}

// lineDiff shows the first lines where got and want part.
func lineDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			lo := max(0, i-3)
			return "line " + itoa(i+1) + ":\n got: " + strings.Join(g[lo:min(len(g), i+3)], "\n      ") +
				"\nwant: " + strings.Join(w[lo:min(len(w), i+3)], "\n      ")
		}
	}
	return ""
}

func itoa(i int) string { return strconv.Itoa(i) }
