package catalog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestIndentAppend holds indentAppend at depth 0 to json.Indent's output
// for documents without empty arrays or objects.
func TestIndentAppend(t *testing.T) {
	for _, src := range []string{
		`{"c": [1, 2, {"d": "x, y: {z}"}], "e": "q\"uo\\te\\", "f": null, "g": -1.5e3, "h": true}` + "\n",
		"{\n  \"tags\": [\"a\",\"b\"],\n  \"resources\": [\n    {\"type\": \"File\", \"parameters\": {\"content\": \"a\\nb\"}}\n  ]\n}\n",
		`[[[1]], [{"": ""}]]`,
	} {
		var want bytes.Buffer
		if err := json.Indent(&want, []byte(src), "", "  "); err != nil {
			t.Fatal(err)
		}
		if got := indentAppend(nil, []byte(src), 0); string(got) != want.String() {
			t.Errorf("indentAppend(%q) =\n%s\nwant\n%s", src, got, want.String())
		}
	}
}

// TestIndentAppendEmpty checks empty arrays and objects, which Ruby's
// JSON.pretty_generate (and so Puppet) writes over two lines and one,
// and a value that continues a line deeper in.
func TestIndentAppendEmpty(t *testing.T) {
	for _, tc := range []struct {
		src   string
		depth int
		want  string
	}{
		{`{"a": [], "b": {}, "c": [[], {}]}`, 0, "{\n  \"a\": [\n\n  ],\n  \"b\": {\n  },\n  \"c\": [\n    [\n\n    ],\n    {\n    }\n  ]\n}"},
		{"[ ]\n", 0, "[\n\n]\n"},
		{`{}`, 0, "{\n}"},
		{`["x"]`, 2, "[\n      \"x\"\n    ]"},
		{`[]`, 1, "[\n\n  ]"},
	} {
		if got := indentAppend(nil, []byte(tc.src), tc.depth); string(got) != tc.want {
			t.Errorf("indentAppend(%q, %d) =\n%q\nwant\n%q", tc.src, tc.depth, got, tc.want)
		}
	}
}

// prettyByIndent is what WritePretty must write: Encode's output
// indented.
func prettyByIndent(t *testing.T, c *Catalog) string {
	t.Helper()
	var compact bytes.Buffer
	if err := Encode(&compact, c); err != nil {
		t.Fatal(err)
	}
	return string(indentAppend(nil, compact.Bytes(), 0))
}

func checkPretty(t *testing.T, name string, c *Catalog) {
	t.Helper()
	var got bytes.Buffer
	if err := WritePretty(&got, c); err != nil {
		t.Fatal(err)
	}
	if want := prettyByIndent(t, c); got.String() != want {
		t.Errorf("%s: WritePretty differs from Encode indented:\n%s", name, firstDifference(got.String(), want))
	}
}

func firstDifference(got, want string) string {
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	lo := max(0, i-80)
	return fmt.Sprintf("at byte %d\ngot:  %q\nwant: %q", i, got[lo:min(len(got), i+80)], want[lo:min(len(want), i+80)])
}

// TestWritePrettyTestdata writes every catalog of the differential
// tests both ways.
func TestWritePrettyTestdata(t *testing.T) {
	files, err := filepath.Glob("../../testdata/differential/*.json")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		c, err := Decode(data, f)
		if err != nil {
			continue // a malformed catalog, for the errors it gives
		}
		n++
		checkPretty(t, f, c)
	}
	if n == 0 {
		t.Fatal("no catalogs in testdata/differential")
	}
}

// TestWritePrettyValues covers every kind of value, empty and nested,
// strings that need escapes, and enough resources for several chunks.
func TestWritePrettyValues(t *testing.T) {
	hash := NewHash()
	hash.Set("k<&>", []Value{int64(1), 2.5, 3.0, true, nil, "s\n\"q\"\\", []Value{}, NewHash()})
	inner := NewHash()
	inner.Set("deep", []Value{[]Value{"x"}})
	hash.Set("nested", inner)
	rich := &Rich{PType: "Deferred", Data: hash}
	c := &Catalog{
		Name: "node<1>", Environment: "production", Version: "1700000000",
		CatalogUUID: "u", Tags: []string{"a&b", "class"}, Classes: nil,
	}
	for i := range 700 {
		r := &Resource{Type: "File", Title: fmt.Sprintf("/tmp/é%d\x01", i), Line: i % 3, Exported: i%5 == 0, Virtual: i%7 == 0}
		if i%2 == 0 {
			r.Tags = []string{"file", fmt.Sprint(i)}
			r.File = "/site.pp"
			r.Kind = "compilable_type"
		}
		r.KindFirst = i%4 == 0
		switch i % 6 {
		case 0:
			r.Params = []Param{{Name: "content", Value: "x\xff\xfey"}, {Name: "mode", Value: "0644"}}
		case 1:
			r.Params = []Param{{Name: "password", Value: Sensitive{Value: "secret"}}, {Name: "h", Value: hash}}
		case 2:
			r.Params = []Param{{Name: "key", Value: "v"}}
			r.Sensitive = []string{"key"}
		case 3:
			r.Params = []Param{{Name: "d", Value: rich}, {Name: "e", Value: []Value{}}, {Name: "f", Value: NewHash()}}
		case 4:
			r.Params = []Param{{Name: "n", Value: int64(-3)}, {Name: "f", Value: 1e21}, {Name: "s", Value: []Value{Sensitive{Value: int64(1)}}}}
		}
		c.Resources = append(c.Resources, r)
		if i > 0 {
			c.Containment = append(c.Containment, Containment{Container: c.Resources[0].Ref(), Member: r.Ref()})
		}
	}
	checkPretty(t, "values", c)
	checkPretty(t, "empty", &Catalog{Name: "n", Version: "not a number", CodeID: "code"})
	checkPretty(t, "one", &Catalog{Name: "n", Resources: c.Resources[:1]})
}
