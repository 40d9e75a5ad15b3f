package ruby

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Markers in a script that stand for a template's parts: TextMarker, a
// decimal index and TextMarker again emit Script.Texts[index];
// OutputMarker is the call that prints its argument's value.
const (
	TextMarker   = '\x00'
	OutputMarker = '\x01'
	// ResultMarker ends the script, as `_erbout` ends ERB's: the script's
	// value is the output, unless a comment hides the marker, when it is
	// the value of the last statement (see Script.ResultMarker).
	ResultMarker = '\x02'
)

type tokenKind int

const (
	tEOF   tokenKind = iota
	tNL              // newline or ';': a statement terminator
	tIdent           // local variable or method name, possibly ending in ? or !
	tConst           // capitalized name
	tIVar            // @name
	tGVar            // $name, $1, $~
	tLabel           // name: in a hash or argument list
	tInt
	tFloat
	tString // a string literal, possibly with interpolation
	tXString
	tSymbol  // :name or :"..."
	tDSymbol // :"...#{}..."
	tRegexp
	tWords   // %w[] / %W[]
	tSymbols // %i[]
	tKeyword
	tOp
	tText   // template text to emit
	tOutput // template output call
	tResult // the end-of-script reference to the output
)

// strPart is a piece of a string literal: literal text, or the byte range
// of an interpolated expression.
type strPart struct {
	lit        string
	code       bool
	start, end int
}

type token struct {
	kind        tokenKind
	text        string // name, operator, keyword or number text
	pos, end    int
	spaceBefore bool
	parts       []strPart   // strings, symbols, regexps
	words       [][]strPart // %w and %i
	flags       string      // regexp flags
	textIndex   int
}

var keywords = map[string]bool{
	"if": true, "unless": true, "elsif": true, "else": true, "end": true,
	"while": true, "until": true, "for": true, "in": true, "do": true,
	"then": true, "case": true, "when": true, "begin": true, "rescue": true,
	"ensure": true, "and": true, "or": true, "not": true, "nil": true,
	"true": true, "false": true, "self": true, "def": true, "return": true,
	"next": true, "break": true, "yield": true, "defined?": true,
	"__FILE__": true, "__LINE__": true, "redo": true, "retry": true,
	"class": true, "module": true, "super": true, "alias": true, "undef": true,
	"BEGIN": true, "END": true, "__ENCODING__": true, "__method__": false,
}

// lexer turns script bytes into tokens on demand, so that the parser's
// knowledge of local variables can settle Ruby's ambiguous cases.
type lexer struct {
	src   []byte
	pos   int
	limit int
	prev  token // the last token produced
	// isLocal tells whether a name is a local variable at this point.
	isLocal func(string) bool
	// parenDepth counts open brackets, inside which newlines do not end
	// statements.
	err *lexError
}

type lexError struct {
	pos int
	msg string
}

func (e *lexError) Error() string { return e.msg }

func newLexer(src []byte, start, limit int, isLocal func(string) bool) *lexer {
	return &lexer{src: src, pos: start, limit: limit, isLocal: isLocal, prev: token{kind: tNL}}
}

func (l *lexer) fail(pos int, format string, args ...any) token {
	if l.err == nil {
		l.err = &lexError{pos: pos, msg: fmt.Sprintf(format, args...)}
	}
	l.pos = l.limit
	return token{kind: tEOF, pos: pos, end: pos}
}

func (l *lexer) peekByte(off int) byte {
	if l.pos+off < l.limit {
		return l.src[l.pos+off]
	}
	return 0
}

// valueEnded reports whether the previous token ends a value, so that a
// following operator is binary.
func (l *lexer) valueEnded() bool {
	p := l.prev
	switch p.kind {
	case tIdent:
		return true
	case tConst, tIVar, tGVar, tInt, tFloat, tString, tXString, tSymbol, tDSymbol, tRegexp, tWords, tSymbols:
		return true
	case tKeyword:
		switch p.text {
		case "end", "self", "nil", "true", "false", "__FILE__", "__LINE__":
			return true
		}
	case tOp:
		switch p.text {
		case ")", "]", "}":
			return true
		}
	}
	return false
}

// commandArgStart reports whether, after an identifier that is not a
// local variable, a space before and none after an ambiguous operator
// make it start an argument (`foo -1`, `foo [1]`, `foo /re/`).
func (l *lexer) commandArgStart(spaceBefore bool) bool {
	if l.prev.kind != tIdent || !spaceBefore {
		return false
	}
	if l.isLocal != nil && l.isLocal(l.prev.text) {
		return false
	}
	next := l.peekByte(1)
	return next != ' ' && next != '\t' && next != '\n' && next != '='
}

// continues reports whether a newline after the previous token does not
// end the statement (a binary operator, comma or opening bracket ends it).
func (l *lexer) continues() bool {
	p := l.prev
	switch p.kind {
	case tOp:
		switch p.text {
		case ")", "]", "}":
			return false
		}
		return true
	case tKeyword:
		switch p.text {
		case "and", "or", "not":
			return true
		}
	case tNL, tLabel:
		return true
	}
	return false
}

// nextLineStartsWithDot reports whether the line after pos starts with
// `.name` or `&.`, which continues the expression (method chains).
func (l *lexer) nextLineStartsWithDot(pos int) bool {
	i := pos
	for {
		for i < l.limit && (l.src[i] == ' ' || l.src[i] == '\t' || l.src[i] == '\n' || l.src[i] == '\r') {
			i++
		}
		if i < l.limit && l.src[i] == '#' {
			for i < l.limit && l.src[i] != '\n' {
				i++
			}
			continue
		}
		break
	}
	if i+1 < l.limit && l.src[i] == '.' && l.src[i+1] != '.' {
		return true
	}
	return i+1 < l.limit && l.src[i] == '&' && l.src[i+1] == '.'
}

func (l *lexer) next() token {
	t := l.scan()
	l.prev = t
	return t
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

func isIdentChar(c byte) bool {
	return isIdentStart(c) || c >= '0' && c <= '9'
}

func (l *lexer) scan() token {
	space := false
	for l.pos < l.limit {
		c := l.src[l.pos]
		switch {
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			l.pos++
			space = true
			continue
		case c == '\\' && l.peekByte(1) == '\n':
			l.pos += 2
			space = true
			continue
		case c == '#':
			for l.pos < l.limit && l.src[l.pos] != '\n' {
				l.pos++
			}
			continue
		case c == '\n':
			start := l.pos
			l.pos++
			if l.continues() || l.nextLineStartsWithDot(l.pos) {
				space = true
				continue
			}
			if l.pos < l.limit && strings.HasPrefix(string(l.src[l.pos:min(l.pos+6, l.limit)]), "=begin") {
				end := strings.Index(string(l.src[l.pos:l.limit]), "\n=end")
				if end < 0 {
					return l.fail(l.pos, "embedded document meets end of file")
				}
				l.pos += end + 5
				for l.pos < l.limit && l.src[l.pos] != '\n' {
					l.pos++
				}
			}
			return token{kind: tNL, text: "\n", pos: start, end: start + 1}
		}
		break
	}
	if l.pos >= l.limit {
		return token{kind: tEOF, pos: l.limit, end: l.limit, spaceBefore: space}
	}
	start := l.pos
	c := l.src[l.pos]
	tok := func(k tokenKind, text string) token {
		return token{kind: k, text: text, pos: start, end: l.pos, spaceBefore: space}
	}
	switch {
	case c == TextMarker:
		l.pos++
		j := l.pos
		for l.pos < l.limit && l.src[l.pos] != TextMarker {
			l.pos++
		}
		n, _ := strconv.Atoi(string(l.src[j:l.pos]))
		l.pos++
		t := tok(tText, "")
		t.textIndex = n
		return t
	case c == OutputMarker:
		l.pos++
		return tok(tOutput, "print")
	case c == ResultMarker:
		l.pos++
		return tok(tResult, "_erbout")
	case c == ';':
		l.pos++
		return tok(tNL, ";")
	case c >= '0' && c <= '9':
		return l.number(start, space)
	case c == '@':
		l.pos++
		if l.peekByte(0) == '@' {
			return l.fail(start, "class variables (@@) are not supported")
		}
		if !isIdentStart(l.peekByte(0)) {
			return l.fail(start, "'@' without identifiers is not allowed as an instance variable name")
		}
		for l.pos < l.limit && isIdentChar(l.src[l.pos]) {
			l.pos++
		}
		return tok(tIVar, string(l.src[start+1:l.pos]))
	case c == '$':
		l.pos++
		n := l.peekByte(0)
		switch {
		case n >= '0' && n <= '9':
			for l.pos < l.limit && l.src[l.pos] >= '0' && l.src[l.pos] <= '9' {
				l.pos++
			}
		case isIdentStart(n):
			for l.pos < l.limit && isIdentChar(l.src[l.pos]) {
				l.pos++
			}
		case strings.IndexByte("~&`'+!@;/\\,.=:<>\"0*$?", n) >= 0:
			l.pos++
		default:
			return l.fail(start, "'$' without identifiers is not allowed as a global variable name")
		}
		return tok(tGVar, string(l.src[start+1:l.pos]))
	case isIdentStart(c):
		for l.pos < l.limit && isIdentChar(l.src[l.pos]) {
			l.pos++
		}
		if n := l.peekByte(0); (n == '?' || n == '!') && l.peekByte(1) != '=' {
			// a method name like empty? or a ternary after a name:
			// `x ?a :b` is rare, `empty?` is common.
			if !(n == '?' && l.isLocal != nil && l.isLocal(string(l.src[start:l.pos]))) {
				l.pos++
			}
		} else if (n == '?' || n == '!') && l.peekByte(1) == '=' && l.peekByte(2) == '=' {
			l.pos++
		}
		word := string(l.src[start:l.pos])
		if l.peekByte(0) == ':' && l.peekByte(1) != ':' && l.prev.text != "?" && !(l.prev.kind == tOp && l.prev.text == ".") {
			l.pos++
			return tok(tLabel, word)
		}
		if word == "defined" && l.peekByte(0) == '?' {
			l.pos++
			word = "defined?"
		}
		if keywords[word] && !(l.prev.kind == tOp && (l.prev.text == "." || l.prev.text == "&.")) {
			return tok(tKeyword, word)
		}
		if c >= 'A' && c <= 'Z' {
			return tok(tConst, word)
		}
		return tok(tIdent, word)
	case c == '"' || c == '`':
		l.pos++
		parts, ok := l.stringBody(c, 0, true)
		if !ok {
			return l.fail(start, "unterminated string meets end of file")
		}
		t := tok(tString, "")
		if c == '`' {
			t.kind = tXString
		}
		t.parts = parts
		return t
	case c == '\'':
		l.pos++
		parts, ok := l.stringBody('\'', 0, false)
		if !ok {
			return l.fail(start, "unterminated string meets end of file")
		}
		t := tok(tString, "")
		t.parts = parts
		return t
	case c == ':':
		n := l.peekByte(1)
		if n == ':' {
			l.pos += 2
			return tok(tOp, "::")
		}
		if n == '"' || n == '\'' {
			if l.valueEnded() && !space {
				break
			}
			l.pos += 2
			parts, ok := l.stringBody(n, 0, n == '"')
			if !ok {
				return l.fail(start, "unterminated quoted symbol")
			}
			t := tok(tDSymbol, "")
			t.parts = parts
			return t
		}
		if (n == '@' || n == '$') && (!l.valueEnded() || space) {
			// :@ivar, :@@cvar and :$gvar
			i := l.pos + 2
			if n == '@' && i < l.limit && l.src[i] == '@' {
				i++
			}
			if i < l.limit && isIdentStart(l.src[i]) {
				l.pos = i
				for l.pos < l.limit && isIdentChar(l.src[l.pos]) {
					l.pos++
				}
				return tok(tSymbol, string(l.src[start+1:l.pos]))
			}
		}
		if isIdentStart(n) && (!l.valueEnded() || space) {
			l.pos++
			for l.pos < l.limit && isIdentChar(l.src[l.pos]) {
				l.pos++
			}
			if m := l.peekByte(0); (m == '?' || m == '!' || m == '=') && l.peekByte(1) != '=' && l.peekByte(1) != '>' && l.peekByte(1) != '~' {
				l.pos++
			}
			return tok(tSymbol, string(l.src[start+1:l.pos]))
		}
		if !l.valueEnded() {
			for _, op := range []string{"[]=", "[]", "<=>", "===", "==", "=~", "!=", "!~", "**", "<<", ">>", "<=", ">=", "+", "-", "*", "/", "%", "<", ">", "!", "&", "|", "^", "~"} {
				if strings.HasPrefix(string(l.src[l.pos+1:l.limit]), op) {
					l.pos += 1 + len(op)
					return tok(tSymbol, op)
				}
			}
		}
	case c == '/':
		if !l.valueEnded() || l.commandArgStart(space) {
			l.pos++
			return l.regexpLitDelim(start, space, '/', 0)
		}
	case c == '%':
		if !l.valueEnded() || l.commandArgStart(space) {
			if t, ok := l.percentLiteral(start, space); ok {
				return t
			}
		}
	case c == '?':
		// character literal ?a
		if !l.valueEnded() && l.pos+1 < l.limit && l.src[l.pos+1] != ' ' && l.src[l.pos+1] != '\n' &&
			(l.pos+2 >= l.limit || !isIdentChar(l.src[l.pos+2])) {
			r, size := utf8.DecodeRune(l.src[l.pos+1 : l.limit])
			l.pos += 1 + size
			t := tok(tString, "")
			t.parts = []strPart{{lit: string(r)}}
			return t
		}
	case c == '<' && l.peekByte(1) == '<' && (l.peekByte(2) == '~' || l.peekByte(2) == '-' || l.peekByte(2) == '"' || l.peekByte(2) == '\'' || isIdentStart(l.peekByte(2)) && l.peekByte(2) >= 'A' && l.peekByte(2) <= 'Z') && (!l.valueEnded() || l.commandArgStart(space)):
		return l.fail(start, "heredocs are not supported")
	}
	// operators, longest first
	for n := 3; n >= 1; n-- {
		if l.pos+n > l.limit {
			continue
		}
		if op, ok := operatorSet[string(l.src[l.pos:l.pos+n])]; ok {
			l.pos += n
			return tok(tOp, op)
		}
	}
	r, _ := utf8.DecodeRune(l.src[l.pos:l.limit])
	return l.fail(start, "invalid character %q", r)
}

// operatorSet maps each operator to itself, for lookups by byte slices.
var operatorSet = func() map[string]string {
	m := map[string]string{}
	for _, op := range operators {
		m[op] = op
	}
	return m
}()

var operators = []string{
	"**=", "<=>", "===", "...", "<<=", ">>=", "&&=", "||=",
	"**", "==", "!=", "=~", "!~", ">=", "<=", "&&", "||", "<<", ">>",
	"+=", "-=", "*=", "/=", "%=", "|=", "&=", "^=", "..", "::", "=>", "->", "&.",
	"+", "-", "*", "/", "%", "=", "<", ">", "!", "&", "|", "^", "~",
	"?", ":", ",", ".", "(", ")", "[", "]", "{", "}",
}

func (l *lexer) number(start int, space bool) token {
	isFloat := false
	c := l.src[l.pos]
	if c == '0' && l.pos+1 < l.limit && strings.IndexByte("xXbBoOdD", l.src[l.pos+1]) >= 0 {
		l.pos += 2
		for l.pos < l.limit && (isIdentChar(l.src[l.pos])) {
			l.pos++
		}
	} else {
		for l.pos < l.limit && (l.src[l.pos] >= '0' && l.src[l.pos] <= '9' || l.src[l.pos] == '_') {
			l.pos++
		}
		if l.pos+1 < l.limit && l.src[l.pos] == '.' && l.src[l.pos+1] >= '0' && l.src[l.pos+1] <= '9' {
			isFloat = true
			l.pos++
			for l.pos < l.limit && (l.src[l.pos] >= '0' && l.src[l.pos] <= '9' || l.src[l.pos] == '_') {
				l.pos++
			}
		}
		if l.pos < l.limit && (l.src[l.pos] == 'e' || l.src[l.pos] == 'E') {
			j := l.pos + 1
			if j < l.limit && (l.src[j] == '+' || l.src[j] == '-') {
				j++
			}
			if j < l.limit && l.src[j] >= '0' && l.src[j] <= '9' {
				isFloat = true
				l.pos = j
				for l.pos < l.limit && l.src[l.pos] >= '0' && l.src[l.pos] <= '9' {
					l.pos++
				}
			}
		}
	}
	text := strings.ReplaceAll(string(l.src[start:l.pos]), "_", "")
	k := tInt
	if isFloat {
		k = tFloat
	}
	return token{kind: k, text: text, pos: start, end: l.pos, spaceBefore: space}
}

// closer returns the closing delimiter of a %-literal opened by c.
func closer(c byte) byte {
	switch c {
	case '(':
		return ')'
	case '[':
		return ']'
	case '{':
		return '}'
	case '<':
		return '>'
	}
	return c
}

func (l *lexer) percentLiteral(start int, space bool) (token, bool) {
	kind := byte('Q')
	i := l.pos + 1
	if i < l.limit && strings.IndexByte("qQwWiIrsx", l.src[i]) >= 0 {
		kind = l.src[i]
		i++
	}
	if i >= l.limit {
		return token{}, false
	}
	open := l.src[i]
	if isIdentChar(open) || open == ' ' || open == '\n' || open == '=' && kind == 'Q' && i == l.pos+1 {
		return token{}, false
	}
	l.pos = i + 1
	var nestOpen byte
	if closer(open) != open {
		nestOpen = open
	}
	end := closer(open)
	switch kind {
	case 'q', 'Q', 's', 'x':
		parts, ok := l.stringBodyDelim(end, nestOpen, kind == 'Q' || kind == 'x', false)
		if !ok {
			return l.fail(start, "unterminated string meets end of file"), true
		}
		t := token{kind: tString, parts: parts, pos: start, end: l.pos, spaceBefore: space}
		if kind == 's' {
			t.kind = tDSymbol
		}
		if kind == 'x' {
			t.kind = tXString
		}
		return t, true
	case 'w', 'W', 'i', 'I':
		words, ok := l.wordsBody(end, nestOpen, kind == 'W' || kind == 'I')
		if !ok {
			return l.fail(start, "unterminated list meets end of file"), true
		}
		t := token{kind: tWords, words: words, pos: start, end: l.pos, spaceBefore: space}
		if kind == 'i' || kind == 'I' {
			t.kind = tSymbols
		}
		return t, true
	case 'r':
		return l.regexpLitDelim(start, space, end, nestOpen), true
	}
	return token{}, false
}

func (l *lexer) regexpLitDelim(start int, space bool, end, nestOpen byte) token {
	parts, ok := l.stringBodyDelim(end, nestOpen, true, true)
	if !ok {
		return l.fail(start, "unterminated regexp meets end of file")
	}
	fs := l.pos
	for l.pos < l.limit && strings.IndexByte("mixounse", l.src[l.pos]) >= 0 {
		l.pos++
	}
	return token{kind: tRegexp, parts: parts, flags: string(l.src[fs:l.pos]), pos: start, end: l.pos, spaceBefore: space}
}

// stringBody reads a quoted string's body up to the closing quote.
func (l *lexer) stringBody(quote byte, nestOpen byte, interp bool) ([]strPart, bool) {
	return l.stringBodyDelim(quote, nestOpen, interp, false)
}

// stringBodyDelim reads up to the closing delimiter end. With interp the
// body has double-quote escapes and #{} interpolation; raw keeps escapes
// as written (regexps).
func (l *lexer) stringBodyDelim(end, nestOpen byte, interp, raw bool) ([]strPart, bool) {
	var parts []strPart
	var b strings.Builder
	depth := 0
	flush := func() {
		if b.Len() > 0 {
			parts = append(parts, strPart{lit: b.String()})
			b.Reset()
		}
	}
	for l.pos < l.limit {
		c := l.src[l.pos]
		switch {
		case c == end && depth == 0:
			l.pos++
			flush()
			if parts == nil {
				parts = []strPart{{lit: ""}}
			}
			return parts, true
		case nestOpen != 0 && c == nestOpen:
			depth++
			b.WriteByte(c)
			l.pos++
		case nestOpen != 0 && c == end:
			depth--
			b.WriteByte(c)
			l.pos++
		case c == '\\' && l.pos+1 < l.limit:
			n := l.src[l.pos+1]
			if raw {
				if n == end && end == '/' {
					b.WriteByte(n)
				} else {
					b.WriteByte('\\')
					b.WriteByte(n)
				}
				l.pos += 2
				continue
			}
			if !interp {
				if n == end || n == '\\' || nestOpen != 0 && n == nestOpen {
					b.WriteByte(n)
				} else {
					b.WriteByte('\\')
					b.WriteByte(n)
				}
				l.pos += 2
				continue
			}
			l.pos += 2
			l.escape(n, &b)
		case c == '#' && interp && l.pos+1 < l.limit && l.src[l.pos+1] == '{':
			flush()
			l.pos += 2
			cs := l.pos
			ce, ok := l.skipCode()
			if !ok {
				return nil, false
			}
			parts = append(parts, strPart{code: true, start: cs, end: ce})
		case c == '#' && interp && l.pos+1 < l.limit && (l.src[l.pos+1] == '@' || l.src[l.pos+1] == '$') && l.pos+2 < l.limit && isIdentStart(l.src[l.pos+2]):
			flush()
			cs := l.pos + 1
			l.pos += 3
			for l.pos < l.limit && isIdentChar(l.src[l.pos]) {
				l.pos++
			}
			parts = append(parts, strPart{code: true, start: cs, end: l.pos})
		default:
			b.WriteByte(c)
			l.pos++
		}
	}
	return nil, false
}

// escape writes the character a double-quoted backslash escape \n stands for.
func (l *lexer) escape(n byte, b *strings.Builder) {
	switch n {
	case 'n':
		b.WriteByte('\n')
	case 't':
		b.WriteByte('\t')
	case 'r':
		b.WriteByte('\r')
	case 's':
		b.WriteByte(' ')
	case '0':
		b.WriteByte(0)
	case 'e':
		b.WriteByte(0x1b)
	case 'a':
		b.WriteByte('\a')
	case 'b':
		b.WriteByte('\b')
	case 'f':
		b.WriteByte('\f')
	case 'v':
		b.WriteByte('\v')
	case '\n':
	case 'u':
		if l.pos < l.limit && l.src[l.pos] == '{' {
			j := strings.IndexByte(string(l.src[l.pos:l.limit]), '}')
			if j > 0 {
				for _, h := range strings.Fields(string(l.src[l.pos+1 : l.pos+j])) {
					if r, err := strconv.ParseUint(h, 16, 32); err == nil {
						b.WriteRune(rune(r))
					}
				}
				l.pos += j + 1
				return
			}
		}
		if l.pos+4 <= l.limit {
			if r, err := strconv.ParseUint(string(l.src[l.pos:l.pos+4]), 16, 32); err == nil {
				b.WriteRune(rune(r))
				l.pos += 4
				return
			}
		}
		b.WriteByte('u')
	case 'x':
		j := l.pos
		for j < l.limit && j < l.pos+2 && strings.IndexByte("0123456789abcdefABCDEF", l.src[j]) >= 0 {
			j++
		}
		if j > l.pos {
			v, _ := strconv.ParseUint(string(l.src[l.pos:j]), 16, 8)
			b.WriteByte(byte(v))
			l.pos = j
			return
		}
		b.WriteByte('x')
	default:
		b.WriteByte(n)
	}
}

// skipCode moves past an interpolated expression up to its closing brace,
// returning the offset of that brace.
func (l *lexer) skipCode() (int, bool) {
	depth := 0
	for l.pos < l.limit {
		c := l.src[l.pos]
		switch c {
		case '{':
			depth++
		case '}':
			if depth == 0 {
				e := l.pos
				l.pos++
				return e, true
			}
			depth--
		case '"', '\'':
			l.pos++
			if _, ok := l.stringBody(c, 0, c == '"'); !ok {
				return 0, false
			}
			continue
		case '\\':
			l.pos++
		}
		l.pos++
	}
	return 0, false
}

func (l *lexer) wordsBody(end, nestOpen byte, interp bool) ([][]strPart, bool) {
	var words [][]strPart
	var cur []strPart
	var b strings.Builder
	inWord := false
	depth := 0
	flushWord := func() {
		if b.Len() > 0 {
			cur = append(cur, strPart{lit: b.String()})
			b.Reset()
		}
		if inWord {
			words = append(words, cur)
		}
		cur = nil
		inWord = false
	}
	for l.pos < l.limit {
		c := l.src[l.pos]
		switch {
		case c == end && depth == 0:
			l.pos++
			flushWord()
			return words, true
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			flushWord()
			l.pos++
		case c == '\\' && l.pos+1 < l.limit:
			inWord = true
			n := l.src[l.pos+1]
			l.pos += 2
			if interp {
				l.escape(n, &b)
			} else if n == end || n == '\\' || n == ' ' || n == '\n' || nestOpen != 0 && n == nestOpen {
				b.WriteByte(n)
			} else {
				b.WriteByte('\\')
				b.WriteByte(n)
			}
		case c == '#' && interp && l.pos+1 < l.limit && l.src[l.pos+1] == '{':
			inWord = true
			if b.Len() > 0 {
				cur = append(cur, strPart{lit: b.String()})
				b.Reset()
			}
			l.pos += 2
			cs := l.pos
			ce, ok := l.skipCode()
			if !ok {
				return nil, false
			}
			cur = append(cur, strPart{code: true, start: cs, end: ce})
		default:
			if nestOpen != 0 && c == nestOpen {
				depth++
			} else if nestOpen != 0 && c == end {
				depth--
			}
			inWord = true
			b.WriteByte(c)
			l.pos++
		}
	}
	return nil, false
}
