package cli

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestIndentJSON holds indentJSON to json.Indent's output.
func TestIndentJSON(t *testing.T) {
	for _, src := range []string{
		"{}\n",
		"[]",
		`{"a": [], "b": {}, "c": [1, 2, {"d": "x, y: {z}"}], "e": "q\"uo\\te\\", "f": null, "g": -1.5e3, "h": true}` + "\n",
		"{\n  \"tags\": [\"a\",\"b\"],\n  \"resources\": [\n    {\"type\": \"File\", \"parameters\": {\"content\": \"a\\nb\"}}\n  ]\n}\n",
		`[[[]], [{}], {"": ""}]`,
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
