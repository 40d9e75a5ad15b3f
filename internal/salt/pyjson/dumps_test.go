package pyjson

import (
	"math/big"
	"testing"
)

// What Python's json.dumps(v, sort_keys=True, ensure_ascii=False, ...)
// writes for the same values.
func TestDumps(t *testing.T) {
	huge, _ := new(big.Int).SetString("-18446744073709551617", 10)
	data := map[string]any{
		"b": []any{1, 2.5, "x<y & \"z\"\n", huge},
		"a": map[string]any{"é": nil, "t": true},
		"f": 1e20,
		"s": []string{"p", "q"},
		"e": map[string]any{},
		"l": []any{},
	}
	tests := []struct {
		indent  int
		itemSep string
		want    string
	}{
		{-1, ", ", `{"a": {"t": true, "é": null}, "b": [1, 2.5, "x<y & \"z\"\n", -18446744073709551617], "e": {}, "f": 1e+20, "l": [], "s": ["p", "q"]}`},
		{-1, ",", `{"a": {"t": true,"é": null},"b": [1,2.5,"x<y & \"z\"\n",-18446744073709551617],"e": {},"f": 1e+20,"l": [],"s": ["p","q"]}`},
		{2, ",", "{\n  \"a\": {\n    \"t\": true,\n    \"é\": null\n  },\n  \"b\": [\n    1,\n    2.5,\n    \"x<y & \\\"z\\\"\\n\",\n    -18446744073709551617\n  ],\n  \"e\": {},\n  \"f\": 1e+20,\n  \"l\": [],\n  \"s\": [\n    \"p\",\n    \"q\"\n  ]\n}"},
		{0, ",", "{\n\"a\": {\n\"t\": true,\n\"é\": null\n},\n\"b\": [\n1,\n2.5,\n\"x<y & \\\"z\\\"\\n\",\n-18446744073709551617\n],\n\"e\": {},\n\"f\": 1e+20,\n\"l\": [],\n\"s\": [\n\"p\",\n\"q\"\n]\n}"},
	}
	for _, tt := range tests {
		if got := Dumps(data, tt.indent, tt.itemSep); got != tt.want {
			t.Errorf("Dumps(indent %d, %q) =\n%s\nwant\n%s", tt.indent, tt.itemSep, got, tt.want)
		}
	}
}

func TestFloat(t *testing.T) {
	for f, want := range map[float64]string{1: "1.0", 0.1: "0.1", 1e16: "1e+16", 1e15: "1000000000000000.0", 0.0001: "0.0001", 0.00001: "1e-05", 2.5e19: "2.5e+19"} {
		if got := Float(f); got != want {
			t.Errorf("Float(%v) = %q, want %q", f, got, want)
		}
	}
}
