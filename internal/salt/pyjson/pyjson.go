// Package pyjson decodes JSON into the values Python's json module gives
// Salt: whole numbers are integers of any size, other numbers floats.
package pyjson

import (
	"bytes"
	"encoding/json"
	"math/big"
)

// Decode decodes the first JSON value of b.
func Decode(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	return Numbers(v), nil
}

// Numbers replaces, in place through arrays and objects, each json.Number
// of v by an int, a *big.Int when it does not fit in 64 bits, or a
// float64 when it is not whole, as Python's json module reads numbers.
func Numbers(v any) any {
	switch v := v.(type) {
	case json.Number:
		if n, err := v.Int64(); err == nil {
			return int(n)
		}
		if b, ok := new(big.Int).SetString(v.String(), 10); ok {
			return b
		}
		f, _ := v.Float64()
		return f
	case []any:
		for i := range v {
			v[i] = Numbers(v[i])
		}
	case map[string]any:
		for k := range v {
			v[k] = Numbers(v[k])
		}
	}
	return v
}
