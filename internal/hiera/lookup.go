package hiera

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/datafile"
	"github.com/ordoproject/ordo/internal/resource/rubyregexp"
)

// layer is one of the three places data comes from, with its
// configuration.
type layer struct {
	kind   layerKind
	module string // for a module layer
	cfg    *config
}

type configEntry struct {
	cfg *config
	err error
}

type fileEntry struct {
	data *catalog.Hash
	err  error
}

// lookupOptions are the compiled lookup_options for one module (or for
// keys outside modules): exact keys first, then patterns in order.
type lookupOptions struct {
	exact    *catalog.Hash
	patterns []pattern
}

type pattern struct {
	re   *regexp.Regexp
	opts catalog.Value
}

func (o *lookupOptions) forKey(root string) *catalog.Hash {
	if o == nil {
		return nil
	}
	if o.exact != nil {
		if v, ok := o.exact.Get(root); ok && v != nil {
			h, _ := v.(*catalog.Hash)
			return h
		}
	}
	for _, p := range o.patterns {
		if p.re.MatchString(root) {
			h, _ := p.opts.(*catalog.Hash)
			return h
		}
	}
	return nil
}

// invocation is one top-level lookup: it carries the scope and the stack
// of names being looked up, to detect recursion through interpolation.
type invocation struct {
	h     *Hiera
	ctx   context.Context
	scope Scope
	names []string
	// deps, when set, records the variables interpolation reads, so that
	// resolved locations can be reused while they keep their values.
	deps *[]scopeDep
	// override and defaults are lookup()'s override and
	// default_values_hash, which interpolated variables consult too.
	override, defaults *catalog.Hash
	// ex, when set, records an explanation of the lookup.
	ex *explainer
	// convert, when set, is the request's convert_to, in place of
	// Options.ConvertTo.
	convert func(ctx context.Context, spec catalog.Value, v catalog.Value) (catalog.Value, error)
}

// scopeDep is one variable expression interpolation read, and its value.
type scopeDep struct {
	expr  string
	value catalog.Value
}

func (h *Hiera) newInvocation(ctx context.Context, scope Scope) *invocation {
	return &invocation{h: h, ctx: ctx, scope: scope}
}

// check runs f with name pushed on the stack, failing when name is
// already being looked up.
func (inv *invocation) check(name string, f func() (catalog.Value, bool, error)) (catalog.Value, bool, error) {
	for _, n := range inv.names {
		if n == name {
			return nil, false, &Error{Msg: fmt.Sprintf("Recursive lookup detected in [%s]", strings.Join(inv.names, ", ")), recursion: true}
		}
	}
	inv.names = append(inv.names, name)
	defer func() { inv.names = inv.names[:len(inv.names)-1] }()
	return f()
}

const lookupOptionsKey = "lookup_options"

// lookup is Puppet's LookupAdapter#lookup: the key through the three
// layers merged with merge (or the key's lookup_options merge), then
// the module's default_hierarchy, then the dotted segments dug into.
func (inv *invocation) lookup(name string, merge catalog.Value) (catalog.Value, bool, error) {
	if err := inv.ctx.Err(); err != nil {
		return nil, false, err
	}
	if name == lookupOptionsKey || strings.HasPrefix(name, lookupOptionsKey+".") {
		return nil, false, nil
	}
	key, err := parseKey(name)
	if err != nil {
		return nil, false, err
	}
	opts, err := inv.h.lookupOptionsFor(inv, key.module)
	if err != nil {
		return nil, false, err
	}
	keyOpts := opts.forKey(key.root)
	if merge == nil && keyOpts != nil {
		if m, ok := keyOpts.Get("merge"); ok && m != nil {
			merge = m
			inv.pushNode(nodeText, `Using merge options from "lookup_options" hash`)()
		}
	}
	strat, err := parseStrategy(merge)
	if err != nil {
		return nil, false, err
	}
	layers, err := inv.h.layersFor(key.module)
	if err != nil {
		return nil, false, err
	}
	popTop := inv.pushNode(nodeTop, name)
	defer popTop()
	// An explanation shows a module that is missing, or has no data, in
	// the module layer's place.
	var missing *explainNode
	if inv.ex != nil && key.module != "" && (len(layers) == 0 || layers[len(layers)-1].kind != moduleLayer) {
		missing = inv.missingModule(key.module)
	}
	n := len(layers)
	if missing != nil {
		n++
	}
	v, ok, err := inv.mergeLookup(strat, n, func(i int) (catalog.Value, bool, error) {
		if i == len(layers) {
			inv.push(missing)()
			return nil, false, nil
		}
		v, ok, err := inv.check(key.full, func() (catalog.Value, bool, error) {
			return inv.providerLookup(layers[i], layers[i].cfg.hierarchy, key, strat)
		})
		return v, ok, inv.globalError(layers[i], name, err)
	})
	if err != nil {
		return nil, false, err
	}
	if !ok && key.module != "" {
		v, ok, err = inv.defaultHierarchyLookup(key)
		if err != nil || !ok {
			return nil, false, err
		}
	}
	if !ok {
		return nil, false, nil
	}
	if inv.ex != nil && len(key.segments) > 0 {
		inv.explainDig(key.segments, v)
	}
	v, ok, err = dig(name, key.segments, v)
	if err != nil || !ok {
		return nil, false, err
	}
	if keyOpts != nil {
		if spec, has := keyOpts.Get("convert_to"); has && spec != nil {
			convert := inv.convert
			if convert == nil {
				convert = inv.h.opts.ConvertTo
			}
			if convert == nil {
				// Without the compiler's new(), Sensitive (the common
				// case, for secrets) is still understood.
				if isSensitiveSpec(spec) {
					return catalog.Sensitive{Value: v}, true, nil
				}
				return nil, false, errorf("The convert_to lookup_option for key '%s' raised error: convert_to is not supported here", name)
			}
			c, err := convert(inv.ctx, spec, v)
			var bad ConvertSpecError
			if errors.As(err, &bad) {
				spec, detail := bad.ConvertSpec()
				return nil, false, errorf("Invalid data type in lookup_options for key '%s' could not parse '%s', error: '%s", name, spec, detail)
			}
			if err != nil {
				return nil, false, errorf("The convert_to lookup_option for key '%s' raised error: %s", name, err)
			}
			v = c
		}
	}
	return v, true, nil
}

func isSensitiveSpec(spec catalog.Value) bool {
	if arr, ok := spec.([]catalog.Value); ok && len(arr) == 1 {
		spec = arr[0]
	}
	return spec == "Sensitive"
}

// globalError wraps an error raised in the global layer without an issue
// code as Puppet does: "Lookup of key 'k' failed: ...". Puppet always has
// a global layer and checks recursion there first, so a recursion error
// is wrapped even when ordo has no global configuration.
func (inv *invocation) globalError(l *layer, name string, err error) error {
	e, ok := err.(*Error)
	if !ok || e.Code != "" || e.wrapped {
		return err
	}
	if l.kind == globalLayer || (e.recursion && !inv.h.hasGlobal()) {
		return &Error{Msg: fmt.Sprintf("Lookup of key '%s' failed: %s", name, e.Msg), wrapped: true}
	}
	return err
}

func (h *Hiera) hasGlobal() bool { return h.opts.GlobalConfig != "" }

// defaultHierarchyLookup searches the module's default_hierarchy, with
// the lookup_options found there.
func (inv *invocation) defaultHierarchyLookup(key lookupKey) (catalog.Value, bool, error) {
	l, err := inv.h.moduleLayer(key.module)
	if err != nil || l == nil || !l.cfg.hasDefault {
		return nil, false, err
	}
	defer inv.push(&explainNode{kind: nodeScope, text: `Searching default_hierarchy of module "` + key.module + `"`})()
	popScope := inv.push(&explainNode{kind: nodeScope, text: `Searching for "` + lookupOptionsKey + `"`})
	optsV, found, err := inv.providerLookup(l, l.cfg.defaultHier, lookupKey{full: lookupOptionsKey, root: lookupOptionsKey}, &strategy{name: "hash"})
	popScope()
	if err != nil {
		return nil, false, err
	}
	var merge catalog.Value
	if found {
		opts, err := compileOptions(optsV, key.module)
		if err != nil {
			return nil, false, err
		}
		if ko := opts.forKey(key.root); ko != nil {
			merge, _ = ko.Get("merge")
		}
	}
	strat, err := parseStrategy(merge)
	if err != nil {
		return nil, false, err
	}
	defer inv.push(&explainNode{kind: nodeScope, text: `Searching for "` + key.full + `"`})()
	return inv.check(key.full, func() (catalog.Value, bool, error) {
		return inv.providerLookup(l, l.cfg.defaultHier, key, strat)
	})
}

// layerLookup searches one layer's hierarchy: every level, every
// location of a level, merged with strat.
func (inv *invocation) layerLookup(l *layer, hier []entry, key lookupKey, strat *strategy) (catalog.Value, bool, error) {
	return inv.mergeLookup(strat, len(hier), func(i int) (catalog.Value, bool, error) {
		e := hier[i]
		if _, err := inv.h.dataFunction(e); err != nil {
			return nil, false, inConfig(err, l.cfg)
		}
		locs, err := inv.locations(l, e)
		if err != nil {
			return nil, false, inConfig(err, l.cfg)
		}
		pop := inv.pushNode(nodeEntry, e.name)
		defer pop()
		if e.locKind == "" {
			return inv.entryLookup(l, e, location{}, key.root)
		}
		return inv.mergeLookup(strat, len(locs), func(j int) (catalog.Value, bool, error) {
			pop := inv.pushLocation(locs[j])
			defer pop()
			return inv.entryLookup(l, e, locs[j], key.root)
		})
	})
}

// inConfig marks an error raised while setting up a hierarchy level with
// the hiera.yaml it is about, as Puppet reports it.
func inConfig(err error, cfg *config) error {
	if e, ok := err.(*Error); ok && e.File == "" && cfg.path != "" {
		c := *e
		c.File = cfg.path
		if c.Code == "" {
			c.Code = "HIERA_CONFIG"
		}
		return &c
	}
	return err
}

// dataFunction returns the parser of a level's data_hash function; nil
// for a function the compiler provides (Options.DataHash).
func (h *Hiera) dataFunction(e entry) (func([]byte) (catalog.Value, error), error) {
	if e.kind == kindDataHash {
		switch e.function {
		case "yaml_data":
			return datafile.YAML, nil
		case "json_data":
			return datafile.JSON, nil
		}
		if h.opts.DataHash != nil && h.opts.DataHash.Has(e.function) {
			return nil, nil
		}
	}
	return nil, issuef("HIERA_DATA_PROVIDER_FUNCTION_NOT_FOUND", "Unable to find '%s' function named '%s'", e.kind, e.function)
}

// location is a resolved data file of a hierarchy level.
type location struct {
	path     string
	original string // as written in hiera.yaml (a glob: its whole pattern)
	exists   bool
}

// locations resolves a level's paths, globs or mapped paths against the
// scope. With the built-in default configuration only files that exist
// count.
func (inv *invocation) locations(l *layer, e entry) ([]location, error) {
	if inv.ex != nil {
		// Puppet resolves locations apart from the lookup: no
		// explanation.
		quiet := *inv
		quiet.ex = nil
		inv = &quiet
	}
	if e.locKind == "mapped_paths" {
		return inv.resolveLocations(l, e)
	}
	key := locationKey{cfg: l.cfg, name: e.name}
	inv.h.mu.Lock()
	cached, ok := inv.h.locs[key]
	inv.h.mu.Unlock()
	if ok && inv.depsHold(cached.deps) {
		return cached.locs, nil
	}
	var deps []scopeDep
	rec := *inv
	rec.deps = &deps
	locs, err := rec.resolveLocations(l, e)
	if err != nil {
		return nil, err
	}
	inv.h.mu.Lock()
	inv.h.locs[key] = &resolvedLocations{locs: locs, deps: deps}
	inv.h.mu.Unlock()
	return locs, nil
}

// locationKey names a hierarchy level of a configuration.
type locationKey struct {
	cfg  *config
	name string
}

// resolvedLocations are a level's locations and the variables they were
// interpolated from.
type resolvedLocations struct {
	locs []location
	deps []scopeDep
}

// depsHold reports whether every variable still has the value it had.
func (inv *invocation) depsHold(deps []scopeDep) bool {
	for _, d := range deps {
		v, err := inv.scopeValue(d.expr)
		if err != nil || !equal(v, d.value) {
			return false
		}
	}
	return true
}

// resolveLocations interpolates a level's locations.
func (inv *invocation) resolveLocations(l *layer, e entry) ([]location, error) {
	cfg := l.cfg
	datadir := e.datadir
	if datadir == "" {
		datadir = cfg.datadir
	}
	datadir, err := inv.interpolateString(datadir, false)
	if err != nil {
		return nil, err
	}
	if !filepath.IsAbs(datadir) {
		datadir = filepath.Join(cfg.root, datadir)
	}
	var out []location
	add := func(p, original string) {
		ex := inv.h.exists(p)
		if cfg.path == "" && !ex {
			return
		}
		out = append(out, location{path: p, original: original, exists: ex})
	}
	switch e.locKind {
	case "path", "paths":
		for _, raw := range e.locations {
			p, err := inv.interpolateString(raw, false)
			if err != nil {
				return nil, err
			}
			add(filepath.Join(datadir, p), raw)
		}
	case "glob", "globs":
		for _, raw := range e.locations {
			p, err := inv.interpolateString(raw, false)
			if err != nil {
				return nil, err
			}
			pattern := filepath.Join(datadir, p)
			for _, m := range inv.h.glob(pattern) {
				out = append(out, location{path: m, original: pattern, exists: true})
			}
		}
	case "mapped_paths":
		vars, err := inv.scopeValue(e.locations[0])
		if err != nil {
			return nil, err
		}
		var list []catalog.Value
		switch x := vars.(type) {
		case nil:
		case string:
			if x != "" {
				list = []catalog.Value{x}
			}
		case []catalog.Value:
			list = x
		case *catalog.Hash:
			for _, k := range x.Keys() {
				v, _ := x.Get(k)
				list = append(list, []catalog.Value{k, v})
			}
		}
		for _, item := range list {
			sub := &invocation{h: inv.h, ctx: inv.ctx, scope: overlay{inv.scope, e.locations[1], item}, names: inv.names, convert: inv.convert}
			p, err := sub.interpolateString(e.locations[2], false)
			if err != nil {
				return nil, err
			}
			path := filepath.Join(datadir, p)
			out = append(out, location{path: path, original: e.locations[2], exists: inv.h.exists(path)})
		}
	case "uri", "uris":
		return nil, errorf("Hierarchy level '%s': uri locations are not supported by ordo", e.name)
	}
	return out, nil
}

// overlay is a scope with one extra variable, for mapped_paths.
type overlay struct {
	Scope
	name  string
	value catalog.Value
}

func (o overlay) Var(name string) (catalog.Value, bool) {
	if name == o.name {
		return o.value, true
	}
	return o.Scope.Var(name)
}

// entryLookup finds root in one location of a level.
func (inv *invocation) entryLookup(l *layer, e entry, loc location, root string) (catalog.Value, bool, error) {
	if e.locKind != "" && !loc.exists {
		inv.reportEvent(eventLocationNotFound)
		return nil, false, nil
	}
	parse, err := inv.h.dataFunction(e)
	if err != nil {
		return nil, false, err
	}
	var data *catalog.Hash
	if parse == nil {
		data, err = inv.h.callDataHash(inv.ctx, e, loc, l)
	} else {
		data, err = inv.h.dataFile(loc.path, parse, e.function, l)
	}
	if err != nil {
		return nil, false, err
	}
	v, ok := data.Get(root)
	if !ok {
		inv.reportNotFound(root)
		return nil, false, nil
	}
	v, err = inv.interpolate(v, true)
	if err != nil {
		return nil, false, err
	}
	inv.reportFound(root, v)
	return v, true, nil
}

// callDataHash calls a data_hash function the compiler provides, once per
// level and location, with the level's options (and "path").
func (h *Hiera) callDataHash(ctx context.Context, e entry, loc location, l *layer) (*catalog.Hash, error) {
	key := "function " + e.function + "\x00" + e.name + "\x00" + loc.path
	fe := cached(&h.mu, h.files, key, func() *fileEntry { return h.dataHash(ctx, e, loc, l) })
	return fe.data, fe.err
}

// dataHash is what callDataHash caches: the function's hash, or its error.
func (h *Hiera) dataHash(ctx context.Context, e entry, loc location, l *layer) *fileEntry {
	opts := catalog.NewHash()
	if e.options != nil {
		for _, k := range e.options.Keys() {
			v, _ := e.options.Get(k)
			opts.Set(k, v)
		}
	}
	if loc.path != "" {
		opts.Set("path", loc.path)
	}
	fe := &fileEntry{}
	fe.data, fe.err = h.opts.DataHash.Call(ctx, e.function, opts)
	if fe.err == nil && fe.data == nil {
		fe.data = catalog.NewHash()
	}
	if fe.err == nil && l.kind == moduleLayer {
		fe.data = h.moduleKeysOnly(fe.data, l, fmt.Sprintf("Value returned from data_hash function '%s'", e.function))
	}
	return fe
}

// glob returns the files (not folders) matching pattern, sorted; answers
// are cached like exists'.
func (h *Hiera) glob(pattern string) []string {
	return cached(&h.mu, h.globs, pattern, func() []string {
		matches, _ := filepath.Glob(pattern)
		sort.Strings(matches)
		var files []string
		for _, m := range matches {
			if h.exists(m) {
				files = append(files, m)
			}
		}
		return files
	})
}

// exists reports whether a data file exists; answers are cached for the
// life of the Hiera, as a compilation sees one state of the disk.
func (h *Hiera) exists(path string) bool {
	return cached(&h.mu, h.existing, path, func() bool {
		fi, err := os.Stat(path)
		return err == nil && !fi.IsDir()
	})
}

// cached returns m[key], which mu guards; a key not there yet is computed
// (with mu unlocked, so compute may use other caches) and kept. Two
// callers may both compute a missing key; the last answer is kept.
func cached[V any](mu *sync.Mutex, m map[string]V, key string, compute func() V) V {
	mu.Lock()
	v, ok := m[key]
	mu.Unlock()
	if ok {
		return v
	}
	v = compute()
	mu.Lock()
	m[key] = v
	mu.Unlock()
	return v
}

// dataFile reads and caches a data file's hash. In a module layer, keys
// outside the module's namespace are dropped with Puppet's warning.
func (h *Hiera) dataFile(path string, parse func([]byte) (catalog.Value, error), function string, l *layer) (*catalog.Hash, error) {
	fe := cached(&h.mu, h.files, path, func() *fileEntry {
		fe := &fileEntry{}
		raw, err := os.ReadFile(path)
		if err != nil {
			fe.err = err
		} else {
			fe.data, fe.err = h.decodeData(path, raw, parse, function, l)
		}
		return fe
	})
	return fe.data, fe.err
}

func (h *Hiera) decodeData(path string, raw []byte, parse func([]byte) (catalog.Value, error), function string, l *layer) (*catalog.Hash, error) {
	v, err := parse(raw)
	if err != nil {
		if function == "json_data" {
			return nil, errorf("Unable to parse %s", err)
		}
		return nil, errorf("Unable to parse (%s): %s", path, err)
	}
	var data *catalog.Hash
	switch x := v.(type) {
	case nil:
		if function == "yaml_data" {
			h.warn(fmt.Sprintf("%s: file does not contain a valid yaml hash", path))
		}
		data = catalog.NewHash()
	case *catalog.Hash:
		data = x
	default:
		if function == "yaml_data" {
			h.warn(fmt.Sprintf("%s: file does not contain a valid yaml hash", path))
			return catalog.NewHash(), nil
		}
		return nil, errorf("Value returned from data_hash function '%s', when using location '%s', has wrong type, expects a Hash value, got %s", function, path, inferredType(v))
	}
	if l.kind == moduleLayer {
		data = h.moduleKeysOnly(data, l, fmt.Sprintf("Value returned from data_hash function '%s', when using location '%s',", function, path))
	}
	return data, nil
}

// moduleKeysOnly drops the keys of module data outside the module's
// namespace, with Puppet's warning for each; what names the source.
func (h *Hiera) moduleKeysOnly(data *catalog.Hash, l *layer, what string) *catalog.Hash {
	prefix := l.module + "::"
	keep := func(k string) bool { return k == lookupOptionsKey || strings.HasPrefix(k, prefix) }
	dropped := false
	for _, k := range data.Keys() {
		if !keep(k) {
			dropped = true
			h.warn(fmt.Sprintf("Module '%s': %s must use keys qualified with the name of the module", l.module, what))
		}
	}
	if !dropped {
		return data
	}
	filtered := catalog.NewHash()
	for _, k := range data.Keys() {
		if keep(k) {
			v, _ := data.Get(k)
			filtered.Set(k, v)
		}
	}
	return filtered
}

func (h *Hiera) warn(msg string) {
	if h.opts.Warn != nil {
		h.opts.Warn(msg)
	}
}

// config returns the configuration at path for a layer, cached. A
// missing file gives nil (no layer) unless orDefault is set.
func (h *Hiera) config(path string, kind layerKind, orDefault bool) (*config, error) {
	ce := cached(&h.mu, h.configs, path, func() *configEntry { return h.readConfig(path, kind, orDefault) })
	return ce.cfg, ce.err
}

// readConfig is what config caches: the configuration, or its error.
func (h *Hiera) readConfig(path string, kind layerKind, orDefault bool) *configEntry {
	ce := &configEntry{}
	if _, err := os.Stat(path); err != nil {
		if orDefault {
			ce.cfg = defaultConfig(filepath.Dir(path))
		}
	} else {
		ce.cfg, ce.err = loadConfig(path, kind)
		e, v3err := ce.err.(*Error)
		if ce.err == errIgnoredV3 || (ce.cfg != nil && ce.cfg.version == 3) || v3err && e.v3 {
			h.warn(fmt.Sprintf("%s: Use of 'hiera.yaml' version 3 is deprecated. It should be converted to version 5", path))
		}
		if ce.cfg != nil && ce.cfg.version == 4 {
			h.warn(fmt.Sprintf("%s: Use of 'hiera.yaml' version 4 is deprecated. It should be converted to version 5", path))
		}
		if ce.err == errIgnoredV3 {
			// Puppet's two texts differ by "the"
			where := "the environment"
			if kind == moduleLayer {
				where = "module"
			}
			h.warn(fmt.Sprintf("hiera.yaml version 3 found at %s root was ignored", where))
			ce.err = nil
		}
	}
	return ce
}

// layersFor returns the layers a key in module (or "" for none) is
// searched in: global, environment, then the module's.
func (h *Hiera) layersFor(module string) ([]*layer, error) {
	var out []*layer
	if h.opts.GlobalConfig != "" {
		cfg, err := h.config(h.opts.GlobalConfig, globalLayer, true)
		if err != nil {
			return nil, err
		}
		out = append(out, &layer{kind: globalLayer, cfg: cfg})
	}
	if h.opts.EnvironmentDir != "" {
		cfg, err := h.config(filepath.Join(h.opts.EnvironmentDir, "hiera.yaml"), environmentLayer, false)
		if err != nil {
			return nil, err
		}
		if cfg != nil {
			out = append(out, &layer{kind: environmentLayer, cfg: cfg})
		}
	}
	if module != "" {
		l, err := h.moduleLayer(module)
		if err != nil {
			return nil, err
		}
		if l != nil {
			out = append(out, l)
		}
	}
	return out, nil
}

func (h *Hiera) moduleLayer(module string) (*layer, error) {
	if h.opts.ModuleDir == nil {
		return nil, nil
	}
	h.mu.Lock()
	l, ok := h.moduleLayers[module]
	h.mu.Unlock()
	if ok {
		return l, nil
	}
	dir, found := h.opts.ModuleDir(module)
	if found {
		cfg, err := h.moduleConfig(module, dir)
		if err != nil {
			return nil, err
		}
		if cfg != nil {
			l = &layer{kind: moduleLayer, module: module, cfg: cfg}
		}
	}
	h.mu.Lock()
	h.moduleLayers[module] = l
	h.mu.Unlock()
	return l, nil
}

// moduleConfig is a module's data configuration: its hiera.yaml, or the
// deprecated "data_provider" of its metadata.json.
func (h *Hiera) moduleConfig(module, dir string) (*config, error) {
	var provider string
	metaPath := filepath.Join(dir, "metadata.json")
	if raw, err := os.ReadFile(metaPath); err == nil {
		if v, err := datafile.JSON(raw); err == nil {
			if m, ok := v.(*catalog.Hash); ok {
				if p, ok := m.Get("data_provider"); ok && p != nil {
					provider = catalog.Scalar(p)
				}
			}
		}
	}
	cfg, err := h.config(filepath.Join(dir, "hiera.yaml"), moduleLayer, false)
	if err != nil {
		return nil, err
	}
	if cfg != nil && cfg.version >= 5 {
		if provider != "" {
			h.warn(fmt.Sprintf(`Defining "data_provider": "%s" in metadata.json is deprecated. It is ignored since a 'hiera.yaml' with version >= 5 is present`, provider))
		}
		return cfg, nil
	}
	if provider == "" {
		return cfg, nil
	}
	msg := fmt.Sprintf(`Defining "data_provider": "%s" in metadata.json is deprecated.`, provider)
	if cfg == nil {
		msg += " A 'hiera.yaml' file should be used instead"
	}
	h.warn(msg)
	switch provider {
	case "none":
		return nil, nil
	case "hiera":
		if cfg == nil {
			cfg = defaultConfig(dir)
		}
		return cfg, nil
	case "function":
		return &config{root: dir, version: 5, datadir: "data", hierarchy: []entry{{
			name: fmt.Sprintf("Legacy function '%s::data'", module), kind: kindDataHash, function: module + "::data",
		}}}, nil
	}
	return nil, errorf("Module '%s': cannot find module_data_provider '%s'", module, provider)
}

// lookupOptionsFor returns the lookup_options that apply to keys in
// module: global and environment options hash-merged, over the module's
// own, which may only name keys in its namespace.
func (h *Hiera) lookupOptionsFor(inv *invocation, module string) (*lookupOptions, error) {
	h.mu.Lock()
	o, ok := h.options[module]
	h.mu.Unlock()
	if ok {
		return o, nil
	}
	meta := &invocation{h: h, ctx: inv.ctx, scope: inv.scope}
	hash := &strategy{name: "hash"}
	layers, err := h.layersFor(module)
	if err != nil {
		return nil, err
	}
	key := lookupKey{full: lookupOptionsKey, root: lookupOptionsKey}
	v, found, err := hash.lookup(len(layers), func(i int) (catalog.Value, bool, error) {
		v, ok, err := meta.layerLookup(layers[i], layers[i].cfg.hierarchy, key, hash)
		if err != nil || !ok {
			return nil, ok, err
		}
		if _, isHash := v.(*catalog.Hash); !isHash {
			return nil, false, errorf("value of lookup_options must be a hash")
		}
		if layers[i].kind == moduleLayer {
			if err := validateModuleOptions(v.(*catalog.Hash), module); err != nil {
				return nil, false, err
			}
		}
		return v, true, nil
	})
	if err != nil {
		return nil, err
	}
	if found {
		o, err = compileOptions(v, "")
		if err != nil {
			return nil, err
		}
	}
	h.mu.Lock()
	h.options[module] = o
	h.mu.Unlock()
	return o, nil
}

func validateModuleOptions(h *catalog.Hash, module string) error {
	pfx := module + "::"
	for _, k := range h.Keys() {
		if strings.HasPrefix(k, "^") {
			if !strings.HasPrefix(k[1:], pfx) {
				return errorf("all lookup_options patterns must match a key starting with module name '%s'", module)
			}
		} else if !strings.HasPrefix(k, pfx) {
			return errorf("all lookup_options keys must start with module name '%s'", module)
		}
	}
	return nil
}

func compileOptions(v catalog.Value, module string) (*lookupOptions, error) {
	h, ok := v.(*catalog.Hash)
	if !ok {
		return nil, errorf("value of lookup_options must be a hash")
	}
	if module != "" {
		if err := validateModuleOptions(h, module); err != nil {
			return nil, err
		}
	}
	o := &lookupOptions{}
	for _, k := range h.Keys() {
		val, _ := h.Get(k)
		if strings.HasPrefix(k, "^") {
			re, err := rubyregexp.Compile(k)
			if err != nil {
				// Puppet gives Ruby's message, as an evaluation error
				// of the lookup.
				return nil, &Error{Msg: err.Error(), Evaluation: true}
			}
			o.patterns = append(o.patterns, pattern{re: re, opts: val})
			continue
		}
		if o.exact == nil {
			o.exact = catalog.NewHash()
		}
		o.exact.Set(k, val)
	}
	return o, nil
}
