package eval

import (
	"fmt"

	"github.com/ordoproject/ordo/internal/source"
)

// Error is a compilation error in Puppet's shape. Where is the source
// range it is about (File nil when none); Line alone is used by errors
// Puppet reports with a line but no column.
type Error struct {
	Msg   string
	Where source.Range
	// NoColumn makes the location "(file: F, line: L)" as Puppet prints
	// for errors found after evaluation.
	NoColumn bool
	// Evaluation marks errors Puppet prefixes with "Evaluation Error: ".
	Evaluation bool
	File       string
	Line       int
	// Final errors are reported as they are, never wrapped in the
	// statement they happened in.
	Final bool
	// Bare errors are printed as Puppet prints a lookup that found
	// nothing: the message alone, without a place or the node.
	Bare bool
}

func (e *Error) Error() string {
	msg := e.Msg
	if e.Bare {
		return msg
	}
	if e.Evaluation {
		msg = "Evaluation Error: " + msg
	}
	if loc := e.Location(); loc != "" {
		msg += " " + loc
	}
	return msg
}

// Location renders "(file: F, line: L, column: C)" or "" when unknown.
func (e *Error) Location() string {
	if e.Where.File != nil && e.Where.Start.IsValid() {
		p := e.Where.Position()
		if e.NoColumn {
			return fmt.Sprintf("(file: %s, line: %d)", p.Filename, p.Line)
		}
		return fmt.Sprintf("(file: %s, line: %d, column: %d)", p.Filename, p.Line, p.Column)
	}
	if e.File != "" && e.Line > 0 {
		return fmt.Sprintf("(file: %s, line: %d)", e.File, e.Line)
	}
	if e.Line > 0 {
		return fmt.Sprintf("(line: %d)", e.Line)
	}
	return ""
}

// Snippet renders the source line of the error with a caret, or "".
func (e *Error) Snippet() string { return e.Where.Snippet() }

// errAt builds an evaluation error at r.
func errAt(r source.Range, format string, args ...any) *Error {
	return &Error{Msg: fmt.Sprintf(format, args...), Where: r, Evaluation: true}
}

// stmtError wraps a failure inside a statement the way Puppet does:
// "Error while evaluating a Resource Statement, <msg>". An *Error that
// already has a position is passed through.
func stmtError(kind string, r source.Range, err error) error {
	if e, ok := err.(*Error); ok && (e.Where.File != nil || e.Line > 0 || e.wrapped() || e.Final) {
		return e
	}
	return &Error{Msg: "Error while evaluating a " + kind + ", " + err.Error(), Where: r, Evaluation: true}
}

func (e *Error) wrapped() bool { return e.Evaluation }

// plainError is a failure raised by runtime code, to be wrapped with the
// statement it happened in.
type plainError string

func (p plainError) Error() string { return string(p) }

func failf(format string, args ...any) error { return plainError(fmt.Sprintf(format, args...)) }
