package rubyyaml

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// expected.yaml holds what Ruby 3.1's to_yaml (Psych 4.0.3, libyaml
// 0.2.5) printed for each value of input.json:
//
//	ruby -rjson -ryaml -e 'JSON.parse(File.read("input.json")).each { |v| print v.to_yaml; print "=====END=====\n" }'
func TestDumpAsRuby(t *testing.T) {
	in, err := os.ReadFile("testdata/input.json")
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("testdata/expected.yaml")
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(in))
	dec.UseNumber()
	values, err := decodeOrdered(dec)
	if err != nil {
		t.Fatal(err)
	}
	docs := strings.Split(string(want), "=====END=====\n")
	list := values.([]any)
	if len(docs) != len(list)+1 {
		t.Fatalf("%d expected documents for %d values", len(docs)-1, len(list))
	}
	for i, v := range list {
		if got := Dump(v); got != docs[i] {
			t.Errorf("value %d:\n got %q\nwant %q", i, got, docs[i])
		}
	}
}

// decodeOrdered reads JSON keeping the order of objects' keys, integers
// as int64 and other numbers as float64, as Ruby's JSON.parse does.
func decodeOrdered(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch x := tok.(type) {
	case json.Delim:
		if x == '[' {
			out := []any{}
			for dec.More() {
				v, err := decodeOrdered(dec)
				if err != nil {
					return nil, err
				}
				out = append(out, v)
			}
			_, err := dec.Token()
			return out, err
		}
		out := Mapping{}
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return nil, err
			}
			v, err := decodeOrdered(dec)
			if err != nil {
				return nil, err
			}
			out = append(out, Pair{k, v})
		}
		_, err := dec.Token()
		return out, err
	case json.Number:
		if i, err := x.Int64(); err == nil && !strings.ContainsAny(x.String(), ".eE") {
			return i, nil
		}
		return x.Float64()
	}
	return tok, nil
}

// Symbols are written with their colon, plain where libyaml allows it,
// as Ruby's {:backends => ["yaml"]}.to_yaml writes them.
func TestDumpSymbols(t *testing.T) {
	tests := []struct {
		in   any
		want string
	}{
		{Mapping{{Symbol("backends"), []any{"yaml"}}}, "---\n:backends:\n- yaml\n"},
		{Mapping{{Symbol("a b"), int64(1)}, {Symbol("1"), int64(2)}}, "---\n:a b: 1\n:1: 2\n"},
		{Mapping{{Symbol("x:y"), Mapping{{Symbol("yes"), int64(3)}}}}, "---\n:x:y:\n  :yes: 3\n"},
		{Symbol("sym"), "--- :sym\n"},
	}
	for _, tt := range tests {
		if got := Dump(tt.in); got != tt.want {
			t.Errorf("Dump(%#v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
