// Package rubyyaml writes data as Ruby's to_yaml does (Psych 4 over
// libyaml 0.2.5): Psych's choice of scalar style, then libyaml's
// emitter, with its quoting, its 80-column folding of long scalars, its
// literal blocks and its indentless sequences in mappings. Puppet
// modules render configuration files with it (stdlib's to_yaml,
// templates that call to_yaml).
package rubyyaml

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/rubyjson"
)

// Pair is one entry of a Mapping.
type Pair struct{ Key, Value any }

// Mapping is a hash, in its order.
type Mapping []Pair

// Symbol is a Ruby symbol, without its colon. Psych writes it as a
// plain scalar with the colon, where libyaml allows plain.
type Symbol string

// Dump returns v as a YAML document, as v.to_yaml does in Ruby. v is
// nil, a bool, an int64 (or int), a float64, a string, a Symbol, a
// []any or a Mapping, nested.
func Dump(v any) string {
	e := &emitter{indent: -1, whitespace: true, indention: true}
	e.writeIndicator("---", true, false, false)
	e.node(v, false, false)
	e.writeIndent()
	return e.b.String()
}

const bestWidth, bestIndent = 80, 2

type emitter struct {
	b                     strings.Builder
	column                int
	indent                int
	indents               []int
	whitespace, indention bool
	flowLevel             int
}

func (e *emitter) put(s string) {
	e.b.WriteString(s)
	e.column += utf8.RuneCountInString(s)
}

func (e *emitter) putBreak() {
	e.b.WriteByte('\n')
	e.column = 0
}

func (e *emitter) writeIndicator(s string, needWhitespace, isWhitespace, isIndention bool) {
	if needWhitespace && !e.whitespace {
		e.put(" ")
	}
	e.put(s)
	e.whitespace = isWhitespace
	e.indention = e.indention && isIndention
}

func (e *emitter) writeIndent() {
	indent := e.indent
	if indent < 0 {
		indent = 0
	}
	if !e.indention || e.column > indent || (e.column == indent && !e.whitespace) {
		e.putBreak()
	}
	for e.column < indent {
		e.put(" ")
	}
	e.whitespace = true
	e.indention = true
}

func (e *emitter) increaseIndent(flow, indentless bool) {
	e.indents = append(e.indents, e.indent)
	if e.indent < 0 {
		if flow {
			e.indent = bestIndent
		} else {
			e.indent = 0
		}
	} else if !indentless {
		e.indent += bestIndent
	}
}

func (e *emitter) popIndent() {
	e.indent = e.indents[len(e.indents)-1]
	e.indents = e.indents[:len(e.indents)-1]
}

// node writes a value; mappingValue says it is the value of a block
// mapping (where a sequence is indentless), simpleKey that it is a key.
func (e *emitter) node(v any, mappingValue, simpleKey bool) {
	switch x := v.(type) {
	case Mapping:
		if len(x) == 0 {
			e.writeIndicator("{", true, true, false)
			e.writeIndicator("}", false, false, false)
			return
		}
		for i, p := range x {
			if i == 0 {
				e.increaseIndent(false, false)
			}
			e.writeIndent()
			e.node(p.Key, false, true)
			e.writeIndicator(":", false, false, false)
			e.node(p.Value, true, false)
		}
		e.popIndent()
	case []any:
		if len(x) == 0 {
			e.writeIndicator("[", true, true, false)
			e.writeIndicator("]", false, false, false)
			return
		}
		for i, item := range x {
			if i == 0 {
				e.increaseIndent(false, mappingValue && !e.indention)
			}
			e.writeIndent()
			e.writeIndicator("-", true, false, true)
			e.node(item, false, false)
		}
		e.popIndent()
	default:
		text, style := scalar(v)
		e.scalar(text, style, simpleKey)
	}
}

type style int

const (
	plain style = iota
	singleQuoted
	doubleQuoted
	literal
)

var (
	nonWordStart = lazyre.New(`(?m)^[^\p{L}\p{M}\p{Nd}\p{Pc}][^"]*$`)
	badOctal     = lazyre.New(`^0[0-7]*[89]`)
)

// scalar is Psych's text and requested style for a value.
func scalar(v any) (string, style) {
	switch x := v.(type) {
	case nil:
		return "", plain
	case bool:
		return strconv.FormatBool(x), plain
	case int:
		return strconv.Itoa(x), plain
	case int64:
		return strconv.FormatInt(x, 10), plain
	case float64:
		return rubyFloat(x), plain
	case Symbol:
		return ":" + string(x), plain
	case string:
		switch {
		case isMultiline(x):
			return x, literal
		case x == "<<":
			return x, singleQuoted
		case x == "y" || x == "n":
			return x, doubleQuoted
		case nonWordStart.MatchString(x):
			return x, doubleQuoted
		case !tokenizesAsString(x) || badOctal.MatchString(x):
			return x, singleQuoted
		}
		return x, plain
	}
	return fmt.Sprint(v), plain
}

// rubyFloat is Ruby's Float#to_s, as Psych writes floats.
func rubyFloat(f float64) string {
	switch {
	case math.IsNaN(f):
		return ".nan"
	case math.IsInf(f, 1):
		return ".inf"
	case math.IsInf(f, -1):
		return "-.inf"
	}
	return rubyjson.Float(f)
}

var (
	stringLike  = lazyre.New(`(?m)^[^\d.:-]?[\p{L}\p{M}_\s!@#$%^&*(){}<>|/\\~;=]+`)
	notYTONF    = lazyre.New(`(?im)^[^ytonf~]`)
	yamlNull    = lazyre.New(`(?im)^null$`)
	yamlBool    = lazyre.New(`(?im)^(?:yes|true|on|no|false|off)$`)
	yamlTime    = lazyre.New(`(?m)^-?\d{4}-\d{1,2}-\d{1,2}(?:[Tt]|\s+)\d{1,2}:\d\d:\d\d(?:\.\d*)?(?:\s*(?:Z|[-+]\d{1,2}:?(?:\d\d)?))?$`)
	yamlDate    = lazyre.New(`(?m)^\d{4}-(?:1[012]|0\d|\d)-(?:[12]\d|3[01]|0\d|\d)$`)
	yamlSpecial = lazyre.New(`(?im)^(?:\+?\.inf|-\.inf|\.nan)$`)
	yamlSymbol  = lazyre.New(`(?m)^:.`)
	yamlSexa    = lazyre.New(`(?m)^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9]){1,2}(?:\.[0-9_]*)?$`)
	yamlFloat   = lazyre.New(`(?m)^(?:[-+]?(?:[0-9][0-9_,]*)?\.[0-9]*(?:[eE][-+][0-9]+)?)$`)
	yamlDot     = lazyre.New(`^[-+]?\.$`)
	yamlInt     = lazyre.New(`(?m)^(?:[-+]?0b[0-1_,]+|[-+]?0[0-7_,]+|[-+]?(?:0|[1-9](?:[0-9]|,[0-9]|_[0-9])*)|[-+]?0x[0-9a-fA-F_,]+)$`)
)

// tokenizesAsString reports whether Psych's scalar scanner reads s back
// as a string (not nil, a boolean, a number, a time, a date or a
// symbol).
func tokenizesAsString(s string) bool {
	switch {
	case s == "":
		return false
	case stringLike.MatchString(s) || strings.Contains(s, "\n"):
		if utf8.RuneCountInString(s) > 5 || notYTONF.MatchString(s) {
			return true
		}
		return s != "~" && !yamlNull.MatchString(s) && !yamlBool.MatchString(s)
	case yamlTime.MatchString(s), yamlDate.MatchString(s), yamlSpecial.MatchString(s),
		yamlSymbol.MatchString(s), yamlSexa.MatchString(s):
		return false
	case yamlFloat.MatchString(s):
		return yamlDot.MatchString(s)
	case yamlInt.MatchString(s):
		return false
	}
	return true
}

// isMultiline is Psych's test for a literal block: a line break that is
// not the string's last character (nor the one before a final break).
func isMultiline(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			if rest := s[i+1:]; rest != "" && rest != "\n" {
				return true
			}
		}
	}
	return false
}

// analysis is what libyaml's emitter learns about a scalar before it
// chooses how to write it.
type analysis struct {
	multiline                                  bool
	flowPlain, blockPlain, singleQuoted, block bool
}

func isBreak(r rune) bool { return r == '\r' || r == '\n' || r == 0x85 || r == 0x2028 || r == 0x2029 }

func isBlankZ(s string, i int) bool {
	if i >= len(s) {
		return true
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return r == ' ' || r == '\t' || isBreak(r) || r == 0
}

func isPrintable(r rune) bool {
	return r == 0x0A || (r >= 0x20 && r <= 0x7E) || (r >= 0xA0 && r <= 0xD7FF) ||
		(r >= 0xE000 && r <= 0xFFFD && r != 0xFEFF) || (r >= 0x10000 && r <= 0x10FFFF)
}

func analyze(s string) analysis {
	if s == "" {
		return analysis{blockPlain: true, singleQuoted: true}
	}
	var flowInd, blockInd, lineBreaks, special bool
	var leadingSpace, leadingBreak, trailingSpace, trailingBreak, breakSpace, spaceBreak bool
	var prevSpace, prevBreak bool
	if strings.HasPrefix(s, "---") || strings.HasPrefix(s, "...") {
		flowInd, blockInd = true, true
	}
	precededByWS := true
	first := true
	for i, r := range s {
		size := utf8.RuneLen(r)
		followedByWS := isBlankZ(s, i+size)
		last := i+size >= len(s)
		if first {
			switch {
			case strings.ContainsRune("#,[]{}&*!|>'\"%@`", r):
				flowInd, blockInd = true, true
			case r == '?' || r == ':':
				flowInd = true
				if followedByWS {
					blockInd = true
				}
			case r == '-' && followedByWS:
				flowInd, blockInd = true, true
			}
		} else {
			switch {
			case strings.ContainsRune(",?[]{}", r):
				flowInd = true
			case r == ':':
				flowInd = true
				if followedByWS {
					blockInd = true
				}
			case r == '#' && precededByWS:
				flowInd, blockInd = true, true
			}
		}
		if !isPrintable(r) {
			special = true
		}
		if isBreak(r) {
			lineBreaks = true
		}
		switch {
		case r == ' ':
			if first {
				leadingSpace = true
			}
			if last {
				trailingSpace = true
			}
			if prevBreak {
				breakSpace = true
			}
			prevSpace, prevBreak = true, false
		case isBreak(r):
			if first {
				leadingBreak = true
			}
			if last {
				trailingBreak = true
			}
			if prevSpace {
				spaceBreak = true
			}
			prevSpace, prevBreak = false, true
		default:
			prevSpace, prevBreak = false, false
		}
		precededByWS = r == ' ' || r == '\t' || isBreak(r)
		first = false
	}
	a := analysis{multiline: lineBreaks, flowPlain: true, blockPlain: true, singleQuoted: true, block: true}
	if leadingSpace || leadingBreak || trailingSpace || trailingBreak {
		a.flowPlain, a.blockPlain = false, false
	}
	if trailingSpace {
		a.block = false
	}
	if breakSpace {
		a.flowPlain, a.blockPlain, a.singleQuoted = false, false, false
	}
	if spaceBreak || special {
		a.flowPlain, a.blockPlain, a.singleQuoted, a.block = false, false, false, false
	}
	if lineBreaks {
		a.flowPlain, a.blockPlain = false, false
	}
	if flowInd {
		a.flowPlain = false
	}
	if blockInd {
		a.blockPlain = false
	}
	return a
}

func (e *emitter) scalar(s string, want style, simpleKey bool) {
	a := analyze(s)
	st := want
	if simpleKey && a.multiline {
		st = doubleQuoted
	}
	if st == plain {
		if (e.flowLevel > 0 && !a.flowPlain) || (e.flowLevel == 0 && !a.blockPlain) {
			st = singleQuoted
		}
		if s == "" && (e.flowLevel > 0 || simpleKey) {
			st = singleQuoted
		}
	}
	if st == singleQuoted && !a.singleQuoted {
		st = doubleQuoted
	}
	if st == literal && (!a.block || e.flowLevel > 0 || simpleKey) {
		st = doubleQuoted
	}
	e.increaseIndent(true, false)
	allowBreaks := !simpleKey
	switch st {
	case plain:
		e.writePlain(s, allowBreaks)
	case singleQuoted:
		e.writeSingleQuoted(s, allowBreaks)
	case doubleQuoted:
		e.writeDoubleQuoted(s, allowBreaks)
	case literal:
		e.writeLiteral(s)
	}
	e.popIndent()
}

func nextIsSpace(s string, i int) bool { return i < len(s) && s[i] == ' ' }

func (e *emitter) writePlain(s string, allowBreaks bool) {
	if !e.whitespace && (s != "" || e.flowLevel > 0) {
		e.put(" ")
	}
	spaces := false
	for i, r := range s {
		size := utf8.RuneLen(r)
		if r == ' ' {
			if allowBreaks && !spaces && e.column > bestWidth && !nextIsSpace(s, i+size) {
				e.writeIndent()
			} else {
				e.put(" ")
			}
			spaces = true
			continue
		}
		e.put(string(r))
		e.indention = false
		spaces = false
	}
	e.whitespace = false
	e.indention = false
}

func (e *emitter) writeSingleQuoted(s string, allowBreaks bool) {
	e.writeIndicator("'", true, false, false)
	spaces, breaks := false, false
	for i, r := range s {
		size := utf8.RuneLen(r)
		switch {
		case r == ' ':
			if allowBreaks && !spaces && e.column > bestWidth && i != 0 && i+size != len(s) && !nextIsSpace(s, i+size) {
				e.writeIndent()
			} else {
				e.put(" ")
			}
			spaces = true
		case isBreak(r):
			if !breaks && r == '\n' {
				e.putBreak()
			}
			e.writeBreak(r)
			e.indention = true
			breaks = true
		default:
			if breaks {
				e.writeIndent()
			}
			if r == '\'' {
				e.put("''")
			} else {
				e.put(string(r))
			}
			e.indention = false
			spaces, breaks = false, false
		}
	}
	if breaks {
		e.writeIndent()
	}
	e.writeIndicator("'", false, false, false)
}

func (e *emitter) writeBreak(r rune) {
	if r == '\n' {
		e.putBreak()
		return
	}
	e.b.WriteRune(r)
	e.column = 0
}

func (e *emitter) writeDoubleQuoted(s string, allowBreaks bool) {
	e.writeIndicator(`"`, true, false, false)
	spaces := false
	for i, r := range s {
		size := utf8.RuneLen(r)
		switch {
		case !isPrintable(r) || r == 0xFEFF || isBreak(r) || r == '"' || r == '\\':
			e.put(escape(r))
			spaces = false
		case r == ' ':
			if allowBreaks && !spaces && e.column > bestWidth && i != 0 && i+size != len(s) {
				e.writeIndent()
				if nextIsSpace(s, i+size) {
					e.put(`\`)
				}
			} else {
				e.put(" ")
			}
			spaces = true
		default:
			e.put(string(r))
			spaces = false
		}
	}
	e.writeIndicator(`"`, false, false, false)
}

func escape(r rune) string {
	switch r {
	case 0:
		return `\0`
	case 0x07:
		return `\a`
	case 0x08:
		return `\b`
	case 0x09:
		return `\t`
	case 0x0A:
		return `\n`
	case 0x0B:
		return `\v`
	case 0x0C:
		return `\f`
	case 0x0D:
		return `\r`
	case 0x1B:
		return `\e`
	case '"':
		return `\"`
	case '\\':
		return `\\`
	case 0x85:
		return `\N`
	case 0xA0:
		return `\_`
	case 0x2028:
		return `\L`
	case 0x2029:
		return `\P`
	}
	switch {
	case r <= 0xFF:
		return fmt.Sprintf(`\x%02X`, r)
	case r <= 0xFFFF:
		return fmt.Sprintf(`\u%04X`, r)
	}
	return fmt.Sprintf(`\U%08X`, r)
}

func (e *emitter) writeLiteral(s string) {
	e.writeIndicator("|", true, false, false)
	// The block scalar's hints: an indentation indicator when it starts
	// with a space or a break, and its chomping.
	if s != "" && (s[0] == ' ' || s[0] == '\n') {
		e.put(strconv.Itoa(bestIndent))
	}
	switch {
	case s == "" || !strings.HasSuffix(s, "\n"):
		e.put("-")
	case s == "\n" || strings.HasSuffix(s, "\n\n"):
		e.put("+")
	}
	e.putBreak()
	e.indention, e.whitespace = true, true
	breaks := true
	for _, r := range s {
		if isBreak(r) {
			e.writeBreak(r)
			e.indention = true
			breaks = true
			continue
		}
		if breaks {
			e.writeIndent()
		}
		e.put(string(r))
		e.indention = false
		breaks = false
	}
}
