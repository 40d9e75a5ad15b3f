package erb

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/ordoproject/ordo/internal/catalog"
)

// TestRenderGoldens renders the cases of testdata/render/*.txtar and
// compares them with what Puppet 7.23 gave for the same template and
// variables (recorded by testdata/record.py): NAME.out is the output
// plus one newline; NAME.err is "line N" and the error's detail.
func TestRenderGoldens(t *testing.T) {
	archives, _ := filepath.Glob("testdata/render/*.txtar")
	if len(archives) == 0 {
		t.Fatal("no goldens")
	}
	// more goldens, such as popular modules' templates recorded with
	// testdata/record.py, that are not part of the repository
	if dir := os.Getenv("ORDO_ERB_GOLDENS"); dir != "" {
		more, _ := filepath.Glob(filepath.Join(dir, "*.txtar"))
		archives = append(archives, more...)
	}
	for _, path := range archives {
		ar, err := txtar.ParseFile(path)
		if err != nil {
			t.Fatal(err)
		}
		files := map[string][]byte{}
		for _, f := range ar.Files {
			files[f.Name] = f.Data
		}
		for _, f := range ar.Files {
			if !strings.HasSuffix(f.Name, ".erb") {
				continue
			}
			base := strings.TrimSuffix(f.Name, ".erb")
			t.Run(filepath.Base(path)+"/"+base, func(t *testing.T) {
				scope, err := goldenScope(files[base+".vars"])
				if err != nil {
					t.Fatal(err)
				}
				out, err := renderString(f.Name, f.Data, scope)
				if want, ok := files[base+".out"]; ok {
					if err != nil {
						t.Fatalf("error %v, want output %q", err, clip(string(want)))
					}
					if got := out + "\n"; got != string(want) {
						t.Errorf("output differs: %s", firstDifference(got, string(want)))
					}
					return
				}
				want, ok := files[base+".err"]
				if !ok {
					t.Fatalf("no %s.out or %s.err: record it with testdata/record.py", base, base)
				}
				var e *Error
				if !errors.As(err, &e) {
					t.Fatalf("got %q, %v; want error %q", clip(out), err, want)
				}
				lines := strings.SplitN(string(want), "\n", 2)
				var wantLine int
				fmt.Sscanf(lines[0], "line %d", &wantLine)
				// an error raised inside Puppet's own Ruby (scope.rb) has
				// a line of that file, not of the template
				inTemplate := wantLine <= bytes.Count(f.Data, []byte("\n"))+1
				if got := fmt.Sprintf("line %d", e.Pos.Line); inTemplate && got != lines[0] {
					t.Errorf("error at %s, want %s (%v)", got, lines[0], e)
				}
				// the recorder's classes are C_<n>; the test scope is Class[C]
				detail := scopeName.ReplaceAllString(strings.TrimSuffix(lines[1], "\n"), "Scope(Class[C])")
				if detail == "syntax error" {
					if e.Class != "SyntaxError" {
						t.Errorf("got %s %q, want a syntax error", e.Class, e.Detail)
					}
					return
				}
				if e.Detail != detail {
					t.Errorf("detail %q, want %q", e.Detail, detail)
				}
			})
		}
	}
}

func renderString(name string, src []byte, scope Scope) (string, error) {
	tm, err := Parse(name, src)
	if err != nil {
		return "", err
	}
	return tm.Render(context.Background(), scope)
}

// goldenScope builds the variables of a case from its JSON: a number with
// a point or an exponent is a Float, null is undef.
func goldenScope(data []byte) (Scope, error) {
	s := funcScope{vars: mapScope{}}
	if len(bytes.TrimSpace(data)) == 0 {
		return s, nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var raw map[string]any
	if err := dec.Decode(&raw); err != nil {
		return nil, err
	}
	// keep the JSON's key order for hashes
	ordered, err := decodeOrdered(data)
	if err != nil {
		return nil, err
	}
	h := ordered.(*catalog.Hash)
	for _, k := range h.Keys() {
		v, _ := h.Get(k)
		s.vars[k] = v
	}
	return s, nil
}

// decodeOrdered decodes JSON into catalog values, hashes in key order.
func decodeOrdered(data []byte) (catalog.Value, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return decodeValue(dec)
}

func decodeValue(dec *json.Decoder) (catalog.Value, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch x := tok.(type) {
	case json.Delim:
		switch x {
		case '{':
			h := catalog.NewHash()
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := decodeValue(dec)
				if err != nil {
					return nil, err
				}
				h.Set(kt.(string), v)
			}
			_, err := dec.Token()
			if v, ok := h.Get("__sensitive"); ok && h.Len() == 1 {
				return catalog.Sensitive{Value: v}, err
			}
			return h, err
		case '[':
			out := []catalog.Value{}
			for dec.More() {
				v, err := decodeValue(dec)
				if err != nil {
					return nil, err
				}
				out = append(out, v)
			}
			_, err := dec.Token()
			return out, err
		}
	case json.Number:
		if strings.ContainsAny(string(x), ".eE") {
			return x.Float64()
		}
		return x.Int64()
	case string, bool, nil:
		return x, nil
	}
	return nil, fmt.Errorf("unexpected JSON token %v", tok)
}

var scopeName = regexp.MustCompile(`Scope\(Class\[C_\d+\]\)`)

// funcScope adds the Puppet functions the goldens call (upcase, join and
// fail) and scope.to_hash and scope.setvar.
type funcScope struct{ vars mapScope }

func (s funcScope) String() string { return "Scope(Class[C])" }

func (s funcScope) LookupVar(name string) (catalog.Value, bool) { return s.vars.LookupVar(name) }

func (s funcScope) CallFunction(ctx context.Context, name string, args []catalog.Value) (catalog.Value, error) {
	switch name {
	case "upcase":
		switch x := args[0].(type) {
		case string:
			return strings.ToUpper(x), nil
		case []catalog.Value:
			out := make([]catalog.Value, len(x))
			for i, e := range x {
				out[i] = strings.ToUpper(e.(string))
			}
			return out, nil
		}
	case "fail":
		return nil, errors.New(args[0].(string))
	case "join":
		var parts []string
		for _, e := range args[0].([]catalog.Value) {
			parts = append(parts, catalog.Scalar(e))
		}
		sep := ""
		if len(args) > 1 {
			sep = args[1].(string)
		}
		return strings.Join(parts, sep), nil
	}
	return nil, fmt.Errorf("Unknown function '%s'", name)
}

func (s funcScope) Variables() *catalog.Hash {
	h := catalog.NewHash()
	for k, v := range s.vars {
		if v != nil {
			h.Set(k, v)
		}
	}
	return h
}

func (s funcScope) SetVar(name string, v catalog.Value) error {
	if _, ok := s.vars[name]; ok {
		return fmt.Errorf("Cannot reassign variable '$%s'", name)
	}
	s.vars[name] = v
	return nil
}

func clip(s string) string {
	if len(s) > 300 {
		return s[:300] + "..."
	}
	return s
}

// firstDifference shows the first line where got and want differ.
func firstDifference(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl || i >= len(g) || i >= len(w) {
			return fmt.Sprintf("line %d:\n got %q\nwant %q", i+1, gl, wl)
		}
	}
	return "no difference"
}
