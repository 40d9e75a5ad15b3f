package datafile

import (
	"bufio"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
)

// rubyJSON renders a value as Ruby's JSON.generate does (NaN and
// Infinity allowed), to compare with what Psych gave Ruby.
func rubyJSON(v catalog.Value) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case string:
		b, _ := json.Marshal(x)
		return string(b)
	case bool:
		return strconv.FormatBool(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		switch {
		case math.IsInf(x, 1):
			return "Infinity"
		case math.IsInf(x, -1):
			return "-Infinity"
		case math.IsNaN(x):
			return "NaN"
		}
		s := strconv.FormatFloat(x, 'f', -1, 64)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	case []catalog.Value:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = rubyJSON(e)
		}
		return "[" + strings.Join(parts, ",") + "]"
	case *catalog.Hash:
		parts := make([]string, 0, x.Len())
		for _, k := range x.Keys() {
			e, _ := x.Get(k)
			parts = append(parts, rubyJSON(k)+":"+rubyJSON(e))
		}
		return "{" + strings.Join(parts, ",") + "}"
	}
	return "?"
}

// TestYAMLMatchesPsych compares every entry of testdata/scalars.yaml with
// the value and class Ruby's Psych gave it (testdata/record.rb).
func TestYAMLMatchesPsych(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "scalars.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	v, err := YAML(data)
	if err != nil {
		t.Fatal(err)
	}
	h := v.(*catalog.Hash)
	f, err := os.Open(filepath.Join("testdata", "scalars.golden"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		key, rest, _ := strings.Cut(sc.Text(), " ")
		i := strings.LastIndexByte(rest, ' ')
		want := rest[:i]
		got, ok := h.Get(key)
		if !ok {
			t.Errorf("%s: missing", key)
			continue
		}
		if rubyJSON(got) != want {
			t.Errorf("%s: got %s, Psych %s", key, rubyJSON(got), want)
		}
		n++
	}
	if n != h.Len() {
		t.Errorf("compared %d of %d entries", n, h.Len())
	}
}

func TestYAMLErrors(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"a: [1\nb: 2\n", "did not find expected ',' or ']' while parsing a flow sequence at line 1 column 4"},
		{"d: 2001-12-14\n", "Tried to load unspecified class: Date"},
		{"t: 2001-12-14 21:59:43\n", "Tried to load unspecified class: Time"},
	} {
		_, err := YAML([]byte(tc.in))
		if err == nil || err.Error() != tc.want {
			t.Errorf("%q: got %v, want %q", tc.in, err, tc.want)
		}
	}
	if v, err := YAML(nil); err != nil || v != nil {
		t.Errorf("empty: %v %v", v, err)
	}
}

func TestJSONKeepsOrder(t *testing.T) {
	v, err := JSON([]byte(`{"z": 1, "a": [1.5, 2, "x", null, true], "m": {"b": 1, "a": 2}, "big": 12345678901234567890}`))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := rubyJSON(v), `{"z":1,"a":[1.5,2,"x",null,true],"m":{"b":1,"a":2},"big":12345678901234567000.0}`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	for _, bad := range []string{`{"a":}`, `[1,]`, `{} {}`} {
		if _, err := JSON([]byte(bad)); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// TestAliasBomb: nested aliases that would expand to billions of values
// are an error, not an exhausted machine.
func TestAliasBomb(t *testing.T) {
	doc := "a: &a [x, x, x, x, x, x, x, x, x]\n"
	prev := "a"
	for _, name := range []string{"b", "c", "d", "e", "f", "g", "h", "i"} {
		doc += name + ": &" + name + " [" + strings.Repeat("*"+prev+", ", 8) + "*" + prev + "]\n"
		prev = name
	}
	if _, err := YAML([]byte(doc)); err == nil || !strings.Contains(err.Error(), "too many values") {
		t.Errorf("got %v", err)
	}
}
