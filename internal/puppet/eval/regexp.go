package eval

import (
	"errors"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"

	"github.com/dlclark/regexp2"
)

// rx is a compiled Puppet regular expression. Puppet's are Ruby's: most
// compile with Go's RE2 engine; those that need lookaround or
// backreferences run on regexp2.
type rx struct {
	std *regexp.Regexp
	ext *regexp2.Regexp
	src string
}

// compileRegexp compiles a Ruby regular expression, in which ^ and $
// match at line boundaries.
// rubyRegexpError is Ruby's message for a regexp syntax error that Go's
// regexp reports, for the errors both refuse.
func rubyRegexpError(err error) (string, bool) {
	var se *syntax.Error
	if !errors.As(err, &se) {
		return "", false
	}
	switch se.Code {
	case syntax.ErrMissingParen:
		return "end pattern with unmatched parenthesis", true
	case syntax.ErrUnexpectedParen:
		return "unmatched close parenthesis", true
	case syntax.ErrMissingBracket:
		return "premature end of char-class", true
	case syntax.ErrTrailingBackslash:
		return "too short escape sequence", true
	case syntax.ErrMissingRepeatArgument:
		return "target of repeat operator is not specified", true
	}
	return "", false
}

func compileRegexp(src string) (*rx, error) {
	re, err := regexp.Compile("(?m)" + rubyToRE2(src))
	if err == nil {
		return &rx{std: re, src: src}, nil
	}
	ext, err2 := regexp2.Compile(src, regexp2.Multiline)
	if err2 != nil {
		return nil, err
	}
	return &rx{ext: ext, src: src}, nil
}

// rubyToRE2 rewrites the parts of Ruby regexp syntax that RE2 spells
// differently.
func rubyToRE2(src string) string {
	return strings.NewReplacer(`\Z`, `(?:\n?\z)`, `\h`, `[0-9a-fA-F]`, `\H`, `[^0-9a-fA-F]`).Replace(dropPossessive(src))
}

// dropPossessive makes Ruby's possessive quantifiers (a?+, a*+, a++,
// a{1,2}+) greedy ones, which RE2 has: they match the same strings but
// for patterns that only backtracking into the repetition would match.
func dropPossessive(src string) string {
	if !strings.Contains(src, "+") {
		return src
	}
	var b strings.Builder
	inClass := false
	quantified := false // the last token was a quantifier
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\\' && i+1 < len(src):
			b.WriteByte(c)
			b.WriteByte(src[i+1])
			i++
			quantified = false
			continue
		case inClass:
			if c == ']' {
				inClass = false
			}
		case c == '[':
			inClass = true
		case c == '+' && quantified:
			// possessive: dropped
			quantified = false
			continue
		case c == '?' && i > 0 && src[i-1] == '(':
			quantified = false
			b.WriteByte(c)
			continue
		case c == '?' || c == '*' || c == '+' || c == '}':
			if quantified && c == '?' {
				// lazy: a quantifier on its own
				quantified = false
				b.WriteByte(c)
				continue
			}
			b.WriteByte(c)
			quantified = true
			continue
		}
		b.WriteByte(c)
		quantified = false
	}
	return b.String()
}

func (r *rx) String() string { return r.src }

// MatchString reports whether s holds a match.
func (r *rx) MatchString(s string) bool {
	if r.std != nil {
		return r.std.MatchString(s)
	}
	ok, _ := r.ext.MatchString(s)
	return ok
}

// matchGroups returns the first match and its groups as match variables
// ($0, $1, ...): undef for a group that took no part in the match, as
// Ruby's MatchData gives nil; nil when nothing matches.
func (r *rx) matchGroups(s string) []Value {
	locs := r.allSubmatchIndex(s, 1)
	if len(locs) == 0 {
		return nil
	}
	loc := locs[0]
	out := make([]Value, len(loc)/2)
	for i := range out {
		if loc[2*i] >= 0 {
			out[i] = s[loc[2*i]:loc[2*i+1]]
		}
	}
	return out
}

// FindStringSubmatch returns the first match and its groups, or nil.
func (r *rx) FindStringSubmatch(s string) []string {
	locs := r.allSubmatchIndex(s, 1)
	if len(locs) == 0 {
		return nil
	}
	loc := locs[0]
	out := make([]string, len(loc)/2)
	for i := range out {
		if loc[2*i] >= 0 {
			out[i] = s[loc[2*i]:loc[2*i+1]]
		}
	}
	return out
}

// allSubmatchIndex returns the byte offsets of up to n matches (all for
// n < 0) and their groups, as regexp's FindAllStringSubmatchIndex does.
func (r *rx) allSubmatchIndex(s string, n int) [][]int {
	if r.std != nil {
		return r.std.FindAllStringSubmatchIndex(s, n)
	}
	// regexp2 counts runes; the rest of ordo counts bytes.
	var byteAt []int
	for i := range s {
		byteAt = append(byteAt, i)
	}
	byteAt = append(byteAt, len(s))
	var out [][]int
	m, _ := r.ext.FindStringMatch(s)
	for m != nil && (n < 0 || len(out) < n) {
		groups := m.Groups()
		loc := make([]int, 2*len(groups))
		for i, g := range groups {
			if len(g.Captures) == 0 {
				loc[2*i], loc[2*i+1] = -1, -1
				continue
			}
			loc[2*i], loc[2*i+1] = byteAt[g.Index], byteAt[g.Index+g.Length]
		}
		out = append(out, loc)
		m, _ = r.ext.FindNextMatch(m)
	}
	return out
}

// replace substitutes up to n matches (all for n < 0) in s with repl,
// where \0..\9 (Ruby's spelling) name groups.
func (r *rx) replace(s, repl string, n int) string {
	var b strings.Builder
	last := 0
	for _, loc := range r.allSubmatchIndex(s, n) {
		b.WriteString(s[last:loc[0]])
		expandRuby(&b, repl, s, loc)
		last = loc[1]
	}
	b.WriteString(s[last:])
	return b.String()
}

func expandRuby(b *strings.Builder, repl, s string, loc []int) {
	for i := 0; i < len(repl); i++ {
		if repl[i] == '\\' && i+1 < len(repl) {
			c := repl[i+1]
			if c >= '0' && c <= '9' {
				g, _ := strconv.Atoi(string(c))
				if 2*g+1 < len(loc) && loc[2*g] >= 0 {
					b.WriteString(s[loc[2*g]:loc[2*g+1]])
				}
				i++
				continue
			}
			if c == '\\' {
				b.WriteByte('\\')
				i++
				continue
			}
		}
		b.WriteByte(repl[i])
	}
}

// split splits s around the matches.
func (r *rx) split(s string) []string {
	var out []string
	last := 0
	for _, loc := range r.allSubmatchIndex(s, -1) {
		if loc[1] == 0 && loc[0] == 0 {
			continue
		}
		out = append(out, s[last:loc[0]])
		last = loc[1]
	}
	return append(out, s[last:])
}
