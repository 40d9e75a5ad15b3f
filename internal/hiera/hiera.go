// Package hiera looks up data the way Puppet 7's Hiera 5 does: three
// layers (global, environment, module), each a hiera.yaml hierarchy of
// YAML or JSON data files, with interpolation, lookup_options and the
// first, unique, hash and deep merge strategies.
//
// One Hiera serves one compilation: it caches the configurations and data
// files it reads. Values are catalog.Value (nil, string, bool, int64,
// float64, []catalog.Value, *catalog.Hash). The compiler provides
// variables through Scope.
//
// hiera.yaml versions 5 (all layers), 4 (environment and module) and 3
// (global) are read; levels may use path, paths, glob, globs and
// mapped_paths. Data comes from yaml_data and json_data, or from
// data_hash functions the compiler provides (Options.DataHash).
// lookup_key and data_dig functions (such as hiera-eyaml's) and
// hocon_data are reported as Puppet reports a function it cannot find;
// uri locations are an error. Explain tells how a lookup went, as
// `puppet lookup --explain` does.
package hiera

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/ordoproject/ordo/internal/catalog"
)

// Scope gives interpolation the compiler's variables.
type Scope interface {
	// Var returns the value of the variable name as the compiler sees it
	// where the lookup happens: "osfamily", "facts", "trusted",
	// "apache::port", or "::osfamily" for the top scope. ok is false
	// when the variable is not defined.
	Var(name string) (v catalog.Value, ok bool)
}

// UndefinedReporter is a Scope that warns of a variable interpolation
// does not find, as Puppet's scope does.
type UndefinedReporter interface {
	Undefined(name string)
}

// Options configure a Hiera.
type Options struct {
	// GlobalConfig is the path of the global hiera.yaml (Puppet's
	// hiera_config setting, /etc/puppet/hiera.yaml here). Empty means no
	// global layer; a path that does not exist gives Hiera's default
	// configuration rooted in its folder, as Puppet does.
	GlobalConfig string
	// EnvironmentDir is the environment's folder; its hiera.yaml, if
	// present, configures the environment layer.
	EnvironmentDir string
	// ModuleDir returns the folder of a module by name; its hiera.yaml,
	// if present, configures the module layer for keys in the module's
	// namespace. Nil means no module layer. ModulePath builds one.
	ModuleDir func(name string) (dir string, ok bool)
	// Warn receives Puppet's warnings (without the "Warning: " prefix),
	// such as module data keys outside the module's namespace. Nil
	// drops them.
	Warn func(msg string)
	// ConvertTo implements the convert_to lookup option: it converts v
	// as Puppet's new(Type, v, args...) would. spec is the option's
	// value: a type name, or an array of a type name and arguments.
	// Nil makes convert_to an error, except convert_to Sensitive, which
	// gives a catalog.Sensitive.
	ConvertTo func(ctx context.Context, spec catalog.Value, v catalog.Value) (catalog.Value, error)
	// DataHash provides data_hash functions beyond yaml_data and
	// json_data, such as a module's Puppet-language data function. Nil
	// makes them Puppet's "Unable to find 'data_hash' function" error.
	DataHash DataHashFunctions
}

// DataHashFunctions are data_hash functions written in Puppet, which the
// compiler runs. Call receives the hierarchy level's options, with
// "path" set for a level with locations, and returns the data hash; it
// is called once per level and location in a compilation.
type DataHashFunctions interface {
	Has(name string) bool
	Call(ctx context.Context, name string, options *catalog.Hash) (*catalog.Hash, error)
}

// ModulePath returns a ModuleDir that finds a module in the first folder
// of dirs holding a folder of that name, as Puppet's modulepath does.
func ModulePath(dirs []string) func(string) (string, bool) {
	return func(name string) (string, bool) {
		for _, d := range dirs {
			p := filepath.Join(d, name)
			if fi, err := os.Stat(p); err == nil && fi.IsDir() {
				return p, true
			}
		}
		return "", false
	}
}

// Hiera answers lookups for one compilation. It is safe for concurrent use.
type Hiera struct {
	opts Options

	mu      sync.Mutex
	configs map[string]*configEntry // by hiera.yaml path
	files   map[string]*fileEntry   // by data file path
	// existing caches whether data files exist, by path.
	existing map[string]bool
	globs    map[string][]string // glob results by pattern
	// locs caches each level's resolved locations.
	locs map[locationKey]*resolvedLocations
	// moduleLayers caches each module's layer; nil when the module has
	// no hiera.yaml or is not on the modulepath.
	moduleLayers map[string]*layer
	// options caches the compiled lookup_options per module name ("" for
	// keys outside any module).
	options map[string]*lookupOptions
}

// New returns a Hiera configured by opts. Configurations are read on the
// first lookup, so that errors in them surface where Puppet reports them.
func New(opts Options) *Hiera {
	return &Hiera{
		opts:         opts,
		configs:      map[string]*configEntry{},
		files:        map[string]*fileEntry{},
		existing:     map[string]bool{},
		globs:        map[string][]string{},
		locs:         map[locationKey]*resolvedLocations{},
		moduleLayers: map[string]*layer{},
		options:      map[string]*lookupOptions{},
	}
}

// Request is one call of Puppet's lookup() function.
type Request struct {
	// Names are the keys tried in order; the first one found answers.
	Names []string
	// Merge is the merge strategy: nil (use lookup_options, else first
	// found), a strategy name ("first", "unique", "hash", "deep"), or a
	// *catalog.Hash with a "strategy" entry and the deep merge options.
	Merge catalog.Value
	// Default is returned when no name is found and HasDefault is set.
	Default    catalog.Value
	HasDefault bool
	// DefaultValues is lookup()'s default_values_hash: consulted by name
	// after the data and before Default.
	DefaultValues *catalog.Hash
	// Override is lookup()'s override hash: consulted by name first.
	Override *catalog.Hash
	// Check, if set, asserts the value_type: subject is Puppet's
	// description of the value ("Found value", "Default value", ...).
	// It returns Puppet's type mismatch error.
	Check func(subject string, v catalog.Value) error
	// ConvertTo, when set, implements the convert_to lookup option for
	// this request, as Options.ConvertTo does.
	ConvertTo func(ctx context.Context, spec catalog.Value, v catalog.Value) (catalog.Value, error)
}

// ConvertSpecError is implemented by what ConvertTo returns when the
// convert_to option's type does not parse: Puppet reports it in its own
// words, not as an error of the conversion. It gives the type as written
// and why it does not parse.
type ConvertSpecError interface {
	error
	ConvertSpec() (spec, detail string)
}

// NotFoundError is lookup()'s failure when no name has a value and there
// is no default. A caller with a default block (lookup's lambda form)
// calls the block instead when errors.As finds it.
type NotFoundError struct{ Names []string }

func (e *NotFoundError) Error() string {
	if len(e.Names) == 1 {
		return fmt.Sprintf("Function lookup() did not find a value for the name '%s'", e.Names[0])
	}
	quoted := make([]string, len(e.Names))
	for i, n := range e.Names {
		quoted[i] = "'" + n + "'"
	}
	return fmt.Sprintf("Function lookup() did not find a value for any of the names [%s]", strings.Join(quoted, ", "))
}

// Error is a lookup failure with Puppet's message, and the file (and
// line, when known) it is about. How Puppet 7.23 reports it on a
// compile depends on its kind:
//
//   - Code set (a Puppet issue, such as a hiera.yaml error or an 'alias'
//     misuse): "Error: <Error()> on node N".
//   - Evaluation set (a type assertion failure in hiera.yaml): as an
//     evaluation error of the lookup() call: "Error: Evaluation Error:
//     Error while evaluating a Function Call, <Msg> (file: F, line: L,
//     column: C) on node N", with the manifest position.
//   - neither: "Error: <Error()>".
type Error struct {
	Msg  string
	File string
	Line int
	Code string
	// Evaluation marks errors Puppet reports as evaluation errors of the
	// lookup() call rather than as lookup errors.
	Evaluation bool

	recursion bool // a recursive lookup, which Puppet finds in the global layer
	v3        bool // a version 3 configuration Puppet refuses, after its deprecation warning
	wrapped   bool // already prefixed with "Lookup of key ... failed"
}

func (e *Error) Error() string {
	switch {
	case e.File != "" && e.Line > 0:
		return fmt.Sprintf("%s (file: %s, line: %d)", e.Msg, e.File, e.Line)
	case e.File != "":
		return fmt.Sprintf("%s (file: %s)", e.Msg, e.File)
	}
	return e.Msg
}

func errorf(format string, args ...any) *Error {
	return &Error{Msg: fmt.Sprintf(format, args...)}
}

// issuef is an error with a Puppet issue code.
func issuef(code, format string, args ...any) *Error {
	return &Error{Msg: fmt.Sprintf(format, args...), Code: code}
}

// Lookup performs Puppet's lookup(): every name in turn through the
// override hash, the three layers and the default values hash, then the
// default. Without a value it returns a *NotFoundError.
func (h *Hiera) Lookup(ctx context.Context, scope Scope, req Request) (catalog.Value, error) {
	return h.lookupNames(ctx, scope, req, nil)
}

func (h *Hiera) lookupNames(ctx context.Context, scope Scope, req Request, ex *explainer) (catalog.Value, error) {
	check := func(subject string, v catalog.Value) error {
		if req.Check == nil {
			return nil
		}
		return req.Check(subject, v)
	}
	explained := map[string]bool{}
	for _, name := range req.Names {
		if ex != nil {
			// Puppet searches a module's lookup_options before its
			// first key.
			if k, err := parseKey(name); err == nil && !explained[k.module] {
				explained[k.module] = true
				inv := h.newInvocation(ctx, scope)
				inv.ex = ex
				if err := inv.explainOptions(k.module); err != nil {
					return nil, err
				}
			}
		}
		if req.Override != nil {
			if v, ok := req.Override.Get(name); ok {
				if err := check(fmt.Sprintf("Value found for key '%s' in override hash", name), v); err != nil {
					return nil, err
				}
				return v, nil
			}
		}
		inv := h.newInvocation(ctx, scope)
		inv.override, inv.defaults, inv.ex, inv.convert = req.Override, req.DefaultValues, ex, req.ConvertTo
		v, found, err := inv.lookup(name, req.Merge)
		if err != nil {
			return nil, err
		}
		if found {
			if err := check("Found value", v); err != nil {
				return nil, err
			}
			return v, nil
		}
	}
	if req.DefaultValues != nil {
		for _, name := range req.Names {
			if v, ok := req.DefaultValues.Get(name); ok {
				if err := check(fmt.Sprintf("Value found for key '%s' in default values hash", name), v); err != nil {
					return nil, err
				}
				return v, nil
			}
		}
	}
	if req.HasDefault {
		if err := check("Default value", req.Default); err != nil {
			return nil, err
		}
		return req.Default, nil
	}
	return nil, &NotFoundError{Names: append([]string(nil), req.Names...)}
}

// Find looks key up as automatic class parameter lookup does (the key is
// "class::param"): through the three layers, with the merge strategy of
// its lookup_options. found is false when no layer has it, and also when
// the data says undef (~): Puppet 7.23 then gives the parameter its
// default, as if there were no data.
func (h *Hiera) Find(ctx context.Context, scope Scope, key string) (v catalog.Value, found bool, err error) {
	v, found, err = h.newInvocation(ctx, scope).lookup(key, nil)
	if v == nil {
		found = false
	}
	return v, found, err
}

// IsNotFound reports whether err says that lookup() found no value.
func IsNotFound(err error) bool {
	var nf *NotFoundError
	return errors.As(err, &nf)
}
