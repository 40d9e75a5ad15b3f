package salt

import (
	"fmt"
	"math/big"
)

// jinjaBigInt is an integer beyond 64 bits (from pillar, YAML or JSON)
// as templates see it. It prints, tests true, compares equal to the same
// integer and converts to JSON with all its digits, as in Salt; gonja
// computes in 64 bits, so adding to it or ordering it against a number,
// which in Salt is exact, is a render error instead of a wrong result.
type jinjaBigInt struct{ digits string }

func (b jinjaBigInt) String() string { return b.digits }

// Int is what gonja asks for when it computes with the value.
func (b jinjaBigInt) Int() int {
	panic(fmt.Sprintf("the integer %s is beyond 64 bits: ordo's Jinja does not compute with it", b.digits))
}

// Float64 is what gonja asks for when it computes with a float; the
// nearest float is what Python's float(n) gives too.
func (b jinjaBigInt) Float64() float64 {
	f, _ := new(big.Float).SetPrec(53).SetString(b.digits)
	v, _ := f.Float64()
	return v
}

func (b jinjaBigInt) MarshalJSON() ([]byte, error) { return []byte(b.digits), nil }

// forJinja returns v with its integers beyond 64 bits as jinjaBigInt,
// copying only the maps and lists that hold one.
func forJinja(v any) any {
	out, _ := withJinjaInts(v)
	return out
}

// withJinjaInts is forJinja, and whether v held an integer beyond 64 bits.
func withJinjaInts(v any) (any, bool) {
	switch x := v.(type) {
	case *big.Int:
		return jinjaBigInt{x.String()}, true
	case map[string]any:
		var out map[string]any
		for k, e := range x {
			c, changed := withJinjaInts(e)
			if !changed {
				continue
			}
			if out == nil {
				out = make(map[string]any, len(x))
				for k2, e2 := range x {
					out[k2] = e2
				}
			}
			out[k] = c
		}
		if out == nil {
			return x, false
		}
		return out, true
	case []any:
		var out []any
		for i, e := range x {
			c, changed := withJinjaInts(e)
			if !changed {
				continue
			}
			if out == nil {
				out = append([]any(nil), x...)
			}
			out[i] = c
		}
		if out == nil {
			return x, false
		}
		return out, true
	}
	return v, false
}
