// Package salt turns a tree of Salt state (SLS) files into an ordered list
// of low chunks, exactly as Salt's compiler does: Jinja rendering, YAML
// decoding with positions, include/extend/exclude, names, requisites with
// their _in forms, the order option and Salt's priority topological sort.
// Errors carry Salt's own message texts and the file:line:column they are
// about; any error stops the compile and nothing runs.
//
// The package knows the SLS language only. Lower (or AddTo) gives the
// compiled run as catalog resources and relationships with their kinds
// and quantifiers; internal/salt/engine runs them on ordo's transaction,
// with the state functions of internal/salt/state.
package salt

import (
	"fmt"
	"strings"
)

// Pos is where something was written: a file (as a path relative to the
// file root, or the SLS name when there is no file) and a 1-based line and
// column. Line 0 means unknown.
type Pos struct {
	File      string
	Line, Col int
}

func (p Pos) String() string {
	switch {
	case p.File == "":
		return ""
	case p.Line == 0:
		return p.File
	case p.Col == 0:
		return fmt.Sprintf("%s:%d", p.File, p.Line)
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Error is one compile error: Salt's message text and the position it is
// about.
type Error struct {
	Pos Pos
	Msg string
}

func (e *Error) Error() string {
	if s := e.Pos.String(); s != "" {
		return s + ": " + e.Msg
	}
	return e.Msg
}

// Errors is every error of a failed compile, in the order Salt reports them.
type Errors []*Error

func (es Errors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Messages returns Salt's error strings, without positions: what Salt puts
// in the "local" list when data fails to compile.
func (es Errors) Messages() []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.Msg
	}
	return out
}
