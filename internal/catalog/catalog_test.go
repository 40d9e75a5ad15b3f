package catalog

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

func TestParseRef(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Ref
		ok   bool
	}{
		{"Notify[x]", Ref{"Notify", "x"}, true},
		{"notify[x]", Ref{"Notify", "x"}, true},
		{"File[/etc/motd]", Ref{"File", "/etc/motd"}, true},
		{"foo::bar[t]", Ref{"Foo::Bar", "t"}, true},
		{"Class[foo::bar]", Ref{"Class", "Foo::Bar"}, true},
		{"Class[main]", Ref{"Class", "main"}, true},
		{"Notify['quoted']", Ref{"Notify", "quoted"}, true},
		{"File[a[b]]", Ref{"File", "a[b]"}, true},
		{"tooth_fairy", Ref{}, false},
		{"[x]", Ref{}, false},
		{"No tify[x]", Ref{}, false},
		{"Notify[x", Ref{}, false},
	} {
		got, ok := ParseRef(tc.in)
		if ok != tc.ok || got != tc.want {
			t.Errorf("ParseRef(%q) = %v, %v; want %v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

// The expected texts are what Puppet 7.23 printed for the same values
// (notify messages and exec returns in noop runs).
func TestFormat(t *testing.T) {
	h := NewHash()
	h.Set("b", int64(1))
	h.Set("a", "x")
	nested := NewHash()
	inner := NewHash()
	inner.Set("x", 1.0)
	nested.Set("k", []Value{int64(1), "two"})
	nested.Set("n", inner)
	for _, tc := range []struct {
		in   Value
		want string
	}{
		{"0644", "'0644'"},
		{"absent", "'absent'"},
		{"", "''"},
		{"it's", `'it\'s'`},
		{`say "hi"`, `'say "hi"'`},
		{"a\nb", `"a\nb"`},
		{"tab\there", `"tab\there"`},
		{[]Value{"0"}, "['0']"},
		{[]Value{"0", "2"}, "['0', '2']"},
		{int64(42), "42"},
		{1.5, "1.500000"},
		{true, "true"},
		{h, "{\n  'b' => 1,\n  'a' => 'x'\n}"},
		{nested, "{\n  'k' => [1, 'two'],\n  'n' => {\n    'x' => 1.0\n  }\n}"},
		{Sensitive{"secret"}, "[redacted]"},
		{nil, "undef"},
	} {
		if got := Format(tc.in); got != tc.want {
			t.Errorf("Format(%#v) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestDecodeErrorsHavePositions(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
	}{
		{"syntax", "{\n  \"resources\": [\n    {\"type\": \"Notify\" \"title\": \"x\"}\n  ]\n}", "c.json:3:24: malformed JSON"},
		{"no type", "{\"resources\": [{\"title\": \"x\"}]}", "c.json:1:16: No resource type provided in serialized data"},
		{"duplicate", "{\"resources\": [\n{\"type\": \"Notify\", \"title\": \"x\"},\n{\"type\": \"Notify\", \"title\": \"x\"}]}", "c.json:3:1: Duplicate declaration: Notify[x] is already declared; cannot redeclare"},
		{"truncated", "{\"resources\": [", "c.json"},
		{"bad edge", "{\"resources\": [], \"edges\": [{\"source\": \"nope\", \"target\": \"Notify[x]\"}]}", "c.json:1:29: No title provided and \"nope\" is not a valid resource reference"},
		{"edge without target", `{"resources": [], "edges": [{"source": "Class[main]"}]}`, "c.json:1:29: No title provided and nil is not a valid resource reference"},
		// Puppet 7.23's agent: Could not find relationship target "Notify[ghost]" for Class[Main]
		{"missing edge target", `{"resources": [{"type": "Class", "title": "main"}],
 "edges": [{"source": "Class[main]", "target": "Notify[ghost]"}]}`, `c.json:2:12: Could not find relationship target "Notify[ghost]" for Class[Main]`},
		// Puppet 7.23's agent: Could not find relationship source "Class[ghost]" for Notify[x]
		{"missing edge source", `{"resources": [{"type": "Notify", "title": "x"}],
 "edges": [{"source": "Class[ghost]", "target": "Notify[x]"}]}`, `c.json:2:12: Could not find relationship source "Class[ghost]" for Notify[x]`},
		{"null", "null", "c.json:1:1: a catalog must be a JSON object, not null"},
		{"array", " [1]", "c.json:1:2: a catalog must be a JSON object, not an array"},
		{"number", `12`, "c.json:1:1: a catalog must be a JSON object, not a number"},
		{"name type", `{"name": ["x"]}`, "c.json:1:11: name must be a string, not an array"},
		{"resources type", `{"resources": {}}`, "c.json:1:16: resources must be an array, not an object"},
		{"resource type type", `{"resources": [{"type": 3}]}`, "c.json:1:26: resource 1: type must be a string, not a number"},
		{"line type", `{"resources": [{"type": "File", "title": "/x", "line": "3"}]}`, "resource 1: line must be an integer, not a string"},
		{"resource not an object", `{"resources": [3]}`, "c.json:1:16: No resource type provided in serialized data"},
		{"parameters not an object", `{"resources": [{"type": "File", "title": "/x", "parameters": [1]}]}`, "c.json:1:16: parameters of File[/x] must be an object"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode([]byte(tc.in), "c.json")
			var de *DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("error %v (%T), want a DecodeError", err, err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q, want it to contain %q", err, tc.want)
			}
			for _, goism := range []string{"wireCatalog", "wireResource", "Go struct", "Go value", "catalog.", "json: ", "%!", "map["} {
				if strings.Contains(err.Error(), goism) {
					t.Errorf("error %q shows Go's %q", err, goism)
				}
			}
		})
	}
}

// An empty object, or a JSON string, is a catalog with nothing in it, as
// Puppet's agent applies it (testdata/malformed/cat-string).
func TestDecodeEmptyCatalogs(t *testing.T) {
	for _, in := range []string{"{}", `"catalog"`, ` ""`} {
		c, err := Decode([]byte(in), "c.json")
		if err != nil || len(c.Resources) != 0 {
			t.Errorf("Decode(%s) = %v, %v; want an empty catalog", in, c, err)
		}
	}
}

// The version prints as Puppet prints it; a newer catalog_format is read
// all the same, as Puppet's agent ignores it (testdata/malformed).
func TestDecodeVersionAndFormat(t *testing.T) {
	for in, want := range map[string]string{
		`{"version": 17}`:                         "17",
		`{"version": "abc"}`:                      "abc",
		`{"version": {"a": 1}}`:                   `{"a"=>1}`,
		`{"version": ["x", 1, null, {"k": "v"}]}`: `["x", 1, nil, {"k"=>"v"}]`,
		`{"version": 1, "catalog_format": 99}`:    "1",
	} {
		c, err := Decode([]byte(in), "c.json")
		if err != nil || c.Version != want {
			t.Errorf("Decode(%s): version %q, %v; want %q", in, c.Version, err, want)
		}
	}
}

// A second declaration of a resource says where both are, as Puppet's does.
func TestDuplicateDeclaration(t *testing.T) {
	c := New("n")
	if err := c.Add(&Resource{Type: "File", Title: "/a", File: "/site.pp", Line: 1}); err != nil {
		t.Fatal(err)
	}
	err := c.Add(&Resource{Type: "File", Title: "/a", File: "/site.pp", Line: 2})
	want := "Duplicate declaration: File[/a] is already declared at (file: /site.pp, line: 1); cannot redeclare (file: /site.pp, line: 2)"
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
}

// A catalog keeps sensitive values for whoever applies it, as Puppet's
// does, and names them; the redacted form, and Format, never show them.
func TestSensitiveValues(t *testing.T) {
	in := `{"name": "n", "resources": [{"type": "File", "title": "/x", "exported": false,
	  "parameters": {"content": "hunter2", "mode": "0600"}, "sensitive_parameters": ["content"]},
	  {"type": "Exec", "title": "e", "exported": false,
	  "parameters": {"command": {"__ptype": "Sensitive", "__pvalue": "/bin/echo hunter2"}}}]}`
	c, err := Decode([]byte(in), "c.json")
	if err != nil {
		t.Fatal(err)
	}
	f := c.Resource(Ref{"File", "/x"})
	if !f.IsSensitive("content") || f.IsSensitive("mode") {
		t.Errorf("sensitivity of content/mode wrong")
	}
	e := c.Resource(Ref{"Exec", "e"})
	v, _ := e.Get("command")
	if Format(v) != Redacted || !e.IsSensitive("command") {
		t.Errorf("Sensitive exec command formats as %s", Format(v))
	}

	var shown bytes.Buffer
	if err := EncodeRedacted(&shown, c); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(shown.String(), "hunter2") {
		t.Errorf("redacted catalog shows a sensitive value:\n%s", shown.String())
	}

	var out bytes.Buffer
	if err := Encode(&out, c); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), `"sensitive_parameters": ["content"]`) || !strings.Contains(out.String(), `"sensitive_parameters": ["command"]`) {
		t.Errorf("encoded catalog lost sensitive_parameters:\n%s", out.String())
	}
	back, err := Decode(out.Bytes(), "again.json")
	if err != nil {
		t.Fatal(err)
	}
	if got := back.Resource(Ref{"File", "/x"}).String("content"); got != "hunter2" {
		t.Errorf("content after a round trip = %q, want the value to apply", got)
	}
	if !back.Resource(Ref{"Exec", "e"}).IsSensitive("command") {
		t.Errorf("command is no longer sensitive after a round trip")
	}
}
