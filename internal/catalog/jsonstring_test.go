package catalog

import "testing"

// Puppet writes a catalog's strings byte for byte; both decoders keep
// bytes that are not UTF-8, with or without escapes around them.
func TestDecodeKeepsBytes(t *testing.T) {
	for _, tc := range []struct {
		name, json, want string
	}{
		{"raw", "\"a\xff\xfeb\"", "a\xff\xfeb"},
		{"escaped", "\"\xff\\n\\u00e9\\ud83d\\ude00\\tx\"", "\xff\n\u00e9\U0001F600\tx"},
		{"lone surrogate", "\"a\\ud800b\xc3\"", "a\uFFFDb\xc3"},
		{"surrogate then letter", `"\ud800\u0041"`, "\uFFFDA"},
		{"nul", `"a\u0000b"`, "a\x00b"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := []byte(`{"resources": [{"type": "File", "title": "/r/t` + tc.json[1:] + `, "parameters": {"content": ` + tc.json + `, "k` + tc.json[1:] + `: 1}}],` +
				` "edges": [{"source": "Class[main]", "target": "File[/r/t` + tc.json[1:len(tc.json)-1] + `]"}]}`)
			fast, ok := decodeFast(data)
			if !ok {
				t.Fatalf("decodeFast gave up on %q", data)
			}
			general, err := decodeGeneral(data, "x.json")
			if err != nil {
				t.Fatal(err)
			}
			for name, c := range map[string]*Catalog{"fast": fast, "general": general} {
				r := c.Resources[0]
				if r.Title != "/r/t"+tc.want {
					t.Errorf("%s: title %q, want %q", name, r.Title, "/r/t"+tc.want)
				}
				if v, _ := r.Get("content"); v != tc.want {
					t.Errorf("%s: content %q, want %q", name, v, tc.want)
				}
				if _, ok := r.Get("k" + tc.want); !ok {
					t.Errorf("%s: parameter names lost their bytes: %q", name, r.Params)
				}
				if got := c.Containment[0].Member.Title; got != "/r/t"+tc.want {
					t.Errorf("%s: edge target %q", name, got)
				}
			}
		})
	}
}

// A string field of the wrong type keeps encoding/json's positioned error.
func TestDecodeStringFieldTypeError(t *testing.T) {
	_, err := Decode([]byte("{\n  \"name\": 42\n}"), "c.json")
	want := "c.json:2:13: name has the wrong type: expected string, got JSON number"
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}
