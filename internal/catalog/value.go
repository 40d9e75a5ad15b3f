package catalog

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Value is a parameter value: nil (undef), string, bool, int64, float64,
// []Value, *Hash, Sensitive, or *Rich for a typed value this package does
// not interpret (Puppet's Deferred, Timestamp, ...).
type Value = any

// Sensitive wraps a value that no output may show.
type Sensitive struct{ Value Value }

// Redacted is how a sensitive value is shown.
const Redacted = "[redacted]"

// Hash is an insertion-ordered map with string keys.
type Hash struct {
	keys []string
	vals map[string]Value
}

// NewHash returns an empty hash.
func NewHash() *Hash { return &Hash{vals: map[string]Value{}} }

// Set sets key to v, keeping the key's first position.
func (h *Hash) Set(key string, v Value) {
	if _, ok := h.vals[key]; !ok {
		h.keys = append(h.keys, key)
	}
	h.vals[key] = v
}

// Get returns the value at key.
func (h *Hash) Get(key string) (Value, bool) {
	v, ok := h.vals[key]
	return v, ok
}

// Keys returns the keys in insertion order.
func (h *Hash) Keys() []string { return h.keys }

// Len is the number of entries.
func (h *Hash) Len() int { return len(h.keys) }

// Rich is a typed value carried through unchanged, such as Puppet's
// {"__ptype": "Deferred", ...}.
type Rich struct {
	PType string
	Data  *Hash
}

// Format renders v the way Puppet shows values in change messages:
// scalars in single quotes, arrays as ['a', 'b'], hashes as {'k' => 'v'},
// sensitive values as [redacted]. Hash keys are shown sorted.
func Format(v Value) string {
	var b strings.Builder
	format(&b, v)
	return b.String()
}

func format(b *strings.Builder, v Value) {
	switch x := v.(type) {
	case nil:
		b.WriteString("undef")
	case []Value:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			format(b, e)
		}
		b.WriteByte(']')
	case *Hash:
		// Puppet sorts the keys for display.
		b.WriteByte('{')
		for i, k := range x.SortedKeys() {
			if i > 0 {
				b.WriteString(", ")
			}
			format(b, k)
			b.WriteString(" => ")
			format(b, x.vals[k])
		}
		b.WriteByte('}')
	case Sensitive:
		b.WriteString(Redacted)
	default:
		b.WriteByte('\'')
		b.WriteString(Scalar(x))
		b.WriteByte('\'')
	}
}

// Scalar renders a scalar without quotes: strings as they are, numbers in
// Puppet's notation, booleans as true/false.
func Scalar(v Value) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case bool:
		return strconv.FormatBool(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case int:
		return strconv.Itoa(x)
	case float64:
		s := strconv.FormatFloat(x, 'f', -1, 64)
		if !strings.ContainsAny(s, ".eE") {
			s += ".0"
		}
		return s
	case Sensitive:
		return Redacted
	case *Rich:
		return "#<" + x.PType + ">"
	}
	return fmt.Sprint(v)
}

// Strings returns v as a list of strings: a scalar becomes a one-element
// list, an array is flattened, undef is empty.
func Strings(v Value) []string {
	switch x := v.(type) {
	case nil:
		return nil
	case []Value:
		var out []string
		for _, e := range x {
			out = append(out, Strings(e)...)
		}
		return out
	case Sensitive:
		return Strings(x.Value)
	}
	return []string{Scalar(v)}
}

// Truthy reports whether v is Puppet-true for a boolean parameter: true or
// the strings "true"/"yes".
func Truthy(v Value) bool {
	switch x := v.(type) {
	case bool:
		return x
	case string:
		return x == "true" || x == "yes"
	}
	return false
}

// SortedKeys returns a hash's keys sorted, for stable output.
func (h *Hash) SortedKeys() []string {
	ks := append([]string(nil), h.keys...)
	sort.Strings(ks)
	return ks
}
