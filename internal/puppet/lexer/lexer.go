package lexer

import (
	"bytes"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/ordoproject/ordo/internal/diag"
	"github.com/ordoproject/ordo/internal/source"
)

// Mode selects the kind of source to lex.
type Mode int

// Modes.
const (
	Manifest Mode = iota // a .pp file: all code
	EPP                  // a .epp template: text with <% %> code tags
)

// maxNesting bounds how deeply string interpolations may nest.
const maxNesting = 64

// Lex returns the tokens of f, ending with an EOF token, and the problems
// found. Lexing stops at the first error that makes the rest unreadable (an
// unclosed string, comment or heredoc); the tokens before it are returned.
func Lex(f *source.File, mode Mode) ([]Token, diag.List) {
	if mode == Manifest && len(f.Content) >= splitSize && runtime.GOMAXPROCS(0) > 1 {
		if at := splitPoint(f.Content); at > 0 {
			toks, diags, _ := lexSplit(f, at)
			return toks, diags
		}
	}
	return lexWhole(f, mode)
}

// lexWhole lexes f from start to end on this goroutine.
func lexWhole(f *source.File, mode Mode) ([]Token, diag.List) {
	l := newLexer(f, mode)
	l.toks = make([]Token, 0, len(f.Content)/4+16) // about one token per four bytes
	for {
		t := l.next()
		l.toks = append(l.toks, t)
		if t.Kind == EOF {
			break
		}
	}
	return l.toks, l.diags
}

func newLexer(f *source.File, mode Mode) *lexer {
	return &lexer{file: f, src: f.Content, text: f.Text(), heredocLineEnd: -1, epp: mode == EPP, eppText: mode == EPP, lastKind: Semi}
}

// splitSize is the size of manifest from which Lex lexes its second half
// on another goroutine.
const splitSize = 64 << 10

// splitPoint is where a manifest's second half may start: the first line
// after the middle that starts with a lower-case letter (a keyword or a
// bare word, which lexes the same whatever came before), or 0.
func splitPoint(src []byte) int {
	for i := len(src) / 2; i < len(src)-1; i++ {
		if src[i] == '\n' && isLower(src[i+1]) {
			return i + 1
		}
	}
	return 0
}

// lexSplit lexes f as Lex does, the part from at on another goroutine.
// The two parts are joined when the lexing of the first, done here,
// reaches a token at offset at in the state the other started in (no
// heredoc body pending, no problem found) and both agree on that token;
// otherwise (at is inside a string, a comment or a heredoc, or a part
// has a problem to report) this goroutine lexes on to the end, exactly
// as Lex does without a split. joined reports which.
func lexSplit(f *source.File, at int) (toks []Token, diags diag.List, joined bool) {
	type part struct {
		toks  []Token
		diags diag.List
	}
	second := make(chan part, 1)
	go func() {
		l := newLexer(f, Manifest)
		l.pos = at
		l.toks = make([]Token, 0, (len(f.Content)-at)/4+16)
		for {
			t := l.next()
			l.toks = append(l.toks, t)
			if t.Kind == EOF {
				break
			}
		}
		second <- part{l.toks, l.diags}
	}()
	l := newLexer(f, Manifest)
	l.toks = make([]Token, 0, len(f.Content)/4+16)
	waited := false
	for {
		t := l.next()
		if int(t.Pos) == at && t.Kind != EOF && !l.failed && l.heredocLineEnd == -1 && len(l.diags) == 0 {
			p := <-second
			waited = true
			if len(p.diags) == 0 && sameToken(p.toks[0], t) {
				return append(l.toks, p.toks...), nil, true
			}
		}
		l.toks = append(l.toks, t)
		if t.Kind == EOF {
			break
		}
	}
	if !waited {
		<-second
	}
	return l.toks, l.diags, false
}

func sameToken(a, b Token) bool {
	return a.Kind == b.Kind && a.Pos == b.Pos && a.End == b.End && a.Text == b.Text && a.Str == nil && b.Str == nil
}

type lexer struct {
	file  *source.File
	src   []byte
	text  string // src as a string, for the texts of tokens
	pos   int
	toks  []Token
	diags diag.List

	lastKind Kind // kind of the previous token, for regex and bracket decisions
	failed   bool // a fatal error ended lexing
	nesting  int  // depth of ${} interpolation

	// Heredoc bodies start on the line after their tag. When a line holds
	// heredoc tags, heredocLineEnd is the offset of its '\n' and
	// heredocResume the offset where lexing continues after the bodies.
	heredocLineEnd int
	heredocResume  int

	epp       bool
	eppText   bool // in an EPP template, currently outside code tags
	eppTrimNL bool // the last tag was -%>: drop one following newline
	eppRender bool // the open code tag is "<%=": its end is a token
}

func (l *lexer) errorAt(code diag.Code, start, end int, format string, args ...any) {
	l.diags = append(l.diags, &diag.Diagnostic{
		Severity: diag.Error, Code: code, Summary: fmt.Sprintf(format, args...),
		Subject: source.Range{File: l.file, Start: source.Pos(start), End: source.Pos(end)},
	})
}

func (l *lexer) warnAt(code diag.Code, start, end int, format string, args ...any) {
	l.diags = append(l.diags, &diag.Diagnostic{
		Severity: diag.Warning, Code: code, Summary: fmt.Sprintf(format, args...),
		Subject: source.Range{File: l.file, Start: source.Pos(start), End: source.Pos(end)},
	})
}

// fatal records an error after which nothing more is lexed.
func (l *lexer) fatal(code diag.Code, start, end int, detail, format string, args ...any) {
	l.errorAt(code, start, end, format, args...)
	l.diags[len(l.diags)-1].Detail = detail
	l.failed = true
	l.pos = len(l.src)
}

func (l *lexer) peekAt(i int) byte {
	if i < len(l.src) {
		return l.src[i]
	}
	return 0
}

func (l *lexer) tok(k Kind, start int) Token {
	l.lastKind = k
	return Token{Kind: k, Pos: source.Pos(start), End: source.Pos(l.pos)}
}

// skipSpace skips blanks, line ends (jumping over heredoc bodies) and comments.
func (l *lexer) skipSpace() {
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		switch {
		case c == '\n':
			if l.pos == l.heredocLineEnd {
				l.pos = l.heredocResume
				l.heredocLineEnd = -1
				continue
			}
			l.pos++
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			l.pos++
		case c == 0xC2 && l.peekAt(l.pos+1) == 0xA0: // no-break space
			l.pos += 2
		case c == '#':
			for l.pos < len(l.src) && l.src[l.pos] != '\n' {
				if l.epp && l.src[l.pos] == '%' && l.peekAt(l.pos+1) == '>' {
					return
				}
				l.pos++
			}
		case c == '/' && l.peekAt(l.pos+1) == '*':
			end := bytes.Index(l.src[l.pos+2:], []byte("*/"))
			if end < 0 {
				l.fatal(diag.UnclosedComment, l.pos, l.pos+2, "expected '*/' to close the comment", "Unclosed multiline comment")
				return
			}
			l.pos += 2 + end + 2
		default:
			return
		}
	}
}

func isDigit(c byte) bool     { return c >= '0' && c <= '9' }
func isLower(c byte) bool     { return c >= 'a' && c <= 'z' }
func isUpper(c byte) bool     { return c >= 'A' && c <= 'Z' }
func isWordChar(c byte) bool  { return isLower(c) || isUpper(c) || isDigit(c) || c == '_' }
func isNameStart(c byte) bool { return isLower(c) || c == '_' }

func (l *lexer) next() Token {
	if l.failed {
		return Token{Kind: EOF, Pos: source.Pos(len(l.src)), End: source.Pos(len(l.src))}
	}
	if l.eppText {
		if t, ok := l.eppTextToken(); ok {
			return t
		}
	}
	l.skipSpace()
	if l.failed || l.pos >= len(l.src) {
		if l.epp && !l.eppText && !l.failed {
			l.errorAt(diag.BadEPP, len(l.src), len(l.src), "Unbalanced epp tag, reached <eof> without closing tag.")
		}
		return Token{Kind: EOF, Pos: source.Pos(len(l.src)), End: source.Pos(len(l.src))}
	}
	start := l.pos
	c := l.src[l.pos]
	if l.epp && l.nesting == 0 {
		if (c == '%' && l.peekAt(l.pos+1) == '>') || (c == '-' && l.peekAt(l.pos+1) == '%' && l.peekAt(l.pos+2) == '>') {
			if c == '-' {
				l.pos += 3
				l.eppTrimNL = true
			} else {
				l.pos += 2
			}
			l.eppText = true
			if l.eppRender {
				l.eppRender = false
				return l.tok(EPPEnd, start)
			}
			return l.next()
		}
	}
	switch {
	case isNameStart(c) || (c == ':' && l.peekAt(l.pos+1) == ':' && isNameStart(l.peekAt(l.pos+2))):
		return l.bareWord(start)
	case isUpper(c) || (c == ':' && l.peekAt(l.pos+1) == ':' && isUpper(l.peekAt(l.pos+2))):
		return l.typeRef(start)
	case isDigit(c):
		return l.number(start)
	case c == '$':
		return l.variable(start)
	case c == '\'':
		return l.singleQuoted(start)
	case c == '"':
		return l.doubleQuoted(start)
	case c == '@' && l.peekAt(l.pos+1) == '(':
		return l.heredoc(start)
	case c == '/' && l.regexAcceptable():
		if t, ok := l.regex(start); ok {
			return t
		}
	}
	return l.operator(start)
}

// regexAcceptable reports whether a '/' here starts a regex rather than
// being a division: it does unless the previous token ends an operand.
func (l *lexer) regexAcceptable() bool {
	switch l.lastKind {
	case RParen, RBrack, RRCollect, RCollect, Name, TypeRef, Number, String, DQString, Heredoc,
		Regex, Variable, Word, KwTrue, KwFalse:
		return false
	}
	return true
}

// operatorKind returns the kind and length of the operator at the start of
// rest, longest match first, or length 0.
func operatorKind(rest []byte) (Kind, int) {
	at := func(i int) byte {
		if i < len(rest) {
			return rest[i]
		}
		return 0
	}
	c, c1 := rest[0], at(1)
	switch c {
	case '<':
		switch c1 {
		case '<':
			if at(2) == '|' {
				return LLCollect, 3
			}
			return LShift, 2
		case '|':
			return LCollect, 2
		case '-':
			return InEdge, 2
		case '~':
			return InEdgeSub, 2
		case '=':
			return Le, 2
		}
		return Lt, 1
	case '>':
		switch c1 {
		case '>':
			return RShift, 2
		case '=':
			return Ge, 2
		}
		return Gt, 1
	case '|':
		if c1 == '>' {
			if at(2) == '>' {
				return RRCollect, 3
			}
			return RCollect, 2
		}
		return Pipe, 1
	case '-':
		switch c1 {
		case '>':
			return OutEdge, 2
		case '=':
			return Deletes, 2
		}
		return Minus, 1
	case '~':
		if c1 == '>' {
			return OutEdgeSub, 2
		}
	case '=':
		switch c1 {
		case '=':
			return Eq, 2
		case '~':
			return Match, 2
		case '>':
			return FArrow, 2
		}
		return Assign, 1
	case '!':
		switch c1 {
		case '=':
			return Ne, 2
		case '~':
			return NoMatch, 2
		}
		return Not, 1
	case '+':
		switch c1 {
		case '>':
			return PArrow, 2
		case '=':
			return Appends, 2
		}
		return Plus, 1
	case '@':
		if c1 == '@' {
			return AtAt, 2
		}
		return At, 1
	case '*':
		return Times, 1
	case '%':
		return Mod, 1
	case '/':
		return Div, 1
	case '.':
		return Dot, 1
	case ':':
		return Colon, 1
	case ',':
		return Comma, 1
	case ';':
		return Semi, 1
	case '?':
		return QMark, 1
	case ')':
		return RParen, 1
	case ']':
		return RBrack, 1
	case '{':
		return LBrace, 1
	case '}':
		return RBrace, 1
	}
	return EOF, 0
}

func (l *lexer) operator(start int) Token {
	rest := l.src[l.pos:]
	c := rest[0]
	if c == '[' {
		l.pos++
		if start == 0 || strings.IndexByte(" \t\r\n", l.src[start-1]) >= 0 {
			return l.tok(ListStart, start)
		}
		return l.tok(LBrack, start)
	}
	if c == '(' {
		l.pos++
		j := start - 1
		for j >= 0 && (l.src[j] == ' ' || l.src[j] == '\t' || l.src[j] == '\r') {
			j--
		}
		if j < 0 || l.src[j] == '\n' {
			return l.tok(WSLParen, start)
		}
		return l.tok(LParen, start)
	}
	if k, n := operatorKind(rest); n > 0 {
		l.pos += n
		return l.tok(k, start)
	}
	r, size := utf8.DecodeRune(rest)
	l.pos += size
	l.errorAt(diag.IllegalCharacter, start, l.pos, "Illegal character %q", r)
	return l.next()
}

// bareWord lexes a name, keyword or word: segments of [a-z_][\w-]*\w
// separated by '::'.
func (l *lexer) bareWord(start int) Token {
	for {
		if l.peekAt(l.pos) == ':' && l.peekAt(l.pos+1) == ':' && isNameStart(l.peekAt(l.pos+2)) {
			l.pos += 2
		} else if !isNameStart(l.peekAt(l.pos)) {
			break
		}
		l.pos++
		for l.pos < len(l.src) && (isWordChar(l.src[l.pos]) || l.src[l.pos] == '-') {
			l.pos++
		}
		for l.src[l.pos-1] == '-' { // a word never ends in '-'
			l.pos--
		}
	}
	if l.peekAt(l.pos) == ':' && l.peekAt(l.pos+1) == ':' && !isUpper(l.peekAt(l.pos+2)) {
		l.pos += 2
		l.errorAt(diag.SyntaxError, l.pos, l.pos, "Illegal fully qualified name")
	}
	text := l.text[start:l.pos]
	if k, ok := keywords[text]; ok {
		t := l.tok(k, start)
		t.Text = text
		return t
	}
	kind := Name
	for seg := range strings.SplitSeq(strings.TrimPrefix(text, "::"), "::") {
		if seg == "" || !isLower(seg[0]) || strings.Contains(seg, "-") {
			kind = Word
		}
	}
	t := l.tok(kind, start)
	t.Text = text
	return t
}

func (l *lexer) typeRef(start int) Token {
	for {
		if l.peekAt(l.pos) == ':' && l.peekAt(l.pos+1) == ':' && isUpper(l.peekAt(l.pos+2)) {
			l.pos += 2
		} else if !isUpper(l.peekAt(l.pos)) {
			break
		}
		l.pos++
		for l.pos < len(l.src) && isWordChar(l.src[l.pos]) {
			l.pos++
		}
	}
	t := l.tok(TypeRef, start)
	t.Text = l.text[start:l.pos]
	return t
}

func isHex(c byte) bool { return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') }

func (l *lexer) number(start int) Token {
	if l.src[l.pos] == '0' && (l.peekAt(l.pos+1) == 'x' || l.peekAt(l.pos+1) == 'X') {
		l.pos += 2
		for isHex(l.peekAt(l.pos)) {
			l.pos++
		}
		if l.pos == start+2 || isWordChar(l.peekAt(l.pos)) {
			for isWordChar(l.peekAt(l.pos)) {
				l.pos++
			}
			l.errorAt(diag.BadNumber, start, l.pos, "Not a valid hex number %s", l.src[start:l.pos])
		}
	} else {
		for isDigit(l.peekAt(l.pos)) {
			l.pos++
		}
		if l.peekAt(l.pos) == '.' && isDigit(l.peekAt(l.pos+1)) {
			l.pos++
			for isDigit(l.peekAt(l.pos)) {
				l.pos++
			}
		}
		if c := l.peekAt(l.pos); c == 'e' || c == 'E' {
			j := l.pos + 1
			if l.peekAt(j) == '-' || l.peekAt(j) == '+' {
				j++
			}
			if isDigit(l.peekAt(j)) {
				l.pos = j
				for isDigit(l.peekAt(l.pos)) {
					l.pos++
				}
			}
		}
	}
	if isWordChar(l.peekAt(l.pos)) {
		for isWordChar(l.peekAt(l.pos)) {
			l.pos++
		}
		l.errorAt(diag.BadNumber, start, l.pos, "Illegal number '%s'", l.src[start:l.pos])
	} else if l.src[start] == '0' && l.pos > start+1 && !strings.ContainsAny(string(l.src[start:l.pos]), ".eExX") && strings.ContainsAny(string(l.src[start:l.pos]), "89") {
		l.errorAt(diag.BadNumber, start, l.pos, "Not a valid octal number %s", l.src[start:l.pos])
	}
	t := l.tok(Number, start)
	t.Text = l.text[start:l.pos]
	return t
}

// varNameEnd returns the end of a variable name starting at i:
// (::)?(\w+::)*\w+, or i when there is none.
func (l *lexer) varNameEnd(i int) int {
	j := i
	if l.peekAt(j) == ':' && l.peekAt(j+1) == ':' {
		j += 2
	}
	end := i
	for {
		k := j
		for isWordChar(l.peekAt(k)) {
			k++
		}
		if k == j {
			break
		}
		end = k
		if l.peekAt(k) == ':' && l.peekAt(k+1) == ':' && isWordChar(l.peekAt(k+2)) {
			j = k + 2
			continue
		}
		break
	}
	return end
}

func (l *lexer) variable(start int) Token {
	end := l.varNameEnd(l.pos + 1)
	if end == l.pos+1 {
		l.pos++
		l.errorAt(diag.SyntaxError, start, l.pos, "Illegal variable name, The given name '' does not conform to the naming rule /^((::)?[a-z]\\w*)*((::)?[a-z_]\\w*)$/")
		t := l.tok(Variable, start)
		return t
	}
	l.pos = end
	t := l.tok(Variable, start)
	t.Text = l.text[start+1 : end]
	return t
}

// followedBy renders up to five bytes after i followed by "...", or
// "<eof>", for "Unclosed ..." messages, as Puppet does.
func (l *lexer) followedBy(i int) string {
	rest := l.src[i:]
	if len(rest) == 0 {
		return "<eof>"
	}
	if len(rest) > 5 {
		rest = rest[:5]
	}
	return strings.NewReplacer("\t", `\t`, "\n", `\n`, "\r", `\r`).Replace(string(rest)) + "..."
}

func (l *lexer) singleQuoted(start int) Token {
	var b strings.Builder
	escaped := false
	i := start + 1
	for {
		if i >= len(l.src) {
			l.fatal(diag.UnclosedQuote, start+1, start+1, "expected a closing \"'\"", "Unclosed quote after \"'\" followed by '%s'", l.followedBy(start+1))
			return Token{Kind: EOF, Pos: source.Pos(len(l.src)), End: source.Pos(len(l.src))}
		}
		c := l.src[i]
		if c == '\'' {
			break
		}
		if c == '\\' && (l.peekAt(i+1) == '\\' || l.peekAt(i+1) == '\'') {
			if !escaped {
				// The text so far, then the rest as it is unescaped.
				b.WriteString(l.text[start+1 : i])
				escaped = true
			}
			b.WriteByte(l.src[i+1])
			i += 2
			continue
		}
		if escaped {
			b.WriteByte(c)
		}
		i++
	}
	l.pos = i + 1
	t := l.tok(String, start)
	if escaped {
		t.Text = b.String()
	} else {
		// Without an escape, the text is the source's.
		t.Text = l.text[start+1 : i]
	}
	return t
}

// escapes lists the escape letters a string honours.
type escapes struct {
	set       string // letters after '\' that are replaced
	lineCont  bool   // "\<newline>" joins lines
	warnOther bool   // unknown escapes are warned about
}

var dqEscapes = escapes{set: "\\$'\"rnts u", lineCont: true, warnOther: true}

// textScanner accumulates the segments of an interpolated string.
type textScanner struct {
	segs    []Segment
	buf     strings.Builder
	bufFrom int
	// src is the source text; while the text of a segment is a run of
	// it, [runFrom, runTo), as it mostly is (no escapes, no margin),
	// the run stands for buf and becomes the segment's text without a
	// copy.
	src            string
	runFrom, runTo int
	// escapesAtEnd places the warnings about escapes in a double-quoted
	// string where Puppet's lexer reports them: after the piece of text
	// they are in (after its "$", "${" or closing quote). pending holds
	// them, as indexes into the lexer's diagnostics, until then.
	escapesAtEnd bool
	pending      []int
}

// placeEscapes puts the pending escape warnings of s at offset at.
func (l *lexer) placeEscapes(s *textScanner, at int) {
	for _, k := range s.pending {
		l.diags[k].Subject.Start, l.diags[k].Subject.End = source.Pos(at), source.Pos(at)
	}
	s.pending = s.pending[:0]
}

func (s *textScanner) flush(at int) {
	switch {
	case s.runTo > s.runFrom:
		s.segs = append(s.segs, Segment{Kind: SegText, Pos: source.Pos(s.bufFrom), End: source.Pos(at), Text: s.src[s.runFrom:s.runTo]})
		s.runFrom, s.runTo = 0, 0
	case s.buf.Len() > 0:
		s.segs = append(s.segs, Segment{Kind: SegText, Pos: source.Pos(s.bufFrom), End: source.Pos(at), Text: s.buf.String()})
		s.buf.Reset()
	}
	s.bufFrom = -1
}

// spill copies the run of source text into buf, which then holds the
// text.
func (s *textScanner) spill() {
	if s.runTo > s.runFrom {
		s.buf.WriteString(s.src[s.runFrom:s.runTo])
		s.runFrom, s.runTo = 0, 0
	}
}

// writeByte appends one byte of the source, as it is: a byte of a UTF-8
// sequence stays that byte.
func (s *textScanner) writeByte(at int, c byte) {
	if s.bufFrom < 0 {
		s.bufFrom = at
	}
	if s.buf.Len() == 0 && at < len(s.src) && s.src[at] == c {
		switch {
		case s.runTo == s.runFrom:
			s.runFrom, s.runTo = at, at+1
			return
		case s.runTo == at:
			s.runTo++
			return
		}
	}
	s.spill()
	s.buf.WriteByte(c)
}

func (s *textScanner) write(at int, str string) {
	if s.bufFrom < 0 {
		s.bufFrom = at
	}
	s.spill()
	s.buf.WriteString(str)
}

// scanEscape handles a backslash at i, returning the index after it.
func (l *lexer) scanEscape(s *textScanner, i int, esc escapes) int {
	c := l.peekAt(i + 1)
	switch {
	case c == '\n' && esc.lineCont:
		return i + 2
	case c == '\r' && l.peekAt(i+2) == '\n' && esc.lineCont:
		return i + 3
	case c != 0 && strings.IndexByte(esc.set, c) >= 0 && c != ' ':
		switch c {
		case 'n':
			s.write(i, "\n")
		case 't':
			s.write(i, "\t")
		case 'r':
			s.write(i, "\r")
		case 's':
			s.write(i, " ")
		case 'u':
			return l.unicodeEscape(s, i)
		default:
			s.writeByte(i, c)
		}
		return i + 2
	}
	if esc.warnOther && c != 0 && c != '\n' {
		l.warnAt(diag.BadEscape, i, i+2, "Unrecognized escape sequence '\\%c'", c)
		if s.escapesAtEnd {
			s.pending = append(s.pending, len(l.diags)-1)
		}
	}
	s.write(i, "\\")
	return i + 1
}

func (l *lexer) unicodeEscape(s *textScanner, i int) int {
	j := i + 2
	var hex string
	if l.peekAt(j) == '{' {
		k := j + 1
		for k < len(l.src) && isHex(l.src[k]) && k-j <= 6 {
			k++
		}
		if l.peekAt(k) == '}' && k > j+1 {
			hex = string(l.src[j+1 : k])
			j = k + 1
		}
	} else if j+4 <= len(l.src) && isHex(l.src[j]) && isHex(l.src[j+1]) && isHex(l.src[j+2]) && isHex(l.src[j+3]) {
		hex = string(l.src[j : j+4])
		j += 4
	}
	if hex == "" {
		l.warnAt(diag.BadEscape, i, i+2, "Unicode escape '\\u' was not followed by 4 hex digits or 1-6 hex digits in {} or was > 10ffff")
		if s.escapesAtEnd {
			s.pending = append(s.pending, len(l.diags)-1)
		}
		s.write(i, "\\u")
		return i + 2
	}
	n, _ := strconv.ParseUint(hex, 16, 32)
	if n > utf8.MaxRune || n >= 0xD800 && n <= 0xDFFF {
		// Puppet makes the bytes of such a code point and then fails
		// on them, without a place; the diagnostic keeps the escape's.
		l.errorAt(diag.BadUnicode, i, j, "invalid byte sequence in UTF-8")
		l.diags[len(l.diags)-1].Detail = fmt.Sprintf("\\u{%s} is not a Unicode character: a surrogate, or above 10FFFF", hex)
		s.write(i, string(l.src[i:j]))
		return j
	}
	s.write(i, string(rune(n)))
	return j
}

// scanDollar handles a '$' at i in an interpolating string, returning the
// index after what it consumed.
func (l *lexer) scanDollar(s *textScanner, i int) int {
	if l.peekAt(i+1) == '{' {
		s.flush(i)
		l.placeEscapes(s, i+2)
		toks, end := l.interpolation(i + 2)
		s.segs = append(s.segs, Segment{Kind: SegExpr, Pos: source.Pos(i), End: source.Pos(end), Tokens: toks})
		return end
	}
	if end := l.varNameEnd(i + 1); end > i+1 {
		s.flush(i)
		l.placeEscapes(s, i+1)
		s.segs = append(s.segs, Segment{Kind: SegVar, Pos: source.Pos(i), End: source.Pos(end), Text: l.text[i+1 : end]})
		return end
	}
	s.write(i, "$")
	return i + 1
}

// interpolation lexes the tokens of "${ ... }" starting at i (after "${"),
// returning them (ending in EOF) and the offset after the closing '}'.
func (l *lexer) interpolation(i int) ([]Token, int) {
	saved := struct {
		pos     int
		toks    []Token
		last    Kind
		eppText bool
	}{l.pos, l.toks, l.lastKind, l.eppText}
	l.pos, l.toks, l.lastKind, l.eppText = i, nil, LBrace, false
	l.nesting++
	depth := 0
	// Most interpolations are one name and the end.
	toks := make([]Token, 0, 2)
	end := -1
	if l.nesting > maxNesting {
		l.fatal(diag.SyntaxError, i, i, "", "String interpolation nested too deeply")
	}
	for !l.failed {
		t := l.next()
		if t.Kind == EOF {
			break
		}
		if t.Kind == LBrace {
			depth++
		} else if t.Kind == RBrace {
			if depth == 0 {
				end = int(t.End)
				toks = append(toks, Token{Kind: EOF, Pos: t.Pos, End: t.Pos})
				break
			}
			depth--
		}
		toks = append(toks, t)
	}
	l.nesting--
	if end < 0 && !l.failed {
		from := i
		if n := len(toks); n > 0 {
			from = int(toks[n-1].End)
		}
		l.fatal(diag.UnclosedQuote, from, from, "expected '}' to close the '${' interpolation", "Unclosed quote after '\"' followed by '%s'", l.followedBy(from))
	}
	if l.failed {
		end = len(l.src)
		toks = append(toks, Token{Kind: EOF, Pos: source.Pos(end), End: source.Pos(end)})
	}
	failed := l.failed
	l.pos, l.toks, l.lastKind, l.eppText = saved.pos, saved.toks, saved.last, saved.eppText
	if failed {
		l.pos = len(l.src)
	}
	return toks, end
}

// stringToken makes a String token when segs is plain text, else a DQString.
func (l *lexer) stringToken(kind Kind, start int, s *textScanner) Token {
	t := l.tok(kind, start)
	if len(s.segs) == 0 {
		t.Kind, l.lastKind = String, String
		return t
	}
	if len(s.segs) == 1 && s.segs[0].Kind == SegText {
		t.Kind, l.lastKind = String, String
		t.Text = s.segs[0].Text
		return t
	}
	t.Str = &StrInfo{Segments: s.segs}
	return t
}

func (l *lexer) doubleQuoted(start int) Token {
	s := &textScanner{bufFrom: -1, escapesAtEnd: true, src: l.text}
	i := start + 1
	for {
		if i >= len(l.src) {
			// Like Puppet, name the last interpolated value when there is one.
			after, from := `'"'`, start+1
			for k := len(s.segs) - 1; k >= 0; k-- {
				if seg := s.segs[k]; seg.Kind != SegText {
					after, from = "'"+lastValue(seg)+"'", int(seg.End)
					break
				}
			}
			l.fatal(diag.UnclosedQuote, from, from, "expected a closing '\"'", "Unclosed quote after %s followed by '%s'", after, l.followedBy(from))
			return Token{Kind: EOF, Pos: source.Pos(len(l.src)), End: source.Pos(len(l.src))}
		}
		switch c := l.src[i]; c {
		case '"':
			s.flush(i)
			l.pos = i + 1
			l.placeEscapes(s, i+1)
			return l.stringToken(DQString, start, s)
		case '\\':
			i = l.scanEscape(s, i, dqEscapes)
		case '$':
			i = l.scanDollar(s, i)
			if l.failed {
				return Token{Kind: EOF, Pos: source.Pos(len(l.src)), End: source.Pos(len(l.src))}
			}
		default:
			s.writeByte(i, c)
			i++
		}
	}
}

// lastValue is the text of the last value in an interpolation segment.
func lastValue(seg Segment) string {
	if seg.Kind == SegVar {
		return seg.Text
	}
	for k := len(seg.Tokens) - 1; k >= 0; k-- {
		if t := seg.Tokens[k]; t.Text != "" {
			return t.Text
		}
	}
	return ""
}

func (l *lexer) regex(start int) (Token, bool) {
	i := start + 1
	for i < len(l.src) {
		switch l.src[i] {
		case '\\':
			i += 2
			continue
		case '/':
			l.pos = i + 1
			t := l.tok(Regex, start)
			t.Text = l.text[start+1 : i]
			return t, true
		}
		i++
	}
	return Token{}, false
}
