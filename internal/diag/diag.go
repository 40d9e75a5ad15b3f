// Package diag describes problems found in user input as values: a severity,
// a stable code, a message and the source ranges it is about, with text and
// JSON renderers. A List of diagnostics is an error.
package diag

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/ordoproject/ordo/internal/source"
)

// Severity says how bad a diagnostic is.
type Severity int

// Severities, from the mildest.
const (
	Warning Severity = iota
	Error
)

func (s Severity) String() string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// MarshalText renders the severity as "warning" or "error".
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Code is a stable identifier of a kind of problem, "<AREA>-<KIND>" in upper
// case (for example PUP-SYNTAX), that scripts and tests can match on while
// the wording of the summary changes.
type Code string

// Codes used by the Puppet front end. Other packages add their own.
const (
	SyntaxError      Code = "PUP-SYNTAX"           // unexpected token or end of input
	UnclosedQuote    Code = "PUP-UNCLOSED-QUOTE"   // string without closing quote
	UnclosedComment  Code = "PUP-UNCLOSED-COMMENT" // /* without */
	BadHeredoc       Code = "PUP-HEREDOC"          // malformed heredoc tag or body
	BadNumber        Code = "PUP-NUMBER"           // malformed numeric literal
	BadEscape        Code = "PUP-ESCAPE"           // unknown escape sequence in a string
	BadUnicode       Code = "PUP-UNICODE"          // \u escape of no Unicode character (a surrogate, above 10FFFF)
	BadEPP           Code = "PUP-EPP"              // malformed EPP template tags
	IllegalCharacter Code = "PUP-ILLEGAL-CHAR"     // a character no token starts with
	Unsupported      Code = "PUP-UNSUPPORTED"      // syntax Puppet 7 no longer accepts
	TooManyErrors    Code = "PUP-TOO-MANY-ERRORS"  // parsing stopped after the error cap

	// Found by validating a syntax tree that parsed.
	IllegalAssignment Code = "PUP-ILLEGAL-ASSIGNMENT" // assignment to something not a variable
	ReservedWord      Code = "PUP-RESERVED-WORD"      // reserved word used as a value
	NoEffect          Code = "PUP-NO-EFFECT"          // value produced and forgotten
	NotTopLevel       Code = "PUP-NOT-TOP-LEVEL"      // definition in a place it cannot be
	Duplicate         Code = "PUP-DUPLICATE"          // duplicate parameter, key or default
	IllegalOperation  Code = "PUP-ILLEGAL-OPERATION"  // operator or form not allowed where used
	IllegalName       Code = "PUP-ILLEGAL-NAME"       // name a definition or parameter cannot have
)

// Related points at another place that helps explain a diagnostic.
type Related struct {
	Message string
	Range   source.Range
}

// Diagnostic is one problem found in the input.
type Diagnostic struct {
	Severity Severity
	Code     Code
	Summary  string       // one line, Puppet's wording where Puppet has one
	Detail   string       // optional: what was expected, how to fix it
	Subject  source.Range // where the problem is
	Related  []Related
}

// Errorf makes an error diagnostic about subject.
func Errorf(code Code, subject source.Range, format string, args ...any) *Diagnostic {
	return &Diagnostic{Severity: Error, Code: code, Summary: fmt.Sprintf(format, args...), Subject: subject}
}

// Warningf makes a warning diagnostic about subject.
func Warningf(code Code, subject source.Range, format string, args ...any) *Diagnostic {
	return &Diagnostic{Severity: Warning, Code: code, Summary: fmt.Sprintf(format, args...), Subject: subject}
}

// Error renders "file:line:col: summary (detail)".
func (d *Diagnostic) Error() string {
	s := d.Subject.String() + ": " + d.Summary
	if d.Detail != "" {
		s += " (" + d.Detail + ")"
	}
	return s
}

// List is an ordered collection of diagnostics. A non-empty List is an error.
type List []*Diagnostic

// Error renders the first diagnostic and how many more there are.
func (l List) Error() string {
	switch len(l) {
	case 0:
		return "no problems"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more)", l[0].Error(), len(l)-1)
}

// HasErrors reports whether any diagnostic in l has Error severity.
func (l List) HasErrors() bool {
	for _, d := range l {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Err returns l as an error if it holds an error, else nil.
func (l List) Err() error {
	if l.HasErrors() {
		return l
	}
	return nil
}

// WriteText renders each diagnostic as
//
//	file:line:col: severity: summary [CODE]
//	  detail
//	<source line>
//	<caret line>
//
// followed by its related locations.
func WriteText(w io.Writer, l List) error {
	var b strings.Builder
	for _, d := range l {
		fmt.Fprintf(&b, "%s: %s: %s [%s]\n", d.Subject, d.Severity, d.Summary, d.Code)
		if d.Detail != "" {
			fmt.Fprintf(&b, "  %s\n", d.Detail)
		}
		b.WriteString(d.Subject.Snippet())
		for _, r := range d.Related {
			fmt.Fprintf(&b, "%s: note: %s\n", r.Range, r.Message)
			b.WriteString(r.Range.Snippet())
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

type jsonRange struct {
	Start source.Position `json:"start"`
	End   source.Position `json:"end"`
}

type jsonRelated struct {
	Message string    `json:"message"`
	Range   jsonRange `json:"range"`
}

type jsonDiag struct {
	Severity Severity      `json:"severity"`
	Code     Code          `json:"code"`
	Summary  string        `json:"summary"`
	Detail   string        `json:"detail,omitempty"`
	Subject  jsonRange     `json:"subject"`
	Related  []jsonRelated `json:"related,omitempty"`
}

func toJSONRange(r source.Range) jsonRange {
	if r.File == nil {
		return jsonRange{}
	}
	return jsonRange{Start: r.File.Position(r.Start), End: r.File.Position(r.End)}
}

// WriteJSON renders l as a JSON array of objects with severity, code,
// summary, detail, subject {start, end} and related ranges.
func WriteJSON(w io.Writer, l List) error {
	out := make([]jsonDiag, 0, len(l))
	for _, d := range l {
		jd := jsonDiag{Severity: d.Severity, Code: d.Code, Summary: d.Summary, Detail: d.Detail, Subject: toJSONRange(d.Subject)}
		for _, r := range d.Related {
			jd.Related = append(jd.Related, jsonRelated{Message: r.Message, Range: toJSONRange(r.Range)})
		}
		out = append(out, jd)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
