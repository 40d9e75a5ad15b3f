// Package rubyjson writes strings as Ruby's JSON generator writes them,
// which is how Facter prints facts and how templates' to_json renders.
package rubyjson

import (
	"fmt"
	"strings"
)

// Quote quotes s as Ruby's JSON generator does: quotes, backslashes and
// control characters escaped, everything else kept as UTF-8 (unlike
// encoding/json, which also escapes <, > and &).
func Quote(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		default:
			if r < 0x20 {
				fmt.Fprintf(&b, `\u%04x`, r)
				continue
			}
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
