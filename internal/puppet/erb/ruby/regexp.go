package ruby

import (
	"errors"
	"regexp"
	"strings"
)

type regexpError struct {
	msg         string
	unsupported bool
	backtrack   bool // needs the backtracking engine
}

func (e *regexpError) Error() string { return e.msg }

func errClass(err error) string {
	var re *regexpError
	if errors.As(err, &re) && re.unsupported {
		return "NotImplementedError"
	}
	return "RegexpError"
}

// NewRegexp compiles a Ruby regexp source with flags (letters of "mix").
// Go's RE2 runs it when it can, in RE2 syntax: Ruby's ^ and $ always
// match at line boundaries, its m flag is Go's s, and x drops whitespace
// and comments. A regexp with lookaround, backreferences or atomic groups
// runs on a backtracking engine (regexp2) instead, with a time limit.
func NewRegexp(src, flags string) (*Regexp, error) {
	var fl strings.Builder
	for _, c := range "mix" {
		if strings.ContainsRune(flags, c) {
			fl.WriteRune(c)
		}
	}
	r := &Regexp{Source: src, Flags: fl.String()}
	goSrc, err := translateRegexp(src, strings.Contains(flags, "x"), hasNamedGroup(src))
	if err != nil {
		var re *regexpError
		if errors.As(err, &re) && re.backtrack {
			eng, err := newBacktracking(src, flags)
			if err != nil {
				return nil, err
			}
			r.eng = eng
			return r, nil
		}
		return nil, err
	}
	prefix := "(?m"
	if strings.Contains(flags, "i") {
		prefix += "i"
	}
	if strings.Contains(flags, "m") {
		prefix += "s"
	}
	prefix += ")"
	re, cerr := regexp.Compile(prefix + goSrc)
	if cerr != nil {
		return nil, &regexpError{msg: "regular expression /" + src + "/ is not supported: " + cerr.Error(), unsupported: true}
	}
	r.eng = re2Engine{re}
	return r, nil
}

// QuoteRegexp escapes s as Regexp.escape does.
func QuoteRegexp(s string) string {
	var b strings.Builder
	for _, c := range []byte(s) {
		switch c {
		case '.', '*', '?', '+', '^', '$', '|', '(', ')', '[', ']', '{', '}', '\\', '/', '-':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		case '\r':
			b.WriteString(`\r`)
		case ' ':
			b.WriteString(`\ `)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// hasNamedGroup reports whether src has a (?<name>...) group; Ruby then
// captures only named groups.
func hasNamedGroup(src string) bool {
	for i := 0; i+3 < len(src); i++ {
		if src[i] == '\\' {
			i++
			continue
		}
		if strings.HasPrefix(src[i:], "(?<") && src[i+3] != '=' && src[i+3] != '!' {
			return true
		}
	}
	return false
}

func translateRegexp(src string, extended, namedOnly bool) (string, error) {
	var b strings.Builder
	inClass := 0
	backtrack := func(what string) error {
		return &regexpError{msg: "regular expression /" + src + "/ uses " + what, backtrack: true}
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\\' && i+1 < len(src):
			n := src[i+1]
			i++
			switch n {
			case 'h':
				if inClass > 0 {
					b.WriteString("0-9a-fA-F")
				} else {
					b.WriteString("[0-9a-fA-F]")
				}
			case 'H':
				b.WriteString("[^0-9a-fA-F]")
			case 'Z':
				b.WriteString(`(?:\n?\z)`)
			case 'e':
				b.WriteString(`\x1b`)
			case 's':
				if inClass > 0 {
					b.WriteString(`\s\v`)
				} else {
					b.WriteString(`[\s\v]`)
				}
			case 'G':
				return "", backtrack(`\G`)
			case 'k', 'g':
				return "", backtrack(`\` + string(n))
			case '/':
				b.WriteByte('/')
			default:
				if n >= '1' && n <= '9' && inClass == 0 {
					return "", backtrack("a backreference")
				}
				b.WriteByte('\\')
				b.WriteByte(n)
			}
		case c == '[':
			if inClass > 0 && strings.HasPrefix(src[i:], "[:") {
				j := strings.Index(src[i:], ":]")
				if j > 0 {
					b.WriteString(src[i : i+j+2])
					i += j + 1
					continue
				}
			}
			if inClass > 0 {
				// nested class [a[bc]] is a union in Ruby
				return "", backtrack("a nested character class")
			}
			inClass++
			b.WriteByte(c)
			if i+1 < len(src) && src[i+1] == '^' {
				b.WriteByte('^')
				i++
			}
			if i+1 < len(src) && src[i+1] == ']' {
				b.WriteString(`\]`)
				i++
			}
		case c == ']' && inClass > 0:
			inClass--
			b.WriteByte(c)
		case c == '&' && inClass > 0 && strings.HasPrefix(src[i:], "&&"):
			return "", backtrack("character class intersection")
		case c == '(' && inClass == 0 && strings.HasPrefix(src[i:], "(?"):
			rest := src[i+2:]
			switch {
			case strings.HasPrefix(rest, "="), strings.HasPrefix(rest, "!"):
				return "", backtrack("a lookahead")
			case strings.HasPrefix(rest, "<="), strings.HasPrefix(rest, "<!"):
				return "", backtrack("a lookbehind")
			case strings.HasPrefix(rest, ">"):
				return "", backtrack("an atomic group")
			case strings.HasPrefix(rest, "#"):
				j := strings.IndexByte(rest, ')')
				if j < 0 {
					return "", &regexpError{msg: "end pattern in group: /" + src + "/"}
				}
				i += 2 + j
				continue
			case strings.HasPrefix(rest, "<"):
				b.WriteString("(?P<")
				i += 2
				continue
			}
			b.WriteByte(c)
		case c == '(' && inClass == 0 && namedOnly:
			b.WriteString("(?:")
		case extended && inClass == 0 && (c == ' ' || c == '\t' || c == '\n' || c == '\r'):
		case extended && inClass == 0 && c == '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case (c == '+' || c == '?') && inClass == 0 && i > 0 && isQuantifierEnd(src, i-1) && c == '+':
			return "", backtrack("a possessive quantifier")
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), nil
}

// isQuantifierEnd reports whether src[i] ends a quantifier (*, +, ?, }),
// so that a following + makes it possessive.
func isQuantifierEnd(src string, i int) bool {
	c := src[i]
	if i > 0 && src[i-1] == '\\' {
		return false
	}
	return c == '*' || c == '+' || c == '?' || c == '}'
}

func (r *Regexp) flagLetters() string { return r.Flags }

// toS is Regexp#to_s: (?mix:source) with the off flags after a dash.
func (r *Regexp) toS() string {
	on, off := "", ""
	for _, c := range "mix" {
		if strings.ContainsRune(r.Flags, c) {
			on += string(c)
		} else {
			off += string(c)
		}
	}
	s := "(?" + on
	if off != "" {
		s += "-" + off
	}
	return s + ":" + r.Source + ")"
}

// match finds the first match in s at or after byte offset start; the
// text before start still counts for ^, \b and lookbehind.
func (r *Regexp) match(s string, start int) *MatchData {
	if start > len(s) {
		return nil
	}
	loc := r.eng.find(s, start)
	if loc == nil {
		return nil
	}
	return &MatchData{re: r, subj: s, groups: loc}
}

// matchAll finds the successive non-overlapping matches in s.
func (r *Regexp) matchAll(s string) []*MatchData {
	var out []*MatchData
	for _, loc := range r.eng.findAll(s) {
		out = append(out, &MatchData{re: r, subj: s, groups: loc})
	}
	return out
}

func (m *MatchData) group(i int) string {
	if 2*i+1 >= len(m.groups) || m.groups[2*i] < 0 {
		return ""
	}
	return m.subj[m.groups[2*i]:m.groups[2*i+1]]
}

// groupValue is the i-th group as a Ruby value: nil when it did not take part.
func (m *MatchData) groupValue(i int) Value {
	if i < 0 || 2*i+1 >= len(m.groups) || m.groups[2*i] < 0 {
		return nil
	}
	return Str(m.subj[m.groups[2*i]:m.groups[2*i+1]])
}

func (m *MatchData) named(name string) (Value, bool) {
	idx := -1
	for i, n := range m.re.eng.names() {
		if n == name {
			idx = i
		}
	}
	if idx < 0 {
		return nil, false
	}
	return m.groupValue(idx), true
}

func (m *MatchData) ngroups() int { return len(m.groups) / 2 }
