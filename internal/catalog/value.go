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

// RedactedInside is how a sensitive value inside an array or a hash is
// shown: Puppet's inspect of its Sensitive object.
const RedactedInside = "#<Sensitive [value redacted]>"

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

// Format renders v the way Puppet 7 shows property values in change,
// noop and failure messages (its string converter with the parameter
// format): strings quoted ('x', or "a\nb" when they hold control
// characters), numbers and booleans bare, a float with six decimals,
// arrays as ['a', 1], hashes over several lines in insertion order, and
// sensitive values as [redacted] (#<Sensitive [value redacted]> inside an
// array or a hash).
func Format(v Value) string {
	var b strings.Builder
	switch x := v.(type) {
	case float64:
		b.WriteString(strconv.FormatFloat(x, 'f', 6, 64))
	case *Hash:
		formatHash(&b, x, "")
	case Sensitive:
		b.WriteString(Redacted)
	default:
		format(&b, v, "")
	}
	return b.String()
}

// format renders a value inside another, or a top-level scalar; indent is
// the indentation of the enclosing multi-line hash, if any.
func format(b *strings.Builder, v Value, indent string) {
	switch x := v.(type) {
	case nil:
		b.WriteString("undef")
	case string:
		quote(b, x)
	case bool, int64, int:
		b.WriteString(Scalar(x))
	case float64:
		b.WriteString(Scalar(x))
	case []Value:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			format(b, e, indent)
		}
		b.WriteByte(']')
	case *Hash:
		formatHash(b, x, indent)
	case Sensitive:
		b.WriteString(RedactedInside)
	default:
		quote(b, Scalar(x))
	}
}

// formatHash writes a hash one entry a line, nested hashes indented.
func formatHash(b *strings.Builder, h *Hash, indent string) {
	if h.Len() == 0 {
		b.WriteString("{}")
		return
	}
	inner := indent + "  "
	b.WriteString("{\n")
	for i, k := range h.keys {
		b.WriteString(inner)
		quote(b, k)
		b.WriteString(" => ")
		format(b, h.vals[k], inner)
		if i < len(h.keys)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString(indent)
	b.WriteByte('}')
}

// PuppetQuote is s as Puppet quotes a string for display (quote).
func PuppetQuote(s string) string {
	var b strings.Builder
	quote(&b, s)
	return b.String()
}

// quote writes s as Puppet quotes a string for display (its string
// converter's puppet_quote): in single quotes, where a quote is escaped
// and a backslash is kept as it is (Puppet holds it for the next
// character and writes it once at the end), or in double
// quotes with escapes when it holds a control character.
func quote(b *strings.Builder, s string) {
	for _, r := range s {
		if r < 0x20 {
			doubleQuote(b, s)
			return
		}
	}
	b.WriteByte('\'')
	escaped := false
	for _, r := range s {
		switch {
		case escaped:
			b.WriteByte('\\')
			b.WriteRune(r)
			escaped = false
		case r == '\'':
			b.WriteString(`\'`)
		case r == '\\':
			escaped = true
		default:
			b.WriteRune(r)
		}
	}
	if escaped {
		b.WriteByte('\\') // the held backslash, written once, as Puppet does
	}
	b.WriteByte('\'')
}

// PuppetDoubleQuote renders s in double quotes as Puppet's string
// converter does with the # flag (String(s, '%#p')).
func PuppetDoubleQuote(s string) string {
	var b strings.Builder
	doubleQuote(&b, s)
	return b.String()
}

func doubleQuote(b *strings.Builder, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		case '\r':
			b.WriteString(`\r`)
		case '"', '\\', '$':
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			if r < 0x20 {
				fmt.Fprintf(b, "\\u{%X}", r)
				continue
			}
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
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
	// Arrays and hashes read as Puppet shows them, never as Go does.
	return Format(v)
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
