package ruby

import (
	"context"
	"math"
	"strings"
	"testing"
)

// The expected texts are what Ruby 3.1, the Ruby of Puppet 7.23 here,
// prints for the same values.
func TestFormatFloat(t *testing.T) {
	tests := []struct {
		f    float64
		want string
	}{
		{1, "1.0"}, {0.1, "0.1"}, {100.25, "100.25"}, {3e-5, "3.0e-05"}, {1e20, "1.0e+20"},
		{2.5e15, "2.5e+15"}, {1e15, "1.0e+15"}, {999999999999999.9, "999999999999999.9"},
		{1e14, "100000000000000.0"}, {0.0001, "0.0001"}, {0.00001, "1.0e-05"},
		{123456789.123456789, "123456789.12345679"}, {math.Copysign(0, -1), "-0.0"}, {1.0 / 3, "0.3333333333333333"},
	}
	for _, tt := range tests {
		if got := FormatFloat(tt.f); got != tt.want {
			t.Errorf("FormatFloat(%v) = %q, want %q", tt.f, got, tt.want)
		}
	}
}

func TestInspect(t *testing.T) {
	h := NewHash()
	h.Set(Str("a"), int64(1))
	h.Set(Symbol("b"), NewArray(nil, true))
	tests := []struct {
		v    Value
		want string
	}{
		{Str("a\"b\\c\n#{x}"), `"a\"b\\c\n\#{x}"`},
		{Str("\u0001\u007f\u0080\u00a0\u2028\xff\x1bé"), `"\u0001\u007F\u0080` + "\u00a0" + `\u2028\xFF\eé"`},
		{h, `{"a"=>1, :b=>[nil, true]}`},
		{NewArray(Symbol("a b"), Symbol("c?"), Symbol("+"), 1.5), `[:"a b", :c?, :+, 1.5]`},
		{&Range{Lo: int64(1), Hi: int64(3), Excl: true}, "1...3"},
	}
	for _, tt := range tests {
		if got := Inspect(tt.v); got != tt.want {
			t.Errorf("Inspect = %s, want %s", got, tt.want)
		}
	}
}

// TestSprintfRounding: Ruby rounds the shortest decimal digits half to
// even, so 12.345 prints as 12.34 although the double is above it.
func TestSprintfRounding(t *testing.T) {
	tests := []struct{ src, want string }{
		{`"%.2f" % 12.345`, "12.34"}, {`"%.2f" % 2.675`, "2.68"}, {`"%.1f" % 0.25`, "0.2"},
		{`"%.0f" % 2.5`, "2"}, {`"%.2f" % 1.115`, "1.12"}, {`"%.1e" % 1.125`, "1.1e+00"},
		{`"%g" % 0.00001234`, "1.234e-05"}, {`"%g" % 123.455`, "123.455"}, {`"%08.3f" % -3.14159`, "-003.142"},
		{`2.675.round(2)`, "2.68"}, {`1.005.round(2)`, "1.01"}, {`0.285.round(2)`, "0.29"}, {`-2.5.round`, "-3"},
	}
	for _, tt := range tests {
		if got := run(t, tt.src); got != tt.want {
			t.Errorf("%s = %q, want %q", tt.src, got, tt.want)
		}
	}
}

func run(t *testing.T, expr string) string {
	t.Helper()
	prog, err := Parse(&Script{Code: []byte(string(rune(OutputMarker)) + "((" + expr + ").to_s)")})
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	var out strings.Builder
	if err := prog.Run(context.Background(), Host{}, &out); err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return out.String()
}
