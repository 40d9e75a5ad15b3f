package ruby

import (
	"regexp"
	"time"
	"unicode/utf8"

	"github.com/dlclark/regexp2"
)

// engine runs a compiled regular expression. Offsets are bytes of s; a
// result holds the start and end of each group, -1 for a group that did
// not take part.
type engine interface {
	find(s string, start int) []int
	findAll(s string) [][]int
	names() []string // group names by index, "" for unnamed groups
}

type re2Engine struct{ re *regexp.Regexp }

func (e re2Engine) find(s string, start int) []int {
	if start == 0 {
		return e.re.FindStringSubmatchIndex(s)
	}
	// RE2 cannot start mid-string with the context before; find the
	// first match that starts at or after start among all matches, then
	// fall back to matching the rest.
	for _, loc := range e.re.FindAllStringSubmatchIndex(s, -1) {
		if loc[0] >= start {
			return loc
		}
	}
	loc := e.re.FindStringSubmatchIndex(s[start:])
	if loc == nil {
		return nil
	}
	for i := range loc {
		if loc[i] >= 0 {
			loc[i] += start
		}
	}
	return loc
}

func (e re2Engine) findAll(s string) [][]int { return e.re.FindAllStringSubmatchIndex(s, -1) }

func (e re2Engine) names() []string { return e.re.SubexpNames() }

// backtracking runs the regexps RE2 cannot (lookaround, backreferences,
// atomic groups) on regexp2, whose syntax is close to Ruby's.
type backtracking struct {
	re         *regexp2.Regexp
	groupNames []string
}

const backtrackTimeout = 2 * time.Second

func newBacktracking(src, flags string) (engine, error) {
	opts := regexp2.RegexOptions(regexp2.Multiline)
	for _, c := range flags {
		switch c {
		case 'i':
			opts |= regexp2.IgnoreCase
		case 'm':
			opts |= regexp2.Singleline
		case 'x':
			opts |= regexp2.IgnorePatternWhitespace
		}
	}
	if hasNamedGroup(src) {
		opts |= regexp2.ExplicitCapture
	}
	re, err := regexp2.Compile(translateForBacktracking(src), opts)
	if err != nil {
		return nil, &regexpError{msg: "regular expression /" + src + "/ is not supported: " + err.Error(), unsupported: true}
	}
	re.MatchTimeout = backtrackTimeout
	nums := re.GetGroupNumbers()
	names := make([]string, len(nums))
	for i, n := range nums {
		name := re.GroupNameFromNumber(n)
		if name != "" && (name[0] < '0' || name[0] > '9') && i < len(names) {
			names[i] = name
		}
	}
	return &backtracking{re: re, groupNames: names}, nil
}

// translateForBacktracking rewrites what regexp2 spells differently: \h.
func translateForBacktracking(src string) string {
	var b []byte
	inClass := false
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '\\' && i+1 < len(src):
			switch src[i+1] {
			case 'h':
				if inClass {
					b = append(b, "0-9a-fA-F"...)
				} else {
					b = append(b, "[0-9a-fA-F]"...)
				}
			case 'H':
				b = append(b, "[^0-9a-fA-F]"...)
			default:
				b = append(b, c, src[i+1])
			}
			i++
			continue
		case c == '[':
			inClass = true
		case c == ']':
			inClass = false
		}
		b = append(b, c)
	}
	return string(b)
}

func (e *backtracking) names() []string { return e.groupNames }

// groups converts a regexp2 match (rune offsets) to byte offsets.
func (e *backtracking) groups(s string, m *regexp2.Match, byteAt []int) []int {
	gs := m.Groups()
	out := make([]int, 2*len(gs))
	for i, g := range gs {
		if len(g.Captures) == 0 {
			out[2*i], out[2*i+1] = -1, -1
			continue
		}
		out[2*i] = byteAt[g.Index]
		out[2*i+1] = byteAt[g.Index+g.Length]
	}
	return out
}

func runeOffsets(s string) ([]int, []int) {
	byteAt := make([]int, 0, len(s)+1)
	runeAt := make([]int, len(s)+1)
	for i := range s {
		runeAt[i] = len(byteAt)
		byteAt = append(byteAt, i)
	}
	runeAt[len(s)] = len(byteAt)
	byteAt = append(byteAt, len(s))
	return byteAt, runeAt
}

func (e *backtracking) find(s string, start int) []int {
	if !utf8.ValidString(s) {
		return nil
	}
	byteAt, runeAt := runeOffsets(s)
	m, err := e.re.FindStringMatchStartingAt(s, runeAt[start])
	if err != nil || m == nil {
		return nil
	}
	return e.groups(s, m, byteAt)
}

func (e *backtracking) findAll(s string) [][]int {
	if !utf8.ValidString(s) {
		return nil
	}
	byteAt, _ := runeOffsets(s)
	var out [][]int
	m, err := e.re.FindStringMatch(s)
	for err == nil && m != nil {
		out = append(out, e.groups(s, m, byteAt))
		m, err = e.re.FindNextMatch(m)
	}
	return out
}
