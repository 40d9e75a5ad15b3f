// Package erb renders Puppet's ERB templates (the template() and
// inline_template() functions) without Ruby: a template compiles as Ruby's
// ERB compiles it with trim mode '-', and runs on the Ruby subset of
// package ruby, with Puppet's variables as instance variables.
//
// A template is parsed once and rendered any number of times:
//
//	t, err := erb.Parse("/etc/puppetlabs/code/modules/m/templates/x.erb", src)
//	out, err := t.Render(ctx, scope)
//
// Errors are *Error values that carry the template's file, line and column
// and the Ruby exception class; a construct outside the supported subset
// is an error naming it (Unsupported), never a wrong output.
//
// Puppet's template(name) resolves name to a module's templates/ file,
// loads it (Files caches parsed files), renders it with the calling scope,
// and on a runtime error fails with Error.TemplateMessage(name);
// inline_template(src) parses src with the name "inline template" and
// fails with Error.InlineMessage. Several arguments render in turn and
// their outputs are joined. A SyntaxError is not rescued by Puppet: it
// stops the run ("Could not run: FILE:LINE: syntax error ...").
//
// The Scope gives the template its variables (every variable visible in
// the calling scope that is not undef is an instance variable) and calls
// Puppet functions; the optional CatalogScope, LegacyFunctions and
// VariableScope interfaces answer classes/tags, scope.function_NAME and
// scope.to_hash/setvar, and a Scope that is a fmt.Stringer names itself
// in messages as Puppet does ("Scope(Class[Apache])").
package erb

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/diag"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/puppet/erb/ruby"
	"github.com/ordoproject/ordo/internal/source"
)

// Scope is the Puppet scope a template renders in.
type Scope interface {
	// LookupVar returns a variable visible in the scope, as Puppet's
	// scope.lookupvar does: an unqualified name searches the local scope
	// and the scopes it inherits from and is enclosed in; a qualified one
	// ("apache::port", "::fqdn") names a class or top scope. ok is false
	// for a variable that is not defined; a defined undef is (nil, true).
	// Unqualified names that LookupVar finds with a non-undef value are the
	// template's instance variables (@name), as scope.to_hash makes them.
	LookupVar(name string) (value catalog.Value, ok bool)
	// CallFunction calls a Puppet function, for scope.call_function('f',
	// [args]) and scope.function_f([args]).
	CallFunction(ctx context.Context, name string, args []catalog.Value) (catalog.Value, error)
}

// CatalogScope is optionally implemented by a Scope to answer the
// template helpers classes, tags and all_tags.
type CatalogScope interface {
	// Classes are the classes declared in the catalog so far.
	Classes() []string
	// Tags are the tags of the scope's resource.
	Tags() []string
	// AllTags are the tags of every resource in the catalog so far.
	AllTags() []string
}

// LegacyFunctions is optionally implemented by a Scope to say which
// functions written to Puppet 3's API (a module's
// lib/puppet/parser/functions) scope.function_NAME reaches, beyond Puppet's
// own. Without it only Puppet's own 3.x functions are reachable, and
// scope.function_NAME of any other is a NoMethodError, as in Puppet 7.
// scope.call_function reaches every function.
type LegacyFunctions interface {
	HasLegacyFunction(name string) bool
}

// VariableScope is optionally implemented by a Scope for the scope methods
// that list and set variables.
type VariableScope interface {
	// Variables are the variables visible in the scope that are not
	// undef, for scope.to_hash, innermost definition of each name.
	Variables() *catalog.Hash
	// SetVar assigns a variable in the scope, for scope.setvar(name,
	// value); Puppet's rules apply (a variable is assigned once). The
	// value may be a RubyValue.
	SetVar(name string, value catalog.Value) error
}

// RubyValue is a Ruby value a template stored in the scope with
// scope.setvar. The scope keeps it as it is, so that another template
// rendered in the same scope sees the same object (puppetlabs-apache
// passes a hash between vhost templates this way).
type RubyValue struct{ V ruby.Value }

// Template is a parsed ERB template.
type Template struct {
	file *source.File
	comp *compiled
	prog *ruby.Program
}

// Parse compiles an ERB template. name is the template's file path as
// errors show it ("inline template" style names are fine).
func Parse(name string, src []byte) (*Template, error) {
	t := &Template{file: source.NewFile(name, src)}
	comp, err := compile(src)
	if err != nil {
		return nil, t.wrap(err, nil)
	}
	t.comp = comp
	prog, err := ruby.Parse(&comp.script)
	if err != nil {
		return nil, t.wrap(err, comp)
	}
	t.prog = prog
	return t, nil
}

// Name is the template's file name.
func (t *Template) Name() string { return t.file.Name }

// Render runs the template in scope and returns its output. A Template
// may be rendered by several goroutines at once.
func (t *Template) Render(ctx context.Context, scope Scope) (string, error) {
	var out strings.Builder
	self := &wrapper{t: t, scope: scope}
	host := ruby.Host{
		Self: self,
		IVar: func(name string) (ruby.Value, bool) {
			v, ok := scope.LookupVar(name)
			if !ok || v == nil {
				return nil, false
			}
			return toRuby(v), true
		},
		IVarNames: func() []string { return ivarNames(scope) },
	}
	if err := t.prog.Run(ctx, host, &out); err != nil {
		if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
			return "", err
		}
		return "", t.wrap(err, t.comp)
	}
	return out.String(), nil
}

// Error is a template error at a position of the template.
type Error struct {
	Pos source.Position
	// Class is the Ruby exception class (SyntaxError, NoMethodError,
	// TypeError, ...); NotImplementedError for a construct ordo does not
	// support.
	Class string
	// Detail is the message as Ruby gives it.
	Detail string
	// Cause is the error of a Puppet function the template called.
	Cause error

	file *source.File
	off  source.Pos
}

// Diagnostic codes of template errors.
const (
	CodeSyntax      diag.Code = "ERB-SYNTAX"      // Ruby cannot parse the template
	CodeUnsupported diag.Code = "ERB-UNSUPPORTED" // Ruby that ordo does not implement
	CodeRuntime     diag.Code = "ERB-RUNTIME"     // an exception while rendering
)

// Diagnostic is the error as a diagnostic, which renders with the
// template's line and a caret.
func (e *Error) Diagnostic() *diag.Diagnostic {
	code := CodeRuntime
	switch {
	case e.Class == "SyntaxError":
		code = CodeSyntax
	case e.Unsupported():
		code = CodeUnsupported
	}
	d := diag.Errorf(code, e.file.Range(e.off, e.off), "%s", e.Detail)
	if e.Class != "SyntaxError" && !e.Unsupported() {
		d.Detail = e.Class
	}
	return d
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s: %s", e.Pos, e.Detail)
}

func (e *Error) Unwrap() error { return e.Cause }

// TemplateMessage is the message of Puppet's template() function for a
// runtime error: name is the argument template() was given, and the file
// path is the one the template was parsed with. (A SyntaxError is not
// caught by template(): Puppet stops with "Could not run: FILE:LINE:
// syntax error, ...".)
func (e *Error) TemplateMessage(name string) string {
	return fmt.Sprintf("Failed to parse template %s:\n  Filepath: %s\n  Line: %d\n  Detail: %s\n", name, e.Pos.Filename, e.Pos.Line, e.Detail)
}

// SyntaxMessage is Ruby's message for a template it cannot parse, which
// Puppet prints after "Could not run: " ("FILE:LINE: syntax error, ...";
// Ruby then shows a line of the code ERB generated, which ordo does not).
// An inline template's file is "(erb)".
func (e *Error) SyntaxMessage() string {
	return fmt.Sprintf("%s:%d: %s", e.Pos.Filename, e.Pos.Line, e.Detail)
}

// InlineMessage is the message of Puppet's inline_template() function for
// a runtime error.
func (e *Error) InlineMessage() string {
	return "Failed to parse inline template: " + e.Detail
}

// Unsupported reports whether the template needs a Ruby construct that
// ordo does not implement.
func (e *Error) Unsupported() bool { return e.Class == "NotImplementedError" }

func (t *Template) wrap(err error, comp *compiled) error {
	var re *ruby.Error
	if !errors.As(err, &re) {
		return err
	}
	off := re.Offset
	if comp != nil {
		off = comp.templatePos(off)
	}
	return &Error{Pos: t.file.Position(source.Pos(off)), Class: re.Class, Detail: re.Msg, Cause: re.Cause, file: t.file, off: source.Pos(off)}
}

// ivarNames are the instance variables of Puppet's TemplateWrapper when
// the template starts: its scope and file, then each variable of
// scope.to_hash, non-word characters made "_".
func ivarNames(scope Scope) []string {
	names := []string{"__scope__", "__file__"}
	vs, ok := scope.(VariableScope)
	if !ok {
		return names
	}
	vars := vs.Variables()
	for _, k := range vars.Keys() {
		names = append(names, nonWord.ReplaceAllString(k, "_"))
	}
	return names
}

var nonWord = lazyre.New(`\W`)
