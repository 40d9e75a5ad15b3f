package diag

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/ordoproject/ordo/internal/source"
)

func sample() List {
	f := source.NewFile("site.pp", []byte("class {\n  'x':\n}}\n"))
	return List{{
		Severity: Error,
		Code:     SyntaxError,
		Summary:  "Syntax error at '}'",
		Detail:   "expected a statement",
		Subject:  source.Range{File: f, Start: 16, End: 17},
		Related:  []Related{{Message: "block opened here", Range: source.Range{File: f, Start: 6, End: 7}}},
	}}
}

func TestWriteText(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteText(&buf, sample()); err != nil {
		t.Fatal(err)
	}
	want := "site.pp:3:2: error: Syntax error at '}' [PUP-SYNTAX]\n" +
		"  expected a statement\n" +
		"}}\n" +
		" ^\n" +
		"site.pp:1:7: note: block opened here\n" +
		"class {\n" +
		"      ^\n"
	if buf.String() != want {
		t.Errorf("got\n%s\nwant\n%s", buf.String(), want)
	}
}

func TestWriteJSON(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteJSON(&buf, sample()); err != nil {
		t.Fatal(err)
	}
	var got []map[string]any
	if err := json.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got[0]["code"] != "PUP-SYNTAX" || got[0]["severity"] != "error" {
		t.Errorf("unexpected JSON %s", buf.String())
	}
	start := got[0]["subject"].(map[string]any)["start"].(map[string]any)
	if start["line"].(float64) != 3 || start["column"].(float64) != 2 {
		t.Errorf("unexpected start %v", start)
	}
}

func TestListIsError(t *testing.T) {
	var err error = sample()
	var l List
	if !errors.As(err, &l) || len(l) != 1 {
		t.Fatal("List does not work with errors.As")
	}
	if got := err.Error(); got != "site.pp:3:2: Syntax error at '}' (expected a statement)" {
		t.Errorf("Error() = %q", got)
	}
	if (List{}).Err() != nil {
		t.Error("empty list should not be an error")
	}
}

func TestConstructors(t *testing.T) {
	f := source.NewFile("a.pp", []byte("x = 1\n"))
	d := Errorf(SyntaxError, f.Range(0, 1), "bad %s", "x")
	if d.Severity != Error || d.Error() != "a.pp:1:1: bad x" {
		t.Errorf("Errorf = %+v", d)
	}
	w := Warningf(BadEscape, f.Range(2, 3), "odd")
	l := List{w}
	if l.HasErrors() || l.Err() != nil {
		t.Error("a warning alone is not an error")
	}
	l = append(l, d)
	if !l.HasErrors() || l.Err() == nil || l.Error() != "a.pp:1:3: odd (and 1 more)" {
		t.Errorf("List = %v", l)
	}
}
