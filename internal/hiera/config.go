package hiera

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/datafile"
)

// layerKind is where a configuration sits; some keys are allowed in one
// layer only.
type layerKind int

const (
	globalLayer layerKind = iota
	environmentLayer
	moduleLayer
)

// The data provider function kinds of a hierarchy entry.
const (
	kindDataHash  = "data_hash"
	kindLookupKey = "lookup_key"
	kindDataDig   = "data_dig"
	kindV3Backend = "hiera3_backend"
	kindV4Hash    = "v4_data_hash"
)

var (
	functionKeys    = []string{kindDataHash, kindLookupKey, kindDataDig, kindV3Backend}
	allFunctionKeys = append(append([]string(nil), functionKeys...), kindV4Hash)
	locationKeys    = []string{"path", "paths", "glob", "globs", "uri", "uris", "mapped_paths"}
)

// config is a parsed hiera.yaml (version 5, or a version 3 global one
// converted to the same shape).
type config struct {
	path    string // "" for the built-in default
	root    string // the folder relative paths start from
	version int
	// defaults
	datadir     string
	defKind     string
	defFunction string
	defOptions  *catalog.Hash
	hierarchy   []entry
	defaultHier []entry
	hasDefault  bool
}

// entry is one level of a hierarchy.
type entry struct {
	name      string
	kind      string // data_hash, lookup_key, data_dig
	function  string // yaml_data, json_data, ...
	datadir   string // "" for the config's
	locKind   string // one of locationKeys, or "" for none
	locations []string
	options   *catalog.Hash
}

// defaultConfig is Hiera 5's configuration when a layer has no hiera.yaml.
func defaultConfig(root string) *config {
	return &config{
		root:        root,
		version:     5,
		datadir:     "data",
		defKind:     kindDataHash,
		defFunction: "yaml_data",
		hierarchy: []entry{{
			name: "Common", kind: kindDataHash, function: "yaml_data",
			locKind: "path", locations: []string{"common.yaml"},
		}},
	}
}

// errIgnoredV3 is a version 3 hiera.yaml outside the global layer, which
// Puppet ignores with a warning.
var errIgnoredV3 = errors.New("hiera.yaml version 3 ignored")

// loadConfig reads the hiera.yaml at path for a layer.
func loadConfig(path string, layer layerKind) (*config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &Error{Msg: err.Error(), File: path}
	}
	v, err := datafile.YAML(data)
	if err != nil {
		return nil, &Error{Msg: fmt.Sprintf("Unable to parse (%s): %v", path, err), File: path}
	}
	h, ok := v.(*catalog.Hash)
	if !ok {
		h = catalog.NewHash() // version 3 defaults
	}
	h = symKeys(h)
	c := &config{path: path, root: filepath.Dir(path)}
	// wrongType is Puppet's error for a configuration its schema refuses.
	wrongType := func(format string, args ...any) error {
		return &Error{Msg: fmt.Sprintf("The Lookup Configuration at '%s' has wrong type, ", path) + fmt.Sprintf(format, args...), Evaluation: true}
	}
	version := 3
	if vv, ok := h.Get("version"); ok && vv != nil {
		x, ok := vv.(int64)
		if !ok {
			return nil, wrongType("entry 'version' expects an Integer value, got %s", inferredLabel(vv))
		}
		version = int(x)
	}
	c.version = version
	fail := func(msg string, line int) error {
		return &Error{Msg: msg, File: path, Line: line, Code: "HIERA_CONFIG"}
	}
	if version == 3 && layer != globalLayer {
		// Puppet checks a version 3 file's hierarchy before it ignores it
		if hv, ok := h.Get("hierarchy"); ok && hv != nil {
			if list, ok := hv.([]catalog.Value); ok {
				for i, e := range list {
					if _, ok := e.(string); !ok {
						return nil, &Error{Msg: fmt.Sprintf(" The Lookup Configuration at '%s' has wrong type, entry 'hierarchy' variant 0 expects a String value, got %s\n  The Lookup Configuration at '%s' has wrong type, entry 'hierarchy' variant 1 index %d expects a String value, got %s", path, inferredLabel(hv), path, i, inferredLabel(e)), Evaluation: true, v3: true}
					}
				}
			} else if _, ok := hv.(string); !ok {
				return nil, &Error{Msg: fmt.Sprintf(" The Lookup Configuration at '%s' has wrong type, entry 'hierarchy' variant 0 expects a String value, got %s\n  The Lookup Configuration at '%s' has wrong type, entry 'hierarchy' variant 1 expects an Array value, got %s", path, inferredLabel(hv), path, inferredLabel(hv)), Evaluation: true, v3: true}
			}
		}
	}
	switch version {
	case 5:
	case 4:
		if layer == globalLayer {
			return nil, fail("hiera.yaml version 4 cannot be used in the global layer", 0)
		}
		return v4Config(c, h, fail)
	case 3:
		switch layer {
		case globalLayer:
			return v3Config(c, h)
		default:
			return nil, errIgnoredV3
		}
	default:
		return nil, fail(fmt.Sprintf("This runtime does not support hiera.yaml version %d", version), 0)
	}

	c.datadir = "data"
	if dv, ok := h.Get("defaults"); ok && dv != nil {
		d, ok := dv.(*catalog.Hash)
		if !ok {
			return nil, wrongType("entry 'defaults' expects a Struct value, got %s", inferredLabel(dv))
		}
		n := 0
		for _, k := range functionKeys {
			if f, ok := d.Get(k); ok {
				n++
				c.defKind, c.defFunction = k, catalog.Scalar(f)
			}
		}
		if n > 1 {
			return nil, fail(fmt.Sprintf("Only one of %s can be defined in defaults", combine(functionKeys)), 0)
		}
		if dd, ok := d.Get("datadir"); ok {
			c.datadir = catalog.Scalar(dd)
		}
		if o, ok := d.Get("options"); ok {
			oh, _ := o.(*catalog.Hash)
			for _, k := range []string{"path", "uri"} {
				if oh != nil {
					if _, ok := oh.Get(k); ok {
						return nil, fail(fmt.Sprintf("Option key '%s' used in defaults is reserved by Puppet", k), 0)
					}
				}
			}
			c.defOptions = oh
		}
	} else {
		c.defKind, c.defFunction = kindDataHash, "yaml_data"
	}
	parseHier := func(key string) ([]entry, error) {
		hv, ok := h.Get(key)
		if !ok {
			return nil, nil
		}
		list, ok := hv.([]catalog.Value)
		if !ok {
			return nil, wrongType("entry '%s' expects an Array value, got %s", key, inferredLabel(hv))
		}
		var out []entry
		seen := map[string]bool{}
		for i, ev := range list {
			eh, ok := ev.(*catalog.Hash)
			if !ok {
				return nil, wrongType("entry '%s' index %d expects a Struct value, got %s", key, i, inferredLabel(ev))
			}
			e, err := c.parseEntry(eh, i, layer, fail)
			if err != nil {
				return nil, err
			}
			if seen[e.name] {
				re := regexp.MustCompile(`\s+name:\s+['"]?` + regexp.QuoteMeta(e.name) + `(?:[^\w]|$)`)
				first := lineMatching(path, re, 1)
				msg := fmt.Sprintf("Hierarchy name '%s' defined more than once.", e.name)
				second := lineMatching(path, re, 2)
				if second != first && first > 0 {
					msg += fmt.Sprintf(" First defined at (line: %d)", first)
				}
				return nil, fail(msg, second)
			}
			seen[e.name] = true
			out = append(out, e)
		}
		return out, nil
	}
	if _, ok := h.Get("hierarchy"); ok {
		if c.hierarchy, err = parseHier("hierarchy"); err != nil {
			return nil, err
		}
	} else {
		// Hiera's default hierarchy, with the data function of defaults.
		d := catalog.NewHash()
		d.Set("name", "Common")
		d.Set("path", "common.yaml")
		e, err := c.parseEntry(d, 0, layer, fail)
		if err != nil {
			return nil, err
		}
		c.hierarchy = []entry{e}
	}
	if _, ok := h.Get("default_hierarchy"); ok {
		if layer != moduleLayer {
			return nil, fail("'default_hierarchy' is only allowed in the module layer", lineMatching(path, regexp.MustCompile(`(?:^|\s+)default_hierarchy:`), 1))
		}
		c.hasDefault = true
		if c.defaultHier, err = parseHier("default_hierarchy"); err != nil {
			return nil, err
		}
	}
	for _, k := range h.Keys() {
		switch k {
		case "version", "defaults", "hierarchy", "default_hierarchy", "plan_hierarchy":
		default:
			return nil, wrongType("unrecognized key '%s'", k)
		}
	}
	return c, nil
}

// entryKeys are the keys a version 5 hierarchy entry may have.
var entryKeys = map[string]bool{
	"name": true, "datadir": true, "options": true, "data_hash": true, "lookup_key": true, "data_dig": true,
	"hiera3_backend": true, "path": true, "paths": true, "glob": true, "globs": true, "uri": true, "uris": true,
	"mapped_paths": true, "plugindir": true, kindV4Hash: true,
}

func (c *config) parseEntry(eh *catalog.Hash, index int, layer layerKind, fail func(string, int) error) (entry, error) {
	var e entry
	wrongType := func(format string, args ...any) error {
		return &Error{Msg: fmt.Sprintf("The Lookup Configuration at '%s' has wrong type, entry 'hierarchy' index %d ", c.path, index) + fmt.Sprintf(format, args...), Evaluation: true}
	}
	for _, k := range eh.Keys() {
		if !entryKeys[k] {
			return e, wrongType("unrecognized key '%s'", k)
		}
	}
	nv, _ := eh.Get("name")
	e.name, _ = nv.(string)
	if e.name == "" {
		return e, wrongType("expects a value for key 'name'")
	}
	n := 0
	for _, k := range allFunctionKeys {
		if f, ok := eh.Get(k); ok {
			n++
			e.kind, e.function = k, catalog.Scalar(f)
		}
	}
	switch n {
	case 0:
		if c.defKind == "" {
			return e, fail(fmt.Sprintf("One of %s must be defined in hierarchy '%s'", combine(functionKeys), e.name), 0)
		}
		e.kind, e.function = c.defKind, c.defFunction
	case 1:
	default:
		return e, fail(fmt.Sprintf("Only one of %s can be defined in hierarchy '%s'", combine(functionKeys), e.name), 0)
	}
	if e.kind == kindV3Backend {
		if layer != globalLayer {
			return e, fail("'hiera3_backend' is only allowed in the global layer", lineMatching(c.path, regexp.MustCompile(`\s+hiera3_backend:`), 1))
		}
		if e.function == "json" || e.function == "yaml" {
			return e, fail(fmt.Sprintf(`Use "data_hash: %s_data" instead of "hiera3_backend: %s"`, e.function, e.function), lineMatching(c.path, regexp.MustCompile(`\s+hiera3_backend:\s*['"]?`+e.function+`(?:[^\w]|$)`), 1))
		}
	}
	n = 0
	for _, k := range locationKeys {
		v, ok := eh.Get(k)
		if !ok {
			continue
		}
		n++
		e.locKind = k
		switch x := v.(type) {
		case string:
			e.locations = []string{x}
		case []catalog.Value:
			for _, s := range x {
				e.locations = append(e.locations, catalog.Scalar(s))
			}
		}
	}
	if n > 1 {
		return e, fail(fmt.Sprintf("Only one of %s can be defined in hierarchy '%s'", combine(locationKeys), e.name), 0)
	}
	if e.locKind == "mapped_paths" && len(e.locations) != 3 {
		return e, &Error{Msg: fmt.Sprintf("The Lookup Configuration at '%s' has wrong type, entry 'hierarchy' index %d entry 'mapped_paths' expects size to be 3, got %d", c.path, index, len(e.locations)), Evaluation: true}
	}
	if dd, ok := eh.Get("datadir"); ok {
		e.datadir = catalog.Scalar(dd)
	}
	if o, ok := eh.Get("options"); ok {
		oh, _ := o.(*catalog.Hash)
		if oh != nil {
			for _, k := range []string{"path", "uri"} {
				if _, ok := oh.Get(k); ok {
					return e, fail(fmt.Sprintf("Option key '%s' used in hierarchy '%s' is reserved by Puppet", k, e.name), 0)
				}
			}
		}
		e.options = oh
	}
	if e.options == nil {
		e.options = c.defOptions
	}
	return e, nil
}

// v4Config converts a version 4 configuration (environment or module):
// one level per hierarchy entry, with a yaml or json backend and paths
// that get the backend's extension.
func v4Config(c *config, h *catalog.Hash, fail func(string, int) error) (*config, error) {
	c.datadir = "data"
	if dd, ok := h.Get("datadir"); ok {
		c.datadir = catalog.Scalar(dd)
	}
	var list []catalog.Value
	if hv, ok := h.Get("hierarchy"); ok {
		list, _ = hv.([]catalog.Value)
	} else {
		d := catalog.NewHash()
		d.Set("name", "common")
		d.Set("backend", "yaml")
		list = []catalog.Value{d}
	}
	seen := map[string]bool{}
	for _, ev := range list {
		eh, ok := ev.(*catalog.Hash)
		if !ok {
			return nil, fail(fmt.Sprintf("The Lookup Configuration at '%s' entry 'hierarchy' expects a Struct value, got %s", c.path, typeLabel(ev)), 0)
		}
		name := catalog.Scalar(mustGet(eh, "name"))
		backend := catalog.Scalar(mustGet(eh, "backend"))
		if seen[name] {
			return nil, fail(fmt.Sprintf("Hierarchy name '%s' defined more than once.", name), 0)
		}
		seen[name] = true
		if backend != "yaml" && backend != "json" {
			return nil, fail(fmt.Sprintf("No data provider is registered for backend '%s'", backend), lineMatching(c.path, regexp.MustCompile(`[^\w]`+regexp.QuoteMeta(backend)+`(?:[^\w]|$)`), 1))
		}
		paths := catalog.Strings(mustGet(eh, "paths"))
		if paths == nil {
			if p, ok := eh.Get("path"); ok {
				paths = []string{catalog.Scalar(p)}
			} else {
				paths = []string{name}
			}
		}
		for i, p := range paths {
			if !strings.HasSuffix(p, "."+backend) {
				paths[i] = p + "." + backend
			}
		}
		e := entry{name: name, kind: kindDataHash, function: backend + "_data", locKind: "paths", locations: paths}
		if dd, ok := eh.Get("datadir"); ok {
			e.datadir = catalog.Scalar(dd)
		}
		c.hierarchy = append(c.hierarchy, e)
	}
	return c, nil
}

func mustGet(h *catalog.Hash, k string) catalog.Value {
	v, _ := h.Get(k)
	return v
}

// v3Config converts a Hiera 3 global configuration: each backend
// (yaml, json) searched through the whole hierarchy, in order.
func v3Config(c *config, h *catalog.Hash) (*config, error) {
	backends := []string{"yaml"}
	if bv, ok := h.Get("backends"); ok {
		backends = catalog.Strings(bv)
	}
	hier := []string{"common"}
	if hv, ok := h.Get("hierarchy"); ok {
		hier = catalog.Strings(hv)
	}
	for _, b := range backends {
		fn := b + "_data"
		if b != "yaml" && b != "json" {
			return nil, &Error{Msg: fmt.Sprintf("Hiera 3 backend '%s' is not supported by ordo", b), File: c.path}
		}
		datadir := "/etc/puppet/code/environments/%{::environment}/hieradata"
		ext := "." + b
		if bc, ok := h.Get(b); ok {
			if bh, ok := symKeys(asHash(bc)), true; ok {
				if d, ok := bh.Get("datadir"); ok {
					datadir = catalog.Scalar(d)
				}
				if x, ok := bh.Get("extension"); ok {
					ext = "." + catalog.Scalar(x)
				}
			}
		}
		var locs []string
		for _, p := range hier {
			if !strings.HasSuffix(p, ext) {
				p += ext
			}
			locs = append(locs, p)
		}
		c.hierarchy = append(c.hierarchy, entry{name: b, kind: kindDataHash, function: fn, datadir: datadir, locKind: "paths", locations: locs})
	}
	c.version = 3
	return c, nil
}

func asHash(v catalog.Value) *catalog.Hash {
	if h, ok := v.(*catalog.Hash); ok {
		return h
	}
	return catalog.NewHash()
}

// symKeys drops the leading colon of Hiera 3's symbol keys (":backends").
func symKeys(h *catalog.Hash) *catalog.Hash {
	out := catalog.NewHash()
	for _, k := range h.Keys() {
		v, _ := h.Get(k)
		out.Set(strings.TrimPrefix(k, ":"), v)
	}
	return out
}

// combine joins names as Puppet's label provider does: a, b, or c.
func combine(names []string) string {
	q := names
	switch len(q) {
	case 1:
		return q[0]
	case 2:
		return q[0] + " or " + q[1]
	}
	return strings.Join(q[:len(q)-1], ", ") + ", or " + q[len(q)-1]
}

// lineMatching returns the line number of the nth line (1-based) of the
// file at path, outside quotes and comments, matching re; for the second
// definition of a name, n is 2. It returns the first match when there is
// no nth, and 0 when nothing matches.
func lineMatching(path string, re *regexp.Regexp, n int) int {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	line, first, count := 0, 0, 0
	for sc.Scan() {
		line++
		var stripped strings.Builder
		var quote rune
		for _, r := range sc.Text() {
			if r == '"' || r == '\'' {
				if quote == r {
					quote = 0
				} else if quote == 0 {
					quote = r
				}
			} else if r == '#' && quote == 0 {
				break
			}
			stripped.WriteRune(r)
		}
		if re.MatchString(stripped.String()) {
			count++
			if first == 0 {
				first = line
			}
			if count == n {
				return line
			}
		}
	}
	return first
}

// inferredLabel names a value's type as Puppet's type mismatches do: a
// non-empty array is a Tuple, a non-empty hash of string keys a Struct.
func inferredLabel(v catalog.Value) string {
	switch x := v.(type) {
	case []catalog.Value:
		if len(x) > 0 {
			return "Tuple"
		}
	case *catalog.Hash:
		if x.Len() > 0 {
			return "Struct"
		}
	}
	return typeLabel(v)
}
