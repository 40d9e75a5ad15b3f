// Package eval compiles Puppet manifests into a catalog: it evaluates the
// parser's syntax tree with Puppet 7's scoping, classes, defined types,
// resource defaults, overrides, collectors and relationships, and emits a
// catalog.Catalog in which relationships are the before, require, notify
// and subscribe parameters and containment is the catalog's edges.
package eval

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/diag"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/puppet/ast"
	"github.com/ordoproject/ordo/internal/puppet/parser"
	"github.com/ordoproject/ordo/internal/source"
)

// LookupRequest is one lookup as Puppet's lookup() function and automatic
// class parameter lookup make it.
type LookupRequest struct {
	// Names are tried in order; the first found answers.
	Names []string
	// Merge is nil (lookup_options, else first found), a strategy name
	// or a hash with "strategy" and deep merge options.
	Merge catalog.Value
	// Default answers when nothing is found and HasDefault is set.
	Default    catalog.Value
	HasDefault bool
	// DefaultValues and Override are lookup()'s default_values_hash and
	// override options.
	DefaultValues *catalog.Hash
	Override      *catalog.Hash
	// Check asserts lookup()'s value_type; subject names the value in
	// Puppet's message ("Found value", "Default value", ...).
	Check func(subject string, v catalog.Value) error
	// Var gives interpolation the variables where the lookup happens.
	Var func(name string) (catalog.Value, bool)
	// Undefined warns of a variable interpolation did not find.
	Undefined func(name string)
	// ConvertTo is the convert_to lookup option: new(Type, v, args...)
	// for spec, a type name or [type name, args...].
	ConvertTo func(ctx context.Context, spec catalog.Value, v catalog.Value) (catalog.Value, error)
}

// LookupFunc is Hiera. found is false when no name has a value and
// there is no default.
type LookupFunc func(ctx context.Context, req LookupRequest) (value catalog.Value, found bool, err error)

// TemplateScope is the scope an ERB template renders in: its variables,
// the functions it may call and the catalog's classes and tags.
type TemplateScope interface {
	LookupVar(name string) (catalog.Value, bool)
	CallFunction(ctx context.Context, name string, args []catalog.Value) (catalog.Value, error)
	Classes() []string
	Tags() []string
	AllTags() []string
	Variables() *catalog.Hash
	SetVar(name string, value catalog.Value) error
}

// TemplateFunc renders an ERB template: arg is what template() was given
// ("" for inline_template), path the file it names, src its text.
type TemplateFunc func(ctx context.Context, arg, path string, src []byte, scope TemplateScope) (string, error)

// Options configures a compilation.
type Options struct {
	Node        string
	Environment string
	// Facts are the node's facts; they become $facts and top-scope
	// variables.
	Facts *catalog.Hash
	// ModulePath lists folders holding modules, searched in order.
	ModulePath []string
	// StrictVariables makes a reference to an unknown variable an error.
	StrictVariables bool
	// Types knows the built-in resource types; nil means BuiltinTypes.
	Types ResourceTypes
	// Lookup is Hiera; nil means no data.
	Lookup LookupFunc
	// Template renders ERB templates; nil makes template() an error.
	Template TemplateFunc
	// Log receives the messages of notice(), warning() and Puppet's
	// warnings, at a level named as Puppet prints it.
	Log func(level, msg string)
	// ConversionWarnings, when set, receives the warnings Puppet gives
	// when it writes the catalog (puppet catalog find, a server): an
	// attribute value that is a data type, a regexp or default becomes a
	// string. `puppet apply` of a manifest writes no catalog and says
	// nothing.
	ConversionWarnings func(msg string)
	// NoOrigins leaves out of the catalog where each relationship and
	// containment was declared (catalog.Resource.Origins,
	// catalog.Containment.Origin), which its JSON does not hold: for a
	// caller that only writes the catalog.
	NoOrigins bool
	// Trusted is $trusted; nil makes one for a locally authenticated
	// node named Node.
	Trusted *catalog.Hash
	// ServerFacts are the facts about the compiling server that `puppet
	// catalog find` adds (serverversion, servername, serverip): they join
	// $server_facts and are top-scope variables. nil compiles as puppet
	// apply does, whose $server_facts holds the environment alone.
	ServerFacts *catalog.Hash
	// Explain names resources ("File[/etc/motd]") whose attributes'
	// origins are written to ExplainTo after compilation.
	Explain   []string
	ExplainTo io.Writer
	// Settings are Puppet's settings, $settings::NAME (confdir, vardir,
	// ...); nil has none.
	Settings *catalog.Hash
	// External reports whether a reference names a resource of another
	// language applied in the same run (a Salt state): relationship
	// metaparameters may name it though the manifest does not declare it.
	External func(typ, title string) bool
	// Noop is the agent's noop setting, which the functions a Deferred
	// value calls may read (Puppet.settings[:noop]).
	Noop bool
}

// Compiler holds the state of one compilation.
type Compiler struct {
	// unshared stops collectors from sharing what their queries found
	// (runCollector), for tests that compare the two.
	unshared bool
	// canonTypes holds the catalog spelling of each resource type name
	// declared (file: File), which declaring thousands of resources
	// would otherwise build again each time.
	canonTypes map[string]string
	// knownTypes holds the resource type names references have named
	// that knownResourceType found.
	knownTypes map[string]bool
	// shims caches which plain function names stdlib forwards to its
	// namespace.
	shims map[string]bool
	// stdlib is the stdlib module on the module path, nil without one.
	stdlib *stdlibModule
	// deprecations caches the deprecation each stdlib function
	// announces (a zero value for none).
	deprecations map[string]deprecation
	// frames is the Puppet stack: the function calls being evaluated,
	// innermost last, under the main manifest's top level.
	frames []stackFrame
	ctx    context.Context
	opts   Options
	types  ResourceTypes

	// externalRels are the arrows between two resources of another
	// language (Options.External), kept as the catalog's relationships.
	externalRels []catalog.Relationship

	top     *Scope
	nodeScp *Scope
	files   map[string]*source.File
	classes map[string]*definition
	defines map[string]*definition
	nodes   []*nodeDef
	funcs   map[string]*funcDef
	aliases map[string]*aliasDef
	// typeRefs holds, by name, the type references resolveTypeName made
	// of names that are neither data types nor aliases.
	typeRefs map[string]Value
	loaded   map[string]bool
	// warnedOnce holds the warnings Puppet gives once per compilation.
	warnedOnce map[string]bool
	resolved   map[string]Value

	aliasNames map[*Type]string

	resources []*Resource
	slab      []Resource // allocResource's
	paramSlab []param    // allocParam's
	// autoloaded holds the (folder, name) pairs autoload has looked for.
	autoloaded map[[2]string]struct{}
	byKey      map[Ref]*Resource // by title, uniqueness key and alias
	byType     map[string]*[]*Resource
	edges      []containEdge
	edgeSet    map[[2]*Resource]struct{}
	modules    map[string]bool // which modules are on the module path
	rubyTypes  map[string]*TypeInfo

	classScopes map[string]*Scope
	evaluated   []string // class names in evaluation order

	// relFlush holds the resources arrows added relationships to, for
	// finish to set them.
	relFlush []*Resource
	// relShared holds the targets arrows appended to parameters that
	// held an array, for shareRelations.
	relShared []sharedAppend
	shareSeq  int

	relationships []*relationship
	collectors    []*collector
	overrides     []*override
	pendingDefs   []*Resource
	realizes      []*realizeReq
	stages        map[string]bool
	mainClass     *Resource
	mainStage     *Resource

	builtins map[string]builtin
	// catalogHashes caches the catalog form of hashes handed to Hiera
	// and templates.
	catalogHashes map[*Hash]catalog.Value
	regexps       map[string]*rx
	depth         int // nesting of Puppet function and block calls
	// render collects the output of the EPP template being evaluated.
	render *strings.Builder
	// signalAt is where the last next(), break() or return() was
	// called, for the error when one escapes every block.
	signalAt source.Range
	// evaluatedTags are the tags the classes and the node had when
	// they were evaluated, in that order.
	evaluatedTags [][]string
	// containNext holds the classes contain() is declaring, by name,
	// with their container, for the edge made as each is evaluated.
	containNext map[string]pendingContain
}

// pendingContain is a container waiting for a class contain() declares.
type pendingContain struct {
	container *Resource
	at        source.Range
}

// definition is a class or defined type written in Puppet.
type definition struct {
	name   string // lower case, no leading ::
	class  *ast.ClassDef
	define *ast.DefineDef
	file   *source.File
	index  map[string]int // parameter positions, see paramIndex
}

// paramIndex maps the definition's parameter names to their positions;
// made once.
func (d *definition) paramIndex() map[string]int {
	if d.index == nil {
		d.index = make(map[string]int, len(d.params()))
		for i, p := range d.params() {
			d.index[p.Name] = i
		}
	}
	return d.index
}

func (d *definition) params() []*ast.Parameter {
	if d.class != nil {
		return d.class.Params
	}
	return d.define.Params
}

type nodeDef struct {
	def  *ast.NodeDef
	file *source.File
}

type funcDef struct {
	def  *ast.FunctionDef
	file *source.File
}

type aliasDef struct {
	def  *ast.TypeAlias
	file *source.File
}

// Compile evaluates the manifest file (site.pp) and returns the catalog.
func Compile(ctx context.Context, manifest string, opts Options) (*catalog.Catalog, error) {
	return CompileManifest(ctx, ReadManifest(manifest), opts)
}

// Manifest is a main manifest read and parsed (ReadManifest), or the
// error that reading or parsing it gave, ready to compile.
type Manifest struct {
	file  *source.File
	prog  *ast.Program
	diags diag.List
	err   error
}

// ReadManifest reads and parses the manifest at path as Compile does
// first, so that a caller can do it while it gathers the rest of what
// the compilation needs; its errors wait for CompileManifest.
func ReadManifest(path string) *Manifest {
	data, err := os.ReadFile(path)
	if err != nil {
		return &Manifest{err: err}
	}
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	f := source.NewFile(path, data)
	prog, diags := parseFile(f)
	return &Manifest{file: f, prog: prog, diags: diags}
}

// CompileManifest compiles m as Compile compiles the file m was read
// from.
func CompileManifest(ctx context.Context, m *Manifest, opts Options) (*catalog.Catalog, error) {
	if m.err != nil {
		return nil, m.err
	}
	c := newCompiler(ctx, opts)
	c.reserve(len(m.file.Content) / bytesPerResource)
	prog, err := c.load(m.file, m.prog, m.diags)
	if err != nil {
		return nil, err
	}
	return c.compile(prog)
}

// CompileSource is Compile on a manifest already read.
func CompileSource(ctx context.Context, f *source.File, opts Options) (*catalog.Catalog, error) {
	c := newCompiler(ctx, opts)
	prog, err := c.parse(f)
	if err != nil {
		return nil, err
	}
	return c.compile(prog)
}

func newCompiler(ctx context.Context, opts Options) *Compiler {
	if opts.Node == "" {
		opts.Node = "localhost"
	}
	if opts.Environment == "" {
		opts.Environment = "production"
	}
	c := &Compiler{
		ctx: ctx, opts: opts, types: opts.Types,
		files: map[string]*source.File{}, classes: map[string]*definition{}, defines: map[string]*definition{},
		funcs: map[string]*funcDef{}, aliases: map[string]*aliasDef{}, loaded: map[string]bool{}, warnedOnce: map[string]bool{},
		resolved: map[string]Value{}, typeRefs: map[string]Value{}, aliasNames: map[*Type]string{},
		byKey: map[Ref]*Resource{}, byType: map[string]*[]*Resource{}, classScopes: map[string]*Scope{},
		stages: map[string]bool{}, edgeSet: map[[2]*Resource]struct{}{}, modules: map[string]bool{}, rubyTypes: map[string]*TypeInfo{}, catalogHashes: map[*Hash]catalog.Value{}, regexps: map[string]*rx{},
		containNext: map[string]pendingContain{}, autoloaded: map[[2]string]struct{}{}, shims: map[string]bool{}, deprecations: map[string]deprecation{},
		canonTypes: map[string]string{}, knownTypes: map[string]bool{},
	}
	if c.types == nil {
		c.types = BuiltinTypes()
	}
	c.types = &cachedTypes{inner: withModuleTypes{base: c.types, modules: c.hasModule, rubyType: c.rubyType}, known: map[string]cachedType{}}
	c.stdlib = findStdlib(opts.ModulePath)
	c.builtins = builtinTable(c.stdlib)
	if _, ok := c.builtins["strftime"]; !ok {
		c.builtins["strftime"] = fnStrftime
	}
	for _, m := range []string{"apache", "mysql", "postgresql", "haproxy", "docker", "sudo", "ssh", "inifile", "accounts", "php", "mongodb", "letsencrypt", "consul", "puppetdb", "memcached", "archive", "gitlab_ci_runner", "elasticsearch", "jenkins", "extlib", "puppet_agent", "collectd"} {
		if c.hasModule(m) {
			for name, f := range moduleFunctions(m) {
				c.builtins[name] = f
			}
		}
	}
	return c
}

// bytesPerResource is about how much of a large manifest makes a
// resource (the generated benchmark manifest has one per 33 bytes): the
// resource indexes are made that large at once rather than grown and
// rehashed, over and over, as thousands of resources are declared.
const bytesPerResource = 32

// reserve makes room for n resources in the resource indexes and their
// containment edges.
func (c *Compiler) reserve(n int) {
	if n < 1024 {
		return
	}
	c.byKey = make(map[Ref]*Resource, 2*n)
	c.resources = make([]*Resource, 0, n)
	c.edges = make([]containEdge, 0, n)
}

// ParseError is a manifest that does not parse.
type ParseError struct{ Diags diag.List }

func (p *ParseError) Error() string {
	d := p.Diags[0]
	for _, x := range p.Diags {
		if x.Severity == diag.Error {
			d = x
			break
		}
	}
	pos := d.Subject.Position()
	if d.Code == diag.BadUnicode {
		// Puppet's message has no place
		return "Could not parse for environment production: " + d.Summary
	}
	if d.Summary == "Syntax error at end of input" {
		// Puppet names the file alone for it.
		return fmt.Sprintf("Could not parse for environment production: %s (file: %s)", d.Summary, pos.Filename)
	}
	return fmt.Sprintf("Could not parse for environment production: %s (file: %s, line: %d, column: %d)", d.Summary, pos.Filename, pos.Line, pos.Column)
}

func (c *Compiler) parse(f *source.File) (*ast.Program, error) {
	prog, diags := parseFile(f)
	return c.load(f, prog, diags)
}

// parseFile parses and validates f; it needs no compiler.
func parseFile(f *source.File) (*ast.Program, diag.List) {
	prog, diags := parser.ParseManifest(f)
	if !diags.HasErrors() {
		diags = append(diags, parser.Validate(prog)...)
	}
	return prog, diags
}

// load takes in f, parsed as prog with diags: a parse error, or its
// definitions registered and checked.
func (c *Compiler) load(f *source.File, prog *ast.Program, diags diag.List) (*ast.Program, error) {
	if diags.HasErrors() {
		return nil, &ParseError{Diags: diags}
	}
	for _, d := range diags {
		// Puppet warns of what the parser and its validation find
		// (a key given twice in a hash, an unknown escape) as it loads
		if d.Severity == diag.Warning {
			pos := d.Subject.Position()
			c.logf("warning", "%s (file: %s, line: %d, column: %d)", d.Summary, pos.Filename, pos.Line, pos.Column)
		}
	}
	c.files[f.Name] = f
	if err := c.register(prog.Body, f, ""); err != nil {
		return nil, err
	}
	if err := c.checkNodes(); err != nil {
		return nil, err
	}
	if err := checkRegexps(prog); err != nil {
		return nil, err
	}
	return prog, nil
}

// checkRegexps refuses a regular expression literal that Ruby cannot
// compile either, when the manifest is parsed, as Puppet does.
func checkRegexps(prog *ast.Program) error {
	if prog.Regexps == 0 {
		return nil
	}
	var bad error
	ast.Inspect(prog, func(n ast.Node) bool {
		if bad != nil {
			return false
		}
		if r, ok := n.(*ast.LiteralRegex); ok {
			if _, err := compileRegexp(r.Pattern); err != nil {
				if msg, known := rubyRegexpError(err); known {
					bad = &Error{Msg: fmt.Sprintf("Could not parse for environment production: %s: /%s/", msg, r.Pattern)}
				}
			}
		}
		return true
	})
	return bad
}

// checkNodes refuses two node definitions of one name, as Puppet does
// when it loads them.
func (c *Compiler) checkNodes() error {
	seen := map[string]source.Position{}
	for _, nd := range c.nodes {
		for _, m := range nd.def.Matches {
			s, ok := m.(*ast.LiteralString)
			if !ok {
				continue
			}
			name := strings.ToLower(s.Value)
			pos := source.Range{File: nd.file, Start: nd.def.Pos()}.Position()
			if first, dup := seen[name]; dup {
				return &Error{Msg: fmt.Sprintf("Node '%s' is already defined (file: %s, line: %d); cannot redefine", name, first.Filename, first.Line), File: pos.Filename, Line: pos.Line}
			}
			seen[name] = pos
		}
	}
	return nil
}

// register records the definitions in body; prefix qualifies classes
// and defines nested in a class. A name defined twice (as a class, a
// define or a node) is refused with Puppet's message, and a parameter
// named like a metaparameter is warned about (with a default) or
// refused (without), as Puppet does when it loads the definitions.
func (c *Compiler) register(body []ast.Expr, f *source.File, prefix string) error {
	at := func(n ast.Node) string {
		p := source.Range{File: f, Start: n.Pos()}.Position()
		return fmt.Sprintf("(file: %s, line: %d)", p.Filename, p.Line)
	}
	defAt := func(d *definition) string {
		var n ast.Node = d.define
		if d.class != nil {
			n = d.class
		}
		p := source.Range{File: d.file, Start: n.Pos()}.Position()
		return fmt.Sprintf("(file: %s, line: %d)", p.Filename, p.Line)
	}
	for _, e := range body {
		switch d := e.(type) {
		case *ast.ClassDef:
			name := qualify(prefix, d.Name)
			if old, ok := c.classes[name]; ok {
				if old.file == f {
					return &Error{Msg: fmt.Sprintf("Class '%s' is already defined %s; cannot redefine %s", name, defAt(old), at(d))}
				}
			} else if old, ok := c.defines[name]; ok && old.file == f {
				return &Error{Msg: fmt.Sprintf("Definition '%s' is already defined %s; cannot be redefined as a class %s", name, defAt(old), at(d))}
			} else if nd := c.nodeNamed(name, f); nd != nil {
				return &Error{Msg: fmt.Sprintf("Node '%s' is already defined %s; cannot be redefined as a class %s", name, at(nd), at(d))}
			} else {
				c.classes[name] = &definition{name: name, class: d, file: f}
			}
			if err := c.checkMetaparamParams(name, d.Params); err != nil {
				return err
			}
			if err := c.register(d.Body, f, name); err != nil {
				return err
			}
		case *ast.DefineDef:
			name := qualify(prefix, d.Name)
			if old, ok := c.defines[name]; ok {
				if old.file == f {
					p := source.Range{File: old.file, Start: old.define.Pos()}.Position()
					return &Error{Msg: fmt.Sprintf("Attempt to redefine entity 'http://puppet.com/2016.1/runtime/type/%s'. Originally set at file://%s?line=%d&pos=%d.", name, p.Filename, p.Line, p.Column)}
				}
			} else if old, ok := c.classes[name]; ok && old.file == f {
				return &Error{Msg: fmt.Sprintf("'%s' is already defined %s as a class; cannot redefine as a definition %s", name, defAt(old), at(d))}
			} else {
				c.defines[name] = &definition{name: name, define: d, file: f}
			}
			if err := c.checkMetaparamParams(name, d.Params); err != nil {
				return err
			}
		case *ast.NodeDef:
			for _, m := range d.Matches {
				if s, ok := m.(*ast.LiteralString); ok {
					if old, ok := c.classes[strings.ToLower(s.Value)]; ok && old.file == f {
						return &Error{Msg: fmt.Sprintf("Class '%s' is already defined %s; cannot be redefined as a node %s", old.name, defAt(old), at(d))}
					}
				}
			}
			c.nodes = append(c.nodes, &nodeDef{def: d, file: f})
		case *ast.FunctionDef:
			c.funcs[strings.ToLower(strings.TrimPrefix(d.Name, "::"))] = &funcDef{def: d, file: f}
		case *ast.TypeAlias:
			c.aliases[strings.ToLower(d.Name)] = &aliasDef{def: d, file: f}
			// A name may now be this alias rather than a resource type.
			clear(c.typeRefs)
		}
	}
	return nil
}

// nodeNamed finds the node definition of file f that names name.
func (c *Compiler) nodeNamed(name string, f *source.File) *ast.NodeDef {
	for _, nd := range c.nodes {
		if nd.file != f {
			continue
		}
		for _, m := range nd.def.Matches {
			if s, ok := m.(*ast.LiteralString); ok && strings.ToLower(s.Value) == name {
				return nd.def
			}
		}
	}
	return nil
}

// checkMetaparamParams warns once of a parameter of the definition name
// named like a metaparameter that has a default, and refuses one
// without, as Puppet does.
func (c *Compiler) checkMetaparamParams(name string, params []*ast.Parameter) error {
	for _, p := range params {
		if !metaparams[p.Name] {
			continue
		}
		if p.Default == nil {
			return &Error{Msg: fmt.Sprintf("%s is a metaparameter; please choose another parameter name in the %s definition", p.Name, name)}
		}
		msg := fmt.Sprintf("%s is a metaparam; this value will inherit to all contained resources in the %s definition", p.Name, name)
		if !c.warnedOnce[msg] {
			c.warnedOnce[msg] = true
			c.logf("warning", "%s", msg)
		}
	}
	return nil
}

func qualify(prefix, name string) string {
	name = strings.ToLower(strings.TrimPrefix(name, "::"))
	if prefix == "" || strings.HasPrefix(name, prefix+"::") {
		return name
	}
	if strings.Contains(name, "::") {
		return name
	}
	return prefix + "::" + name
}

// autoload loads the module file that should hold name (a class, define,
// function or type alias), in the subfolder dir of the module.
func (c *Compiler) autoload(name, dir string) {
	if len(c.opts.ModulePath) == 0 {
		return
	}
	// A name looked for once is not looked for again: the files it
	// could be in were read then, or are not there.
	tried := [2]string{dir, name}
	if _, ok := c.autoloaded[tried]; ok {
		return
	}
	c.autoloaded[tried] = struct{}{}
	name = strings.ToLower(strings.TrimPrefix(name, "::"))
	segs := strings.Split(name, "::")
	var rel string
	if len(segs) == 1 {
		if dir != "manifests" {
			return
		}
		rel = filepath.Join(segs[0], "manifests", "init.pp")
	} else {
		rel = filepath.Join(append([]string{segs[0], dir}, segs[1:]...)...) + ".pp"
	}
	for _, mp := range c.opts.ModulePath {
		path := filepath.Join(mp, rel)
		if c.loaded[path] {
			return
		}
		data, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		c.loaded[path] = true
		f := source.NewFile(path, data)
		prog, diags := parser.ParseManifest(f)
		if diags.HasErrors() {
			return
		}
		c.files[path] = f
		// A definition of a module file is found by its name alone; one
		// defined twice there keeps its first definition.
		_ = c.register(prog.Body, f, "")
		return
	}
}

// rubyType finds the Ruby resource type name in a module on the module
// path (lib/puppet/type/NAME.rb) and reads what the compiler needs of it.
func (c *Compiler) rubyType(name string) *TypeInfo {
	if t, ok := c.rubyTypes[name]; ok {
		return t
	}
	var t *TypeInfo
	for _, mp := range c.opts.ModulePath {
		matches, _ := filepath.Glob(filepath.Join(mp, "*", "lib", "puppet", "type", name+".rb"))
		if len(matches) > 0 {
			if src, err := os.ReadFile(matches[0]); err == nil {
				t = parseRubyType(name, src)
				addMixinAttrs(t, src, func(lib string) []byte {
					return c.readModuleLib(filepath.Dir(filepath.Dir(filepath.Dir(matches[0]))), lib)
				})
				// A type with providers has a provider parameter.
				if !t.HasAttr("provider") && c.hasRubyProviders(name) {
					t.Attrs = append(t.Attrs, "provider")
				}
			}
			break
		}
	}
	c.rubyTypes[name] = t
	return t
}

// readModuleLib reads the Ruby file a type requires as lib (such as
// puppet_x/elastic/rest_resource), from the type's own module's lib
// folder first and then from the other modules', as Ruby's $LOAD_PATH
// under Puppet finds it; nil when there is none.
func (c *Compiler) readModuleLib(ownLib, lib string) []byte {
	if src, err := os.ReadFile(filepath.Join(ownLib, lib+".rb")); err == nil {
		return src
	}
	for _, mp := range c.opts.ModulePath {
		matches, _ := filepath.Glob(filepath.Join(mp, "*", "lib", lib+".rb"))
		if len(matches) > 0 {
			if src, err := os.ReadFile(matches[0]); err == nil {
				return src
			}
		}
	}
	return nil
}

// hasRubyProviders reports whether a module on the module path
// has providers for the Ruby type name (lib/puppet/provider/NAME/*.rb).
func (c *Compiler) hasRubyProviders(name string) bool {
	for _, mp := range c.opts.ModulePath {
		if m, _ := filepath.Glob(filepath.Join(mp, "*", "lib", "puppet", "provider", name, "*.rb")); len(m) > 0 {
			return true
		}
	}
	return false
}

// hasModule reports whether a module is on the module path.
func (c *Compiler) hasModule(name string) bool {
	if has, ok := c.modules[name]; ok {
		return has
	}
	has := false
	for _, mp := range c.opts.ModulePath {
		if st, err := os.Stat(filepath.Join(mp, name)); err == nil && st.IsDir() {
			has = true
			break
		}
	}
	c.modules[name] = has
	return has
}

func (c *Compiler) findClass(name string) *definition {
	name = strings.ToLower(strings.TrimPrefix(name, "::"))
	if d, ok := c.classes[name]; ok {
		return d
	}
	c.autoload(name, "manifests")
	return c.classes[name]
}

func (c *Compiler) findDefine(name string) *definition {
	name = strings.ToLower(strings.TrimPrefix(name, "::"))
	if d, ok := c.defines[name]; ok {
		return d
	}
	if _, ok := c.types.Lookup(name); ok && !strings.Contains(name, "::") {
		return nil
	}
	c.autoload(name, "manifests")
	return c.defines[name]
}

func (c *Compiler) logf(level, format string, args ...any) {
	if c.opts.Log != nil {
		c.opts.Log(level, fmt.Sprintf(format, args...))
	}
}

// compile runs the phases and reports a next(), break() or return()
// that escaped every block as Puppet does.
func (c *Compiler) compile(prog *ast.Program) (*catalog.Catalog, error) {
	cat, err := c.compilePhases(prog)
	var name string
	switch err.(type) {
	case nextSignal:
		name = "next"
	case breakSignal:
		name = "break"
	case returnSignal:
		name = "return"
	default:
		return cat, err
	}
	pos := c.signalAt.Position()
	return nil, &Error{Msg: name + "() from context where this is illegal", File: pos.Filename, Line: pos.Line}
}

// compilePhases runs the phases of Puppet's compiler.
func (c *Compiler) compilePhases(prog *ast.Program) (*catalog.Catalog, error) {
	c.top = c.newScope(topScope, nil, nil, prog.File)
	c.setupTop()
	c.mainStage = c.newResource(Ref{Type: "Stage", Title: "main"}, c.top, nil)
	c.mainStage.kind = "compilable_type"
	c.mainStage.setParam("name", "main", nil)
	c.mainStage.addTags("stage")
	c.stages["main"] = true
	c.addResource(c.mainStage)
	settings := c.newResource(Ref{Type: "Class", Title: "Settings"}, c.top, nil)
	settings.kind = "unknown"
	settings.isClass = true
	settings.addTags("class", "settings")
	c.addResource(settings)
	c.contain(c.mainStage, settings, "", source.Range{})
	c.evaluated = append(c.evaluated, "settings")
	ss := c.newScope(classScope, c.top, c.top, nil)
	ss.name = "settings"
	ss.resource = settings
	if c.opts.Settings != nil {
		for _, k := range c.opts.Settings.Keys() {
			v, _ := c.opts.Settings.Get(k)
			ss.vars[k] = FromCatalog(v)
		}
	}
	c.classScopes["settings"] = ss
	c.mainClass = c.newResource(Ref{Type: "Class", Title: "main"}, c.top, nil)
	c.mainClass.kind = "unknown"
	c.mainClass.isClass = true
	c.mainClass.setParam("name", "main", nil)
	c.mainClass.addTags("class")
	c.addResource(c.mainClass)
	c.contain(c.mainStage, c.mainClass, "", source.Range{})
	c.top.resource = c.mainClass
	c.classScopes[""] = c.top

	if err := c.checkParamTypes(prog.Body); err != nil {
		return nil, err
	}
	// The main manifest's top level is the stack's outermost frame
	// while it is evaluated, at line 0.
	c.frames = append(c.frames, stackFrame{at: source.Range{File: prog.File}, top: true})
	if err := c.execBlock(c.top, prog.Body); err != nil {
		return nil, err
	}
	c.frames = c.frames[:0]
	if err := c.evalNode(); err != nil {
		return nil, err
	}
	if err := c.evalGenerators(); err != nil {
		return nil, err
	}
	if err := c.finish(); err != nil {
		return nil, err
	}
	if len(c.opts.Explain) == 0 {
		// The references are checked while the catalog is made: both
		// only read the resources, and the catalog is dropped if a
		// reference names nothing.
		checked := make(chan error, 1)
		go func() { checked <- c.validateRelationships() }()
		cat := c.toCatalog()
		if err := <-checked; err != nil {
			return nil, err
		}
		return cat, nil
	}
	if err := c.validateRelationships(); err != nil {
		return nil, err
	}
	for _, ref := range c.opts.Explain {
		if err := c.explain(c.opts.ExplainTo, ref); err != nil {
			return nil, err
		}
	}
	return c.toCatalog(), nil
}

func (c *Compiler) setupTop() {
	facts := NewHash()
	if c.opts.Facts != nil {
		if h, ok := FromCatalog(c.opts.Facts).(*Hash); ok {
			facts = h
		}
	}
	for i, k := range facts.keys {
		if s, ok := k.(string); ok {
			c.top.vars[s] = facts.vals[i]
		}
	}
	c.top.vars["facts"] = facts
	if c.opts.Trusted != nil {
		c.top.vars["trusted"] = FromCatalog(c.opts.Trusted)
	} else {
		trusted := NewHash()
		trusted.Set("authenticated", "local")
		trusted.Set("certname", c.opts.Node)
		trusted.Set("extensions", NewHash())
		trusted.Set("hostname", strings.SplitN(c.opts.Node, ".", 2)[0])
		domain := ""
		if i := strings.IndexByte(c.opts.Node, '.'); i >= 0 {
			domain = c.opts.Node[i+1:]
		}
		trusted.Set("domain", domain)
		c.top.vars["trusted"] = trusted
	}
	sf := NewHash()
	if c.opts.ServerFacts != nil {
		if h, ok := FromCatalog(c.opts.ServerFacts).(*Hash); ok {
			for i, k := range h.keys {
				sf.Set(k, h.vals[i])
				if s, ok := k.(string); ok {
					c.top.vars[s] = h.vals[i]
				}
			}
		}
	}
	sf.Set("environment", c.opts.Environment)
	c.top.vars["server_facts"] = sf
	c.top.vars["environment"] = c.opts.Environment
	if _, ok := c.top.vars["clientcert"]; !ok {
		c.top.vars["clientcert"] = c.opts.Node
	}
}

// evalNode evaluates the node definition matching the node's name.
func (c *Compiler) evalNode() error {
	if len(c.nodes) == 0 {
		return nil
	}
	// Puppet 7 checks host names strictly: only the node's own name.
	names := []string{c.opts.Node}
	var found *nodeDef
	var title string
	for _, name := range names {
		for _, nd := range c.nodes {
			for _, m := range nd.def.Matches {
				if s, ok := m.(*ast.LiteralString); ok && strings.EqualFold(s.Value, name) {
					found, title = nd, strings.ToLower(s.Value)
				}
			}
			if found != nil {
				break
			}
		}
		if found != nil {
			break
		}
	}
	if found == nil {
	regex:
		for _, nd := range c.nodes {
			for _, m := range nd.def.Matches {
				if r, ok := m.(*ast.LiteralRegex); ok {
					re, err := compileRegexp(r.Pattern)
					if err == nil && re.MatchString(c.opts.Node) {
						found, title = nd, "__node_regexp__"+strings.TrimLeft(nodeRegexpTitle.ReplaceAllString(strings.ToLower(r.Pattern), ""), ".")
						break regex
					}
				}
			}
		}
	}
	if found == nil {
		for _, nd := range c.nodes {
			for _, m := range nd.def.Matches {
				if _, ok := m.(*ast.LiteralDefault); ok {
					found, title = nd, "default"
				}
			}
		}
	}
	if found == nil {
		return &Error{Msg: fmt.Sprintf("Could not find node statement with name 'default' or '%s'", strings.Join(names, ", "))}
	}
	res := c.newResource(Ref{Type: "Node", Title: title}, c.top, nil)
	res.kind = "unknown"
	res.addTags("node", title)
	c.evaluated = append(c.evaluated, title)
	c.evaluatedTags = append(c.evaluatedTags, slices.Clone(res.tags))
	if err := c.addResource(res); err != nil {
		return err
	}
	c.contain(c.mainClass, res, "node", source.Range{File: found.file, Start: found.def.Pos(), End: found.def.End()})
	s := c.newScope(nodeScope, c.top, c.top, found.file)
	s.resource = res
	c.nodeScp = s
	return c.execBlock(s, found.def.Body)
}

var nodeRegexpTitle = lazyre.New(`[^-\w:.]`)

// evalGenerators evaluates collectors and defined type instances until
// nothing new happens.
func (c *Compiler) evalGenerators() error {
	for i := 0; ; i++ {
		if i > 1000 {
			return &Error{Msg: "Somehow looped more than 1000 times while evaluating host catalog"}
		}
		progress := false
		// Collectors of the same query find the same resources while
		// nothing changes them: a round shares what each query found
		// until a collector with overrides runs.
		found := map[string][]*Resource{}
		for _, col := range c.collectors {
			n, err := c.runCollector(col, found)
			if err != nil {
				return err
			}
			if n {
				progress = true
			}
		}
		// Every defined type instance waiting now is evaluated; those
		// they declare wait for the next round.
		batch := c.pendingDefs
		c.pendingDefs = nil
		for _, r := range batch {
			if r.evaluated {
				continue
			}
			if r.virtual {
				c.pendingDefs = append(c.pendingDefs, r)
				continue
			}
			progress = true
			if err := c.evalDefine(r); err != nil {
				return err
			}
		}
		if !progress {
			return nil
		}
	}
}

// finish materializes relationships, applies what is left of overrides
// and realizations, and propagates metaparameters down containment;
// validateRelationships then checks what the relationships name.
func (c *Compiler) finish() error {
	for _, rel := range c.relationships {
		if err := c.applyRelationship(rel); err != nil {
			return err
		}
	}
	c.shareRelations()
	for _, r := range c.relFlush {
		r.flushRelations()
	}
	for _, o := range c.overrides {
		if o.done {
			continue
		}
		r := c.findResource(o.ref)
		if r == nil {
			continue
		}
		if err := c.applyOverride(o, r); err != nil {
			return err
		}
		o.done = true
	}
	var missing []string
	for _, o := range c.overrides {
		if !o.done {
			missing = append(missing, o.ref.String())
		}
	}
	if len(missing) > 0 {
		return &Error{Msg: "Could not find resource(s) " + strings.Join(missing, ", ") + " for overriding"}
	}
	var unrealized []string
	for _, rq := range c.realizes {
		for _, ref := range rq.refs {
			r := c.findResource(ref)
			if r == nil {
				unrealized = append(unrealized, ref.String())
				continue
			}
			r.virtual = false
		}
	}
	if len(unrealized) > 0 {
		return &Error{Msg: "Failed to realize virtual resources " + strings.Join(unrealized, ", ")}
	}
	for _, r := range c.resources {
		if r.typeInfo != nil && !r.virtual {
			for _, p := range r.params {
				if p.value != nil && !r.typeInfo.HasAttr(p.name) {
					// Puppet names the resource's place twice.
					return &Error{Msg: fmt.Sprintf("no parameter named '%s' %s on %s", p.name, locationOf(r), r.ref), File: r.file, Line: r.line}
				}
			}
		}
		for _, name := range relationParams {
			if p := r.getParam(name); p != nil {
				if arr, ok := p.value.([]Value); ok {
					p.value = flatten(arr)
				}
			}
		}
		if r.isClass || r.scope == nil || r == c.mainStage {
			continue
		}
		if cont := r.scope.container(); cont != nil && cont != r {
			r.mergeTags(cont.tags)
		}
	}
	c.propagateMetaparams()
	return nil
}

// propagateMetaparams copies non-relationship metaparameters and tags
// from containers to what they contain, breadth-first from Class[main].
func (c *Compiler) propagateMetaparams() {
	// What each container holds, and which resources the walk has
	// seen, by their places in c.resources.
	children := make([][]*Resource, len(c.resources))
	for _, e := range c.edges {
		if e.container.added && e.member.added {
			children[e.container.order] = append(children[e.container.order], e.member)
		}
	}
	queue := make([]*Resource, 1, len(c.resources))
	queue[0] = c.mainClass
	seen := make([]bool, len(c.resources))
	seen[c.mainClass.order] = true
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, k := range children[p.order] {
			// In the order the container has them, as Puppet copies them.
			for _, pp := range p.params {
				switch pp.name {
				case "alias", "audit", "loglevel", "noop", "schedule", "stage", "tag":
				default:
					continue
				}
				if _, has := k.get(pp.name); !has {
					k.setParamHow(pp.name, pp.value, nil, "inherited from container "+p.ref.String(), source.Range{})
				}
			}
			k.mergeTags(p.tags)
			if !seen[k.order] {
				seen[k.order] = true
				queue = append(queue, k)
			}
		}
	}
}

// validateRelationships checks that every relationship metaparameter of a
// non-virtual resource names a resource in the catalog.
func (c *Compiler) validateRelationships() error {
	for _, r := range c.resources {
		if r.virtual {
			continue
		}
		for _, name := range relationParams {
			p := r.getParam(name)
			if p == nil {
				continue
			}
			v := p.value
			// Puppet names the line of the attribute, where it knows it.
			file, line := r.file, r.line
			if pos := p.pos.Position(); pos.Line > 0 {
				file, line = pos.Filename, pos.Line
			}
			if p.how == "parameter default" {
				// a class's or define's parameter named like the
				// metaparameter: Puppet's value has no place
				file, line = "", 0
			}
			var one [1]Value
			for _, e := range flattenTo(one[:0], v) {
				var ref Ref
				switch x := e.(type) {
				case nil:
					continue
				case Ref:
					ref = x
					if x.Title == "" {
						return &Error{Msg: fmt.Sprintf("No title provided and %q is not a valid resource reference", x.Type+"[]"), File: file, Line: line}
					}
				case int64, float64, bool:
					return &Error{Msg: fmt.Sprintf("No title provided and %q is not a valid resource reference", ToS(x)), File: file, Line: line}
				case string:
					cr, ok := catalog.ParseRef(x)
					if !ok {
						return &Error{Msg: fmt.Sprintf("No title provided and %q is not a valid resource reference", x), File: file, Line: line}
					}
					ref = Ref{Type: cr.Type, Title: cr.Title}
				default:
					continue
				}
				if c.findResource(ref) == nil && !c.external(ref) {
					return &Error{Msg: fmt.Sprintf("Could not find resource '%s' in parameter '%s'", ref, name), File: file, Line: line}
				}
			}
		}
	}
	return nil
}

// toCatalog builds the catalog from the compiled resources.
func (c *Compiler) toCatalog() *catalog.Catalog {
	cat := catalog.New(c.opts.Node)
	cat.Environment = c.opts.Environment
	cat.Tags = c.catalogTags()
	cat.Classes = append([]string(nil), c.evaluated...)
	for _, rel := range c.externalRels {
		cat.Relate(rel)
	}
	// The edges meanwhile.
	var edgesDone sync.WaitGroup
	edgesDone.Add(1)
	go func() {
		defer edgesDone.Done()
		cat.Containment = c.catalogEdges()
	}()
	cat.Reserve(len(c.resources))
	// Each resource's catalog form depends on it alone: they are made
	// in parallel, and added in order.
	crs := make([]*catalog.Resource, len(c.resources))
	inParallel(len(c.resources), func(lo, hi int) {
		for i, r := range c.resources[lo:hi] {
			if !r.virtual {
				crs[lo+i] = c.catalogResource(r)
			}
		}
	})
	for _, cr := range crs {
		if cr != nil {
			_ = cat.Add(cr)
		}
	}
	if len(c.aliasNames) > 0 {
		// A type alias in a value is written as its definition, which
		// needs the compiler: done here, after the parallel part.
		for i, r := range c.resources {
			if crs[i] != nil {
				c.writeAliases(r, crs[i])
			}
		}
	}
	if c.opts.ConversionWarnings != nil {
		for i, r := range c.resources {
			if !r.virtual && c.conversionWarnings(r) && crs[i] != nil {
				// Its rich values were warned about with the rest, in
				// one sequence as Puppet does: StringifyRich finds none.
				StringifyRich(&catalog.Catalog{Resources: []*catalog.Resource{crs[i]}}, nil)
			}
		}
	}
	edgesDone.Wait()
	return cat
}

// catalogEdges are the catalog's containment edges.
func (c *Compiler) catalogEdges() []catalog.Containment {
	n := 0
	for _, e := range c.edges {
		if e.container.added && e.member.added && !e.container.virtual && !e.member.virtual {
			n++
		}
	}
	// Puppet lists a catalog's edges grouped by their member, in the
	// catalog's order, each group in the order the edges were made.
	// They are mostly made in that order already.
	edges := c.edges
	byMember := func(a, b containEdge) int { return cmp.Compare(a.member.order, b.member.order) }
	if !slices.IsSortedFunc(edges, byMember) {
		edges = slices.Clone(edges)
		slices.SortStableFunc(edges, byMember)
	}
	out := make([]catalog.Containment, 0, n)
	for _, e := range edges {
		src, dst := e.container, e.member
		if !src.added || !dst.added || src.virtual || dst.virtual {
			continue
		}
		ce := catalog.Containment{Container: src.ref.catalogRef(), Member: dst.ref.catalogRef()}
		if e.via != "" && !c.opts.NoOrigins {
			ce.Origin = c.provenance(e.via, e.at)
		}
		out = append(out, ce)
	}
	return out
}

// catalogResource is r's catalog form.
func (c *Compiler) catalogResource(r *Resource) *catalog.Resource {
	cr := &catalog.Resource{
		// The compilation ends here: the catalog may have the tags.
		Type: r.ref.Type, Title: r.ref.Title, Tags: r.tags[:len(r.tags):len(r.tags)],
		File: r.file, Line: r.line, Exported: r.exported, Kind: r.kind, KindFirst: r.byFunction,
		Params: make([]catalog.Param, 0, len(r.params)+1),
	}
	// Puppet does not repeat the title as the namevar.
	namevar := "name"
	if r.typeInfo != nil && len(r.typeInfo.Namevars) == 1 {
		namevar = r.typeInfo.Namevars[0]
	}
	special := r == c.mainStage || r == c.mainClass
	// Puppet's to_data_hash merges what the type's title patterns
	// make from the title (the title as a string) under the
	// parameters, and leaves out only the namevar (name, for a type of
	// several) where it equals the title (sshd_config_match's condition
	// stays).
	composite := r.typeInfo != nil && r.typeInfo.TitleParams != nil
	if composite && !special {
		// every parameter the title patterns make, but those given
		for _, kv := range r.typeInfo.TitleParams(r.ref.Title) {
			if _, set := r.get(kv[0]); !set && (kv[0] != namevar || kv[1] != r.ref.Title) {
				cr.Params = append(cr.Params, catalog.Param{Name: kv[0], Value: kv[1]})
			}
		}
	} else if _, set := r.get(namevar); !set && !special {
		var k string
		if r.typeInfo != nil && r.typeInfo.TitleName != nil {
			k = r.typeInfo.TitleName(r.ref.Title)
		} else {
			k = c.titleKey(r)
		}
		if k != r.ref.Title || r.titleNotString {
			cr.Params = append(cr.Params, catalog.Param{Name: namevar, Value: k})
		}
	}
	for _, p := range r.params {
		if p.value == nil {
			continue
		}
		if p.name == namevar && !special {
			if s, ok := p.value.(string); ok && s == r.ref.Title {
				continue
			}
		}
		cr.Params = append(cr.Params, catalog.Param{Name: p.name, Value: ToCatalog(p.value)})
		if _, ok := p.value.(*Sensitive); ok {
			cr.Sensitive = append(cr.Sensitive, p.name)
		}
		if isRelationParam(p.name) && !c.opts.NoOrigins {
			cr.Origins = append(cr.Origins, catalog.ParamOrigins{Param: p.name, Entries: c.relationOrigins(r, p)})
		}
		if p.name == namevar && r.typeInfo != nil && !special {
			// Puppet sets a built-in type's namevar first when it is
			// given apart from the title.
			last := len(cr.Params) - 1
			nv := cr.Params[last]
			copy(cr.Params[1:], cr.Params[:last])
			cr.Params[0] = nv
		}
	}
	return cr
}

// inParallel calls f over consecutive ranges of [0, n) on as many
// goroutines as there are processors, and returns when all are done.
func inParallel(n int, f func(lo, hi int)) {
	workers := min(runtime.GOMAXPROCS(0), n/256)
	if workers <= 1 {
		f(0, n)
		return
	}
	var wg sync.WaitGroup
	size := (n + workers - 1) / workers
	for lo := size; lo < n; lo += size {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(lo, min(n, lo+size))
		}()
	}
	f(0, min(n, size))
	wg.Wait()
}

// relationOrigins says where each entry of relationship metaparameter p
// of r was declared, in the order of the entries of its value.
func (c *Compiler) relationOrigins(r *Resource, p *param) []catalog.Provenance {
	n := entryCount(p.value)
	out := make([]catalog.Provenance, 0, n)
	for _, part := range p.rel {
		o := c.provenance(part.via, part.pos)
		for range entryCount(part.value) {
			out = append(out, o)
		}
	}
	if len(out) == n {
		return out
	}
	// The parts do not add up (a value changed in a way not recorded):
	// every entry is said to come from the resource's declaration.
	o := c.provenance(p.name, r.pos)
	if o.File == "" {
		o.File, o.Line = r.file, r.line
	}
	out = out[:0]
	for range n {
		out = append(out, o)
	}
	return out
}

// entryCount is the number of entries a relationship value has in the
// catalog: an array's flattened length, one for anything else but undef.
func entryCount(v Value) int {
	switch x := v.(type) {
	case nil:
		return 0
	case []Value:
		n := 0
		for _, e := range x {
			n += entryCount(e)
			if e == nil {
				n++
			}
		}
		return n
	}
	return 1
}

// catalogTags are Puppet's tags of the catalog: the names of the
// classes and the node evaluated (with their segments), then the tags
// those classes and that node had when they were evaluated (class,
// node, their tag metaparameters), each once.
func (c *Compiler) catalogTags() []string {
	var tags []string
	seen := map[string]bool{}
	add := func(t string) {
		if !seen[t] {
			seen[t] = true
			tags = append(tags, t)
		}
	}
	for _, name := range c.evaluated {
		for _, t := range tagSegments(name) {
			add(t)
		}
	}
	for _, ts := range c.evaluatedTags {
		for _, t := range ts {
			add(t)
		}
	}
	return tags
}

func tagSegments(name string) []string {
	out := []string{name}
	if strings.Contains(name, "::") {
		out = append(out, strings.Split(name, "::")...)
	}
	return out
}

// sortedKeys is used for deterministic iteration of maps in messages.
func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}

// checkParamTypes resolves the parameter types of the classes and
// defined types the manifest defines, as Puppet does when it loads them,
// whether they are used or not: a type that names no data type, alias
// or resource type is an error.
func (c *Compiler) checkParamTypes(body []ast.Expr) error {
	for _, e := range body {
		var params []*ast.Parameter
		switch d := e.(type) {
		case *ast.ClassDef:
			if err := c.checkParamTypes(d.Body); err != nil {
				return err
			}
			params = d.Params
		case *ast.DefineDef:
			params = d.Params
		default:
			continue
		}
		for _, p := range params {
			if p.Type == nil {
				continue
			}
			t, err := c.evalType(c.top, p.Type)
			if err != nil {
				return err
			}
			if name, ok := c.unknownResourceType(t); ok {
				return errAt(c.top.rng(p.Type), "Resource type not found: %s", name)
			}
		}
	}
	return nil
}

// unknownResourceType finds, in a type, a reference to a resource type
// that does not exist.
func (c *Compiler) unknownResourceType(v Value) (string, bool) {
	switch x := v.(type) {
	case Ref:
		if x.Title != "" || x.EmptyTitle || x.Type == "Class" || x.Type == "Resource" {
			return "", false
		}
		if _, ok := c.types.Lookup(strings.ToLower(x.Type)); ok {
			return "", false
		}
		if c.findDefine(x.Type) != nil || c.findClass(x.Type) != nil {
			return "", false
		}
		return x.Type, true
	case *Type:
		for _, p := range x.Params {
			if name, ok := c.unknownResourceType(p); ok {
				return name, true
			}
		}
	}
	return "", false
}
