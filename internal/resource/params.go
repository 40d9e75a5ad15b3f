package resource

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/ordoproject/ordo/internal/catalog"
)

// UnknownParamError is an attribute that neither the type nor the
// metaparameters know.
type UnknownParamError struct {
	Ref        catalog.Ref
	Param      string
	Suggestion string // "" when nothing is close
}

func (e *UnknownParamError) Error() string {
	msg := fmt.Sprintf("no parameter named '%s' on %s", e.Param, e.Ref)
	if e.Suggestion != "" {
		msg += fmt.Sprintf("; did you mean '%s'?", e.Suggestion)
	}
	return msg
}

// Suggest returns the candidate closest to name by edit distance, or ""
// when none is within a third of the name's length (at least 1, at most 3).
func Suggest(name string, candidates []string) string {
	limit := len(name) / 3
	if limit < 1 {
		limit = 1
	}
	if limit > 3 {
		limit = 3
	}
	best, bestDist := "", limit+1
	for _, c := range candidates {
		if d := distance(name, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// distance is the Levenshtein distance between a and b.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// ParamError is an invalid attribute value, worded as Puppet words it:
// "Parameter mode failed on File[/x]: <what is wrong>".
type ParamError struct {
	Ref   catalog.Ref
	Param string
	Msg   string
}

func (e *ParamError) Error() string {
	return fmt.Sprintf("Parameter %s failed on %s: %s", e.Param, e.Ref, e.Msg)
}

// Inspect renders a bad value the way Puppet quotes it in errors, as
// Ruby's inspect does: strings in double quotes with escapes, arrays in
// brackets, hashes as {"k"=>v}, undef as nil, numbers and booleans bare.
func Inspect(v catalog.Value) string {
	if _, ok := v.(catalog.Sensitive); ok {
		return catalog.Redacted
	}
	var b strings.Builder
	inspect(&b, v)
	return b.String()
}

func inspect(b *strings.Builder, v catalog.Value) {
	switch x := v.(type) {
	case nil:
		b.WriteString("nil")
	case string:
		inspectString(b, x)
	case float64:
		// Ruby writes floats in full from 1e-4 up to 1e15, and with an
		// exponent of at least two digits (1.0e+15, 1.0e-05) outside.
		s := strconv.FormatFloat(x, 'f', -1, 64)
		if a := math.Abs(x); a >= 1e15 || (a < 1e-4 && a != 0) {
			// Go writes 1e+15 and 1e-05: add the fraction Ruby shows.
			m, e, _ := strings.Cut(strconv.FormatFloat(x, 'e', -1, 64), "e")
			if !strings.Contains(m, ".") {
				m += ".0"
			}
			s = m + "e" + e
		} else if !strings.Contains(s, ".") {
			s += ".0"
		}
		b.WriteString(s)
	case []catalog.Value:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			inspect(b, e)
		}
		b.WriteByte(']')
	case *catalog.Hash:
		b.WriteByte('{')
		for i, k := range x.Keys() {
			if i > 0 {
				b.WriteString(", ")
			}
			inspectString(b, k)
			b.WriteString("=>")
			e, _ := x.Get(k)
			inspect(b, e)
		}
		b.WriteByte('}')
	case catalog.Sensitive:
		b.WriteString(catalog.RedactedInside)
	default:
		b.WriteString(catalog.Scalar(v))
	}
}

// inspectString writes s as Ruby's String#inspect does for UTF-8 text.
func inspectString(b *strings.Builder, s string) {
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			fmt.Fprintf(b, "\\x%02X", s[i])
			i++
			continue
		}
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		case '\r':
			b.WriteString(`\r`)
		case '\f':
			b.WriteString(`\f`)
		case '\v':
			b.WriteString(`\v`)
		case '\b':
			b.WriteString(`\b`)
		case '\a':
			b.WriteString(`\a`)
		case 0x1b:
			b.WriteString(`\e`)
		case '#':
			if i+1 < len(s) && (s[i+1] == '{' || s[i+1] == '$' || s[i+1] == '@') {
				b.WriteByte('\\')
			}
			b.WriteByte('#')
		default:
			if r < 0x20 || r == 0x7f {
				fmt.Fprintf(b, "\\u%04X", r)
			} else {
				b.WriteRune(r)
			}
		}
		i += size
	}
	b.WriteByte('"')
}

// RubyClass names the Ruby class Puppet's agent sees for a catalog value,
// as its type-mismatch errors do ("must be a String, not 'Integer'").
func RubyClass(v catalog.Value) string {
	switch v.(type) {
	case nil:
		return "NilClass"
	case bool:
		if v == true {
			return "TrueClass"
		}
		return "FalseClass"
	case int64, int:
		return "Integer"
	case float64:
		return "Float"
	case []catalog.Value:
		return "Array"
	case *catalog.Hash:
		return "Hash"
	}
	return "String"
}
