package lexer

import (
	"bytes"
	"strings"

	"github.com/ordoproject/ordo/internal/diag"
	"github.com/ordoproject/ordo/internal/source"
)

// heredoc lexes @(TAG:syntax/escapes) and its body, which starts on the line
// after the tag (or after the previous heredoc body on the same line).
func (l *lexer) heredoc(start int) Token {
	closeAt := bytes.IndexByte(l.src[start:], ')')
	nl := bytes.IndexByte(l.src[start:], '\n')
	if closeAt < 0 || (nl >= 0 && nl < closeAt) {
		l.fatal(diag.BadHeredoc, start, start+2, "expected ')' to close the heredoc tag", "Unclosed parenthesis after '@(' followed by '%s'", l.followedBy(start))
		return l.next()
	}
	spec := string(l.src[start+2 : start+closeAt])
	l.pos = start + closeAt + 1

	tag, rest, _ := strings.Cut(spec, ":")
	var syntax, flags string
	hasFlags := false
	if i := strings.IndexByte(tag, '/'); i >= 0 {
		tag, flags, hasFlags = tag[:i], tag[i+1:], true
	} else if i := strings.IndexByte(rest, '/'); i >= 0 {
		syntax, flags, hasFlags = rest[:i], rest[i+1:], true
	} else {
		syntax = rest
	}
	syntax = strings.TrimSpace(syntax)
	flags = strings.TrimSpace(flags)
	tag = strings.TrimSpace(tag)
	interpolate := false
	if len(tag) >= 2 && tag[0] == '"' && tag[len(tag)-1] == '"' {
		interpolate = true
		tag = strings.TrimSpace(tag[1 : len(tag)-1])
	}
	if tag == "" {
		l.fatal(diag.BadHeredoc, start, l.pos, "write a tag such as @(END)", "Heredoc without end-tag")
		return l.next()
	}
	esc := escapes{}
	if hasFlags {
		if flags == "" {
			flags = "trnsuL$"
		}
		esc.set = "\\"
		for _, f := range flags {
			switch f {
			case 't', 'r', 'n', 's', 'u', '$':
				if strings.ContainsRune(esc.set, f) {
					l.fatal(diag.BadHeredoc, start, l.pos, "", "An escape char for @() may only appear once. Got '%s'", flags)
					return l.next()
				}
				esc.set += string(f)
			case 'L':
				esc.lineCont = true
			default:
				l.fatal(diag.BadHeredoc, start, l.pos, "valid escapes are t, r, n, s, u, L and $", "Invalid heredoc escape char. Only t, r, n, s,  u, L, $ allowed. Got '%c'", f)
				return l.next()
			}
		}
	}

	// Find where the body starts.
	bodyStart := l.heredocResume
	if l.heredocLineEnd < 0 {
		nl := bytes.IndexByte(l.src[l.pos:], '\n')
		if nl < 0 {
			l.fatal(diag.BadHeredoc, l.pos, l.pos, "the text must start on the line after the tag", "Heredoc without any following lines of text")
			return l.next()
		}
		l.heredocLineEnd = l.pos + nl
		bodyStart = l.heredocLineEnd + 1
	}

	// Find the end-tag line: optional '|' margin marker, optional '-' trim.
	lineStart := bodyStart
	var endLine, endLineEnd int
	margin, trim, found := "", false, false
	for lineStart <= len(l.src) && !found {
		lineEnd := bytes.IndexByte(l.src[lineStart:], '\n')
		next := 0
		if lineEnd < 0 {
			lineEnd = len(l.src)
			next = len(l.src) + 1
		} else {
			lineEnd += lineStart
			next = lineEnd + 1
		}
		line := strings.TrimRight(string(l.src[lineStart:lineEnd]), "\r")
		// Like Puppet, a line that ends with [|] [-] TAG ends the text,
		// whatever comes before on the line.
		if rest := strings.TrimRight(line, " \t"); strings.HasSuffix(rest, tag) {
			pre := strings.TrimRight(rest[:len(rest)-len(tag)], " \t")
			hasTrim := strings.HasSuffix(pre, "-")
			if hasTrim {
				pre = strings.TrimRight(pre[:len(pre)-1], " \t")
			}
			if strings.HasSuffix(pre, "|") {
				pre = pre[:len(pre)-1]
				margin = pre[len(strings.TrimRight(pre, " \t")):]
			}
			found, trim = true, hasTrim
			endLine, endLineEnd = lineStart, next
			break
		}
		if next > len(l.src) {
			break
		}
		lineStart = next
	}
	if !found {
		l.fatal(diag.BadHeredoc, bodyStart, bodyStart, "expected a line with the end tag '"+tag+"'", "Heredoc without end-tagged line")
		return l.next()
	}
	if endLineEnd > len(l.src) {
		endLineEnd = len(l.src)
	}
	l.heredocResume = endLineEnd
	if l.heredocResume > len(l.src) {
		l.heredocResume = len(l.src)
	}

	s := &textScanner{bufFrom: -1, src: l.text}
	for ls := bodyStart; ls < endLine; {
		le := bytes.IndexByte(l.src[ls:endLine], '\n')
		if le < 0 {
			le = endLine
		} else {
			le += ls + 1
		}
		i := ls
		if margin != "" && bytes.HasPrefix(l.src[ls:le], []byte(margin)) {
			i += len(margin)
		}
		for i < le {
			c := l.src[i]
			switch {
			case c == '\\' && (esc.set != "" || esc.lineCont):
				i = l.scanEscape(s, i, esc)
			case c == '$' && interpolate && (l.peekAt(i+1) == '{' || l.varNameEnd(i+1) > i+1):
				i = l.scanDollar(s, i)
				if l.failed {
					return Token{Kind: EOF, Pos: source.Pos(len(l.src)), End: source.Pos(len(l.src))}
				}
				if i > le { // an interpolation spanned lines
					le = i
					for le < endLine && l.src[le-1] != '\n' {
						le++
					}
				}
			default:
				s.writeByte(i, c)
				i++
			}
		}
		ls = le
	}
	if trim {
		s.spill()
		text := s.buf.String()
		if strings.HasSuffix(text, "\r\n") {
			s.buf.Reset()
			s.buf.WriteString(text[:len(text)-2])
		} else if strings.HasSuffix(text, "\n") {
			s.buf.Reset()
			s.buf.WriteString(text[:len(text)-1])
		}
	}
	s.flush(endLine)
	t := l.tok(Heredoc, start)
	t.Str = &StrInfo{Syntax: syntax, BodyPos: source.Pos(bodyStart), BodyEnd: source.Pos(endLine)}
	if len(s.segs) == 1 && s.segs[0].Kind == SegText {
		t.Text = s.segs[0].Text
	} else if len(s.segs) > 0 {
		t.Str.Segments = s.segs
	}
	return t
}

// skipLeading drops the blanks and one line break that follow a "-%>" tag.
func (l *lexer) skipLeading() {
	for l.pos < len(l.src) && (l.src[l.pos] == ' ' || l.src[l.pos] == '\t') {
		l.pos++
	}
	if l.peekAt(l.pos) == '\r' {
		l.pos++
	}
	if l.peekAt(l.pos) == '\n' {
		l.pos++
	}
}

// eppTextToken lexes template text up to the next code tag, following
// Puppet's template scanner: "<%%" and "%%>" are literal, "<%# %>" is a
// comment, "-%>" drops the blanks and line break after it, "<%-" the blanks
// before it. Text before a tag is emitted only when not empty; text that
// runs to the end of the template always is. It returns ok=false when there
// is no text token to emit.
func (l *lexer) eppTextToken() (Token, bool) {
	if l.pos >= len(l.src) {
		return Token{}, false
	}
	start := l.pos
	if l.eppTrimNL {
		l.eppTrimNL = false
		l.skipLeading()
	}
	var b strings.Builder
	text := func(end int, always bool) (Token, bool) {
		l.lastKind = RenderString
		if b.Len() == 0 && !always {
			return Token{}, false
		}
		return Token{Kind: RenderString, Pos: source.Pos(start), End: source.Pos(end), Text: b.String()}, true
	}
	for l.pos < len(l.src) {
		c := l.src[l.pos]
		if c == '%' && l.peekAt(l.pos+1) == '%' && l.peekAt(l.pos+2) == '>' { // %%> is a literal %>
			b.WriteString("%>")
			l.pos += 3
			continue
		}
		if c != '<' || l.peekAt(l.pos+1) != '%' {
			b.WriteByte(c)
			l.pos++
			continue
		}
		tagStart := l.pos
		switch l.peekAt(l.pos + 2) {
		case '%': // <%% is a literal <%
			b.WriteString("<%")
			l.pos += 3
			continue
		case '#':
			rest := l.src[l.pos+3:]
			end := -1
			for k := 0; k+1 < len(rest); k++ {
				if rest[k] == '%' && rest[k+1] == '>' && (k == 0 || rest[k-1] != '%') {
					end = k
					break
				}
			}
			if end < 0 {
				l.fatal(diag.BadEPP, tagStart, tagStart+3, "expected '%>' to close the comment", "Reaching end after opening <%%# without seeing %%>")
				return text(tagStart, false)
			}
			l.pos += 3 + end + 2
			if end > 0 && rest[end-1] == '-' {
				l.skipLeading()
			}
			continue
		case '=':
			if t, ok := text(tagStart, false); ok {
				// Emit the text now and lex the "<%=" tag on the next call.
				l.pos = tagStart
				return t, true
			}
			l.pos += 3
			l.eppText = false
			l.eppRender = true
			l.lastKind = RenderExpr
			return Token{Kind: RenderExpr, Pos: source.Pos(tagStart), End: source.Pos(l.pos)}, true
		case '-':
			trimmed := strings.TrimRight(b.String(), " \t")
			b.Reset()
			b.WriteString(trimmed)
			l.pos += 3
		default:
			l.pos += 2
		}
		l.eppText = false
		return text(tagStart, false)
	}
	return text(l.pos, true)
}
