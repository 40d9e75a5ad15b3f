package augeas

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/ordoproject/ordo/internal/resource"
)

// session is one run of augtool: its options and the commands it reads
// from standard input. augtool goes on after a command fails and writes
// what a command prints to standard output and its errors to standard
// error, so each command is followed by two markers: a get of a node
// that does not exist, which prints its path to standard output, and an
// unknown command, which names itself on standard error. What lies
// between two markers belongs to the command before the second.
type session struct {
	argv []string
	cmds []string
	// pre holds commands sent first, without markers (what they print
	// goes with the first command of cmds).
	pre []string
}

// addQuiet adds a command sent before the others, without markers: for
// the many that set the session up and print nothing.
func (s *session) addQuiet(format string, args ...any) {
	s.pre = append(s.pre, fmt.Sprintf(format, args...))
}

// add appends a command and returns its index.
func (s *session) add(format string, args ...any) int {
	s.cmds = append(s.cmds, fmt.Sprintf(format, args...))
	return len(s.cmds) - 1
}

// result is what each command of a session printed.
type result struct {
	out  [][]string // standard output lines, by command
	errs [][]string // error lines, by command; none when it succeeded
}

func (r *result) failed(i int) bool { return len(r.errs[i]) > 0 }

func stdoutMark(i int) string { return fmt.Sprintf("/ordo-mark-%d", i) }
func stderrMark(i int) string { return fmt.Sprintf("ordo-mark-%d", i) }

// run runs the session with h's runner.
func (s *session) run(ctx context.Context, h *resource.Handle) (*result, error) {
	var script strings.Builder
	for _, c := range s.pre {
		script.WriteString(c + "\n")
	}
	for i, c := range s.cmds {
		script.WriteString(c + "\n")
		script.WriteString("get " + stdoutMark(i) + "\n")
		script.WriteString(stderrMark(i) + "\n")
	}
	res, err := h.Runner.Run(ctx, resource.Command{
		Argv:        s.argv,
		Stdin:       []byte(script.String()),
		SplitStderr: true,
		// augtool reads its commands with readline, which keeps 8-bit
		// text as it is only in a UTF-8 locale.
		Env: []string{"LC_ALL=C.UTF-8"},
	})
	if err != nil {
		return nil, err
	}
	r := &result{out: make([][]string, len(s.cmds)), errs: make([][]string, len(s.cmds))}
	i := 0
	for _, line := range splitLines(string(res.Output)) {
		if i < len(s.cmds) && line == stdoutMark(i)+" (o)" {
			i++
			continue
		}
		if i < len(s.cmds) {
			r.out[i] = append(r.out[i], line)
		}
	}
	j := 0
	var pending []string
	for _, line := range splitLines(string(res.Stderr)) {
		if j < len(s.cmds) && line == "Unknown command '"+stderrMark(j)+"'" {
			// The marker's own first line, "error: Failed to execute
			// command", is the last one before it.
			if n := len(pending); n > 0 {
				pending = pending[:n-1]
			}
			r.errs[j] = pending
			pending = nil
			j++
			continue
		}
		pending = append(pending, line)
	}
	if i < len(s.cmds) || j < len(s.cmds) {
		msg := strings.TrimSpace(string(res.Stderr))
		if msg == "" {
			msg = fmt.Sprintf("exit status %d", res.ExitCode)
		}
		return nil, fmt.Errorf("augtool failed: %s", msg)
	}
	return r, nil
}

func splitLines(s string) []string {
	s = strings.TrimSuffix(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// errControl is the error for text augtool cannot be given: it reads
// commands line by line, with readline.
var errControl = errors.New("augtool cannot be given a control character other than tab and newline")

// quoteString writes s as one augtool argument that is not a path: in
// double quotes, with backslash, double quote, tab and newline escaped.
func quoteString(s string) (string, error) { return quote(s, "") }

// quotePath writes a path expression as one augtool argument, so that
// augtool hands the library the same expression: a backslash before one
// of the characters the path syntax escapes passes through as it is
// (augtool keeps both), any other is doubled.
func quotePath(p string) (string, error) { return quote(p, `[]|/=()!,`) }

// quote writes s in double quotes with backslash, double quote, tab and
// newline escaped, but for a backslash before one of kept, which is
// written with that character as it is. Other control characters are
// refused (errControl).
func quote(s, kept string) (string, error) {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\' && i+1 < len(s) && strings.IndexByte(kept, s[i+1]) >= 0:
			b.WriteByte('\\')
			b.WriteByte(s[i+1])
			i++
		case c == '\\' || c == '"':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\n':
			b.WriteString(`\n`)
		case c < 0x20 || c == 0x7f:
			return "", errControl
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String(), nil
}

// matchLine is one line match printed: a node's path and value (nil for
// a node without one).
type matchLine struct {
	path  string
	value *string
}

// parseMatch reads match's output. A value that holds newlines goes on
// over the lines that do not start a new node.
func parseMatch(lines []string) []matchLine {
	var out []matchLine
	for _, l := range lines {
		if l == "  (no matches)" {
			continue
		}
		p, v, ok := strings.Cut(l, " = ")
		if !ok || !strings.HasPrefix(p, "/") {
			if n := len(out); n > 0 && out[n-1].value != nil {
				s := *out[n-1].value + "\n" + l
				out[n-1].value = &s
			}
			continue
		}
		m := matchLine{path: p}
		if v != "(none)" {
			m.value = &v
		}
		out = append(out, m)
	}
	return out
}

// parseGet reads get's output for path: its value, or "" when the node
// has none or does not exist.
func parseGet(path string, lines []string) string {
	s := strings.Join(lines, "\n")
	if v, ok := strings.CutPrefix(s, path+" = "); ok {
		return v
	}
	return ""
}
