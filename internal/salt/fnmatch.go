package salt

import (
	"regexp"
	"strings"
	"sync"
)

// isGlob reports whether s is an fnmatch pattern for Salt: it holds one of
// * ? [ ].
func isGlob(s string) bool { return strings.ContainsAny(s, "*?[]") }

// globCache holds compiled patterns; the same few patterns are matched
// against every chunk.
type globCache struct {
	mu sync.Mutex
	re map[string]*regexp.Regexp
}

// match reports whether name matches the fnmatch pattern (Python's
// fnmatch: * and ? cross every character, / and . included).
func (g *globCache) match(pattern, name string) bool {
	g.mu.Lock()
	re, ok := g.re[pattern]
	if !ok {
		re = regexp.MustCompile(fnmatchRegexp(pattern))
		if g.re == nil {
			g.re = map[string]*regexp.Regexp{}
		}
		g.re[pattern] = re
	}
	g.mu.Unlock()
	return re.MatchString(name)
}

func fnmatchRegexp(p string) string {
	var b strings.Builder
	b.WriteString(`(?s)\A`)
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch c {
		case '*':
			b.WriteString(".*")
		case '?':
			b.WriteString(".")
		case '[':
			j := i + 1
			if j < len(p) && p[j] == '!' {
				j++
			}
			if j < len(p) && p[j] == ']' {
				j++
			}
			for j < len(p) && p[j] != ']' {
				j++
			}
			if j >= len(p) {
				b.WriteString(`\[`)
				continue
			}
			class := p[i+1 : j]
			i = j
			class = strings.ReplaceAll(class, `\`, `\\`)
			if strings.HasPrefix(class, "!") {
				class = "^" + class[1:]
			} else if strings.HasPrefix(class, "^") {
				class = `\` + class
			}
			b.WriteString("[" + class + "]")
		default:
			b.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	b.WriteString(`\z`)
	return b.String()
}
