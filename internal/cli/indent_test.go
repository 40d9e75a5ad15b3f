package cli

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestIndentJSON holds indentJSON to json.Indent's output for documents
// without empty arrays or objects.
func TestIndentJSON(t *testing.T) {
	for _, src := range []string{
		`{"c": [1, 2, {"d": "x, y: {z}"}], "e": "q\"uo\\te\\", "f": null, "g": -1.5e3, "h": true}` + "\n",
		"{\n  \"tags\": [\"a\",\"b\"],\n  \"resources\": [\n    {\"type\": \"File\", \"parameters\": {\"content\": \"a\\nb\"}}\n  ]\n}\n",
		`[[[1]], [{"": ""}]]`,
	} {
		var want bytes.Buffer
		if err := json.Indent(&want, []byte(src), "", "  "); err != nil {
			t.Fatal(err)
		}
		if got := indentJSON(nil, []byte(src)); string(got) != want.String() {
			t.Errorf("indentJSON(%q) =\n%s\nwant\n%s", src, got, want.String())
		}
	}
}

// TestIndentJSONEmpty checks empty arrays and objects, which Ruby's
// JSON.pretty_generate (and so Puppet) writes over two lines and one.
func TestIndentJSONEmpty(t *testing.T) {
	for src, want := range map[string]string{
		`{"a": [], "b": {}, "c": [[], {}]}`: "{\n  \"a\": [\n\n  ],\n  \"b\": {\n  },\n  \"c\": [\n    [\n\n    ],\n    {\n    }\n  ]\n}",
		"[ ]\n":                             "[\n\n]\n",
		`{}`:                                "{\n}",
	} {
		if got := indentJSON(nil, []byte(src)); string(got) != want {
			t.Errorf("indentJSON(%q) =\n%q\nwant\n%q", src, got, want)
		}
	}
}
