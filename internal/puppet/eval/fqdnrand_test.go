package eval

import (
	"math/big"
	"testing"
)

// The expected numbers are Ruby 3.1's Random.new(seed).rand(max).
func TestRubyRandom(t *testing.T) {
	for _, tc := range []struct {
		seed string
		max  uint64
		want uint64
	}{
		{"5", 100, 99},
		{"340282366920938463463374607431768211455", 60, 8},
		{"123456789012345678901234567890", 1000000, 75263},
		{"18446744073709551616", 7, 1},
		{"20576397677770568263470740304515456002", 60, 31},
		{"4294967296", 10, 5},
		{"4294967295", 5000000000, 4774314274},
	} {
		seed, _ := new(big.Int).SetString(tc.seed, 10)
		if got := newRubyRandom(seed).limited(tc.max - 1); got != tc.want {
			t.Errorf("Random.new(%s).rand(%d) = %d, want %d", tc.seed, tc.max, got, tc.want)
		}
	}
}
