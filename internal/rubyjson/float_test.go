package rubyjson

import "testing"

// The expectations are Ruby 3.1's Float#to_s (ruby -e 'p x.to_s').
func TestFloat(t *testing.T) {
	for _, c := range []struct {
		f    float64
		want string
	}{
		{1e15, "1.0e+15"}, {9999999999999998.0, "9.999999999999998e+15"}, {1e16, "1.0e+16"},
		{123456789012345.6, "123456789012345.6"}, {0.0001, "0.0001"}, {0.00009, "9.0e-05"},
		{1.5, "1.5"}, {3, "3.0"}, {-0.5, "-0.5"}, {0, "0.0"},
	} {
		if got := Float(c.f); got != c.want {
			t.Errorf("Float(%v) = %q, want %q", c.f, got, c.want)
		}
	}
}
