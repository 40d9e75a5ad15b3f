package augeas

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// argKind is what one argument of a command is, which decides how it is
// read from the command line.
type argKind int

const (
	argPath       argKind = iota // a path: quotes and brackets group, the context is prepended
	argString                    // a word, or a quoted string
	argComparator                // ==, !=, =~, <=, >=, < or >
	argInt                       // digits (none reads as 0)
	argGlob                      // the rest of the line
)

// commandArgs lists the commands augeas_core knows, in changes and
// onlyif alike, with their arguments.
var commandArgs = map[string][]argKind{
	"set":         {argPath, argString},
	"setm":        {argPath, argString, argString},
	"rm":          {argPath},
	"remove":      {argPath},
	"clear":       {argPath},
	"clearm":      {argPath, argString},
	"touch":       {argPath},
	"mv":          {argPath, argPath},
	"move":        {argPath, argPath},
	"rename":      {argPath, argString},
	"insert":      {argString, argString, argPath},
	"ins":         {argString, argString, argPath},
	"get":         {argPath, argComparator, argString},
	"values":      {argPath, argGlob},
	"defvar":      {argString, argPath},
	"defnode":     {argString, argPath, argString},
	"match":       {argPath, argGlob},
	"size":        {argComparator, argInt},
	"include":     {argString},
	"not_include": {argString},
	"==":          {argGlob},
	"!=":          {argGlob},
}

// command is one parsed command: its name and its arguments, paths with
// the context prepended.
type command struct {
	name string
	args []string
}

// isSpace is Ruby's \s.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

func isWord(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// scanner reads one command line as augeas_core's parser does.
type scanner struct {
	s   string
	pos int
}

func (sc *scanner) eos() bool { return sc.pos >= len(sc.s) }

func (sc *scanner) skipSpace() {
	for !sc.eos() && isSpace(sc.s[sc.pos]) {
		sc.pos++
	}
}

// getch takes one character (a whole UTF-8 sequence); 0 at the end.
func (sc *scanner) getch() byte {
	if sc.eos() {
		return 0
	}
	c := sc.s[sc.pos]
	_, n := utf8.DecodeRuneInString(sc.s[sc.pos:])
	sc.pos += n
	return c
}

// commandLines splits the changes or onlyif value into lines: a string
// on its newlines; each string of a list (flattened) is one line.
func commandLines(v any) ([]string, error) {
	if s, ok := v.(string); ok {
		return strings.Split(s, "\n"), nil
	}
	var out []string
	var walk func(v any) error
	walk = func(v any) error {
		switch x := v.(type) {
		case string:
			out = append(out, x)
		case []any:
			for _, e := range x {
				if err := walk(e); err != nil {
					return err
				}
			}
		default:
			return fmt.Errorf("expected a string or an array of strings, not %s", describe(v))
		}
		return nil
	}
	if err := walk(v); err != nil {
		return nil, err
	}
	return out, nil
}

// parseCommands parses command lines; relative paths are taken under
// context (which ends with a slash, or is empty).
func parseCommands(lines []string, context string) ([]command, error) {
	var out []command
	for _, line := range lines {
		line = strings.TrimFunc(line, func(r rune) bool { return r < 0x80 && (isSpace(byte(r)) || r == 0) })
		if line == "" {
			continue
		}
		c, err := parseLine(line, context)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

func parseLine(line, context string) (command, error) {
	sc := &scanner{s: line}
	name := ""
	switch {
	case strings.HasPrefix(line, "==") || strings.HasPrefix(line, "!="):
		name = line[:2]
		sc.pos = 2
	default:
		for !sc.eos() && isWord(sc.s[sc.pos]) {
			sc.pos++
		}
		name = line[:sc.pos]
	}
	formals, ok := commandArgs[name]
	if !ok {
		return command{}, fmt.Errorf("Unknown command %s", name)
	}
	c := command{name: name}
	for i, f := range formals {
		sc.skipSpace()
		switch f {
		case argPath:
			p, err := sc.path()
			if err != nil {
				return command{}, err
			}
			if p != "" && (p[0] == '\'' || p[0] == '"') {
				if len(p) >= 2 {
					p = p[1 : len(p)-1]
				} else {
					p = ""
				}
			}
			p = strings.TrimSuffix(p, "/")
			if !strings.HasPrefix(p, "$") && !strings.HasPrefix(p, "/") {
				p = context + p
			}
			c.args = append(c.args, p)
		case argString:
			s, ok := sc.str()
			if !ok {
				return command{}, fmt.Errorf("missing string argument %d for %s", i+1, name)
			}
			c.args = append(c.args, s)
		case argComparator:
			cmp := ""
			for _, op := range []string{"==", "!=", "=~", "<=", ">=", "<", ">"} {
				if strings.HasPrefix(sc.s[sc.pos:], op) {
					cmp = op
					break
				}
			}
			if cmp == "" {
				return command{}, fmt.Errorf("invalid comparator for command %s", name)
			}
			sc.pos += len(cmp)
			c.args = append(c.args, cmp)
		case argInt:
			start := sc.pos
			for !sc.eos() && sc.s[sc.pos] >= '0' && sc.s[sc.pos] <= '9' {
				sc.pos++
			}
			n := strings.TrimLeft(sc.s[start:sc.pos], "0")
			if n == "" {
				n = "0"
			}
			c.args = append(c.args, n)
		case argGlob:
			c.args = append(c.args, sc.s[sc.pos:])
			sc.pos = len(sc.s)
		}
	}
	return c, nil
}

// path reads a path argument: up to white space outside brackets and
// quotes, a backslash escaping the character after it.
func (sc *scanner) path() (string, error) {
	start := sc.pos
	nbracket := 0
	single, double := false, false
	for {
		for !sc.eos() {
			c := sc.s[sc.pos]
			if c == '\\' {
				if sc.pos+1 < len(sc.s) && sc.s[sc.pos+1] != '\n' {
					_, n := utf8.DecodeRuneInString(sc.s[sc.pos+1:])
					sc.pos += 1 + n
					continue
				}
				break
			}
			if c == '[' || c == ']' || c == '\'' || c == '"' || isSpace(c) {
				break
			}
			sc.pos++
		}
		ch := sc.getch()
		switch ch {
		case '[':
			nbracket++
		case ']':
			nbracket--
		case '\'':
			single = !single
		case '"':
			double = !double
		}
		if nbracket < 0 {
			return "", fmt.Errorf("unmatched [")
		}
		if (nbracket == 0 && !single && !double && ch != 0 && isSpace(ch)) || sc.eos() {
			break
		}
	}
	n := sc.pos - start
	if !sc.eos() {
		n--
	}
	return sc.s[start : start+n], nil
}

// str reads a string argument: quoted (a backslash escapes the quote,
// which loses the backslash, or any other character, which keeps it) or
// up to white space. ok is false when there is none.
func (sc *scanner) str() (string, bool) {
	if sc.eos() {
		return "", false
	}
	delim := sc.s[sc.pos]
	if delim == '\'' || delim == '"' {
		sc.pos++
		var b strings.Builder
		for !sc.eos() {
			c := sc.s[sc.pos]
			if c == delim {
				break
			}
			if c == '\\' {
				if sc.pos+1 >= len(sc.s) || sc.s[sc.pos+1] == '\n' {
					break
				}
				if sc.s[sc.pos+1] == delim {
					b.WriteByte(delim)
					sc.pos += 2
					continue
				}
				_, n := utf8.DecodeRuneInString(sc.s[sc.pos+1:])
				b.WriteString(sc.s[sc.pos : sc.pos+1+n])
				sc.pos += 1 + n
				continue
			}
			b.WriteByte(c)
			sc.pos++
		}
		sc.getch()
		return b.String(), true
	}
	start := sc.pos
	for !sc.eos() && !isSpace(sc.s[sc.pos]) {
		sc.pos++
	}
	if sc.pos == start {
		return "", false
	}
	return sc.s[start:sc.pos], true
}

// parseArray reads an array written as a Ruby literal of quoted strings,
// as augeas_core reads the right side of == and != in onlyif.
func parseArray(s string) ([]string, error) {
	p := &arrayParser{s: s}
	if !p.token('[') {
		return nil, fmt.Errorf("Unexpected character in array at: %s", p.rest())
	}
	var out []string
	for {
		v, ok := p.quoted()
		if !ok {
			break
		}
		out = append(out, v)
		if !p.token(',') {
			break
		}
	}
	if !p.token(']') || p.pos != len(p.s) {
		return nil, fmt.Errorf("Unexpected character in array at: %s", p.rest())
	}
	return out, nil
}

type arrayParser struct {
	s   string
	pos int
}

func (p *arrayParser) rest() string { return p.s[p.pos:] }

// token reads c with white space around it.
func (p *arrayParser) token(c byte) bool {
	i := p.pos
	for i < len(p.s) && isSpace(p.s[i]) {
		i++
	}
	if i >= len(p.s) || p.s[i] != c {
		return false
	}
	i++
	for i < len(p.s) && isSpace(p.s[i]) {
		i++
	}
	p.pos = i
	return true
}

// quoted reads a single- or double-quoted string with Ruby's escapes.
func (p *arrayParser) quoted() (string, bool) {
	if p.pos >= len(p.s) {
		return "", false
	}
	q := p.s[p.pos]
	if q != '\'' && q != '"' {
		return "", false
	}
	i := p.pos + 1
	var b strings.Builder
	for i < len(p.s) {
		c := p.s[i]
		if c == q {
			p.pos = i + 1
			return b.String(), true
		}
		if c != '\\' {
			b.WriteByte(c)
			i++
			continue
		}
		if i+1 >= len(p.s) {
			return "", false
		}
		e := p.s[i+1]
		if q == '\'' {
			if e != '\'' && e != '\\' {
				return "", false
			}
			b.WriteByte(e)
			i += 2
			continue
		}
		r, n, ok := doubleEscape(p.s[i+1:])
		if !ok {
			return "", false
		}
		b.WriteString(r)
		i += 1 + n
	}
	return "", false
}

// doubleEscape reads the escape after a backslash in a double-quoted
// string: the text it stands for and the bytes it took.
func doubleEscape(s string) (string, int, bool) {
	simple := map[byte]string{'\\': "\\", '"': "\"", 'a': "\a", 'b': "\b", 't': "\t", 'n': "\n", 'v': "\v", 'f': "\f", 'r': "\r", 'e': "\x1b", 's': " "}
	if r, ok := simple[s[0]]; ok {
		return r, 1, true
	}
	switch {
	case s[0] >= '0' && s[0] <= '7':
		n := 1
		for n < 3 && n < len(s) && s[n] >= '0' && s[n] <= '7' {
			n++
		}
		v, _ := strconv.ParseUint(s[:n], 8, 16)
		return string(rune(v & 0xff)), n, true
	case s[0] == 'x':
		n := 1
		for n < 3 && n < len(s) && isHex(s[n]) {
			n++
		}
		if n == 1 {
			return "", 0, false
		}
		v, _ := strconv.ParseUint(s[1:n], 16, 8)
		return string(rune(v)), n, true
	case s[0] == 'u':
		if len(s) >= 5 && isHex(s[1]) && isHex(s[2]) && isHex(s[3]) && isHex(s[4]) {
			v, _ := strconv.ParseUint(s[1:5], 16, 32)
			return string(rune(v)), 5, true
		}
		if len(s) > 1 && s[1] == '{' {
			var b strings.Builder
			i := 2
			for {
				j := i
				for j < len(s) && j-i < 6 && isHex(s[j]) {
					j++
				}
				if j == i {
					break
				}
				v, _ := strconv.ParseUint(s[i:j], 16, 32)
				b.WriteRune(rune(v))
				i = j
				if i < len(s) && isSpace(s[i]) {
					i++
					continue
				}
				break
			}
			if i < len(s) && s[i] == '}' && b.Len() > 0 {
				return b.String(), i + 1, true
			}
		}
	}
	return "", 0, false
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
