package pyjson

import (
	"math/big"
	"reflect"
	"testing"
)

func TestDecode(t *testing.T) {
	huge, _ := new(big.Int).SetString("123456789012345678901234567890", 10)
	for _, c := range []struct {
		in   string
		want any
	}{
		{`10`, 10},
		{`-3`, -3},
		{`1.0`, 1.0},
		{`1e5`, 1e5},
		{`123456789012345678901234567890`, huge},
		{`{"a": [1, 2.5, "x", null, true]}`, map[string]any{"a": []any{1, 2.5, "x", nil, true}}},
	} {
		got, err := Decode([]byte(c.in))
		if err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %#v, want %#v", c.in, got, c.want)
		}
	}
	if _, err := Decode([]byte(`{"a":`)); err == nil {
		t.Error("truncated JSON decoded")
	}
}
