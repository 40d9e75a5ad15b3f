package facts

import (
	"math"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/datafile"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/rubyjson"
)

// JSON renders facts as `facter -j` does (Ruby's JSON.pretty_generate).
func JSON(v catalog.Value) string {
	var b strings.Builder
	writeJSON(&b, v, "")
	b.WriteByte('\n')
	return b.String()
}

func writeJSON(b *strings.Builder, v catalog.Value, indent string) {
	inner := indent + "  "
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case string:
		b.WriteString(rubyjson.Quote(x))
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case int64:
		b.WriteString(strconv.FormatInt(x, 10))
	case int:
		b.WriteString(strconv.Itoa(x))
	case float64:
		b.WriteString(rubyFloat(x))
	case []catalog.Value:
		if len(x) == 0 {
			b.WriteString("[\n\n" + indent + "]")
			return
		}
		b.WriteString("[\n")
		for i, e := range x {
			b.WriteString(inner)
			writeJSON(b, e, inner)
			if i < len(x)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + "]")
	case *catalog.Hash:
		if x.Len() == 0 {
			b.WriteString("{\n" + indent + "}")
			return
		}
		b.WriteString("{\n")
		for i, k := range x.Keys() {
			e, _ := x.Get(k)
			b.WriteString(inner)
			b.WriteString(rubyjson.Quote(k))
			b.WriteString(": ")
			writeJSON(b, e, inner)
			if i < x.Len()-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + "}")
	default:
		b.WriteString(rubyjson.Quote(catalog.Scalar(v)))
	}
}

// rubyFloat is Ruby's Float#to_s.
func rubyFloat(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case math.IsNaN(f):
		return "NaN"
	}
	return rubyjson.Float(f)
}

// YAML renders facts as `facter -y` does: Psych's YAML without the
// document marker, strings that look special double-quoted, keys bare.
func YAML(h *catalog.Hash) string {
	var b strings.Builder
	writeYAMLHash(&b, h, "")
	return b.String()
}

func writeYAMLHash(b *strings.Builder, h *catalog.Hash, indent string) {
	for _, k := range h.Keys() {
		v, _ := h.Get(k)
		b.WriteString(indent + k + ":")
		writeYAMLValue(b, v, indent, false)
	}
}

// writeYAMLValue writes v after a "key:" or "-" already written.
func writeYAMLValue(b *strings.Builder, v catalog.Value, indent string, inSeq bool) {
	switch x := v.(type) {
	case *catalog.Hash:
		if x.Len() == 0 {
			b.WriteString(" {}\n")
			return
		}
		if inSeq {
			// The first key goes on the dash's line.
			b.WriteByte(' ')
			for i, k := range x.Keys() {
				e, _ := x.Get(k)
				if i > 0 {
					b.WriteString(indent + "  ")
				}
				b.WriteString(k + ":")
				writeYAMLValue(b, e, indent+"  ", false)
			}
			return
		}
		b.WriteByte('\n')
		writeYAMLHash(b, x, indent+"  ")
	case []catalog.Value:
		if len(x) == 0 {
			b.WriteString(" []\n")
			return
		}
		b.WriteByte('\n')
		for _, e := range x {
			b.WriteString(indent + "-")
			writeYAMLValue(b, e, indent, true)
		}
	case nil:
		b.WriteByte('\n')
	default:
		b.WriteString(" " + yamlScalar(v) + "\n")
	}
}

var (
	yamlNeedsQuoteRE = lazyre.New(`y|Y|yes|Yes|YES|n|N|no|No|NO|True|TRUE|False|FALSE|on|On|ON|off|Off|OFF|:`)
	yamlLettersRE    = lazyre.New(`[a-zA-Z]`)
	yamlDecimalRE    = lazyre.New(`[0-9]+\.[0-9]+`)
	yamlDigitsRE     = lazyre.New(`^[0-9]+$`)
	yamlTrueFalseRE  = lazyre.New(`true|false`)
	nonWordStartRE   = lazyre.New(`^[^\p{L}\p{N}_][^"]*$`)
	badOctalRE       = lazyre.New(`^0[0-7]*[89]`)
)

// yamlScalar renders a scalar as Facter's YAML formatter leaves it:
// Psych's choice of style, then Facter's own double quotes.
func yamlScalar(v catalog.Value) string {
	s, isStr := v.(string)
	if !isStr {
		if f, ok := v.(float64); ok {
			return rubyFloat(f)
		}
		return catalog.Scalar(v)
	}
	if facterQuotes(s) {
		return rubyjson.Quote(s)
	}
	// Psych's YAMLTree#visit_String.
	switch {
	case strings.Contains(strings.TrimSuffix(s, "\n"), "\n"):
		return rubyjson.Quote(s)
	case s == "<<":
		return singleQuoted(s)
	case s == "y" || s == "Y" || s == "n" || s == "N":
		return rubyjson.Quote(s)
	case nonWordStartRE.MatchString(s):
		return rubyjson.Quote(s)
	case badOctalRE.MatchString(s):
		return singleQuoted(s)
	}
	if t, err := datafile.PlainScalar(s); err != nil || t != any(s) {
		return singleQuoted(s)
	}
	if !plainAllowed(s) {
		return singleQuoted(s)
	}
	return s
}

func singleQuoted(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// plainAllowed is libyaml's test of whether a string may be written
// plain in block context.
func plainAllowed(s string) bool {
	if s == "" || s[0] == ' ' || s[len(s)-1] == ' ' {
		return false
	}
	if strings.ContainsAny(s[:1], "#,[]{}&*!|>'\"%@`") {
		return false
	}
	if strings.ContainsAny(s[:1], "?:-") && (len(s) == 1 || s[1] == ' ') {
		return false
	}
	if strings.Contains(s, ": ") || strings.HasSuffix(s, ":") || strings.Contains(s, " #") {
		return false
	}
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			return false
		}
	}
	return true
}

// facterQuotes is Facter's needs_quote? rule.
func facterQuotes(s string) bool {
	if yamlTrueFalseRE.MatchString(s) || yamlDigitsRE.MatchString(s) {
		return false
	}
	if yamlNeedsQuoteRE.MatchString(s) {
		return true
	}
	if yamlLettersRE.MatchString(s) || yamlDecimalRE.MatchString(s) {
		return false
	}
	return true
}
