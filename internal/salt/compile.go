package salt

import (
	"fmt"
	"github.com/ordoproject/ordo/internal/catalog"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"go.yaml.in/yaml/v4"
)

// Options steer one compile.
type Options struct {
	// FileRoot is the folder of the SLS files (Salt's file_roots base).
	FileRoot string
	Context  Context
	// NoAutoOrder is Salt's state_auto_order: False: states without an
	// order option are ordered by their labels, not by where they are
	// written.
	NoAutoOrder bool
	// Functions says which state functions exist. With it, a state naming
	// a function that does not exist is a compile error (Salt's text, with
	// the position), so nothing runs; and watch on a module without
	// mod_watch is a plain require. Without it every function is accepted
	// (and an unknown one fails at run time, as in Salt) and the modules
	// with mod_watch are Salt's test, cmd, service and pkg.
	Functions StateFunctions
	// External is the requisite key that names a resource of another
	// language in the same run ("puppet": `- puppet: File[/etc/motd]`).
	// Its targets must read as references (Type[title]); they are kept on
	// the requisite for the caller, who knows the other language's
	// resources, to check. Empty: no such key.
	External string
}

// StateFunctions answers whether a state function exists.
type StateFunctions interface {
	Has(module, fun string) bool
}

// directRequisites are the requisite keywords that link chunks, in the
// order Salt checks them.
var directRequisites = []string{"require", "require_any", "watch", "watch_any", "prereq", "onfail", "onfail_any", "onfail_all", "onchanges", "onchanges_any"}

// listRequisites are every requisite keyword that must be a list, and
// whose lists extend appends to.
var listRequisites = append(append([]string{}, directRequisites...), "listen", "use")

// inRequisites are the _in forms rewritten onto their targets.
var inRequisites = []string{"require_in", "watch_in", "onchanges_in", "onfail_in", "prereq_in"}

func isListRequisite(key string) bool {
	for _, r := range listRequisites {
		if r == key {
			return true
		}
	}
	return false
}

// Compile renders the SLS mods (with their includes) under opts.FileRoot
// and compiles them into an ordered Low. On failure the error is Errors.
func Compile(opts Options, mods []string) (*Low, error) {
	l := &loader{
		r:         newRenderer(opts.FileRoot, opts.Context),
		autoOrder: !opts.NoAutoOrder,
		iorder:    10000,
		rendered:  map[string]bool{},
		globs:     &globCache{},
		ready:     map[string]chan *prepared{},
	}
	l.prefetch(mods)
	h := &high{byID: map[string]*IDDecl{}}
	for _, mod := range mods {
		for _, id := range l.render(mod, nil, true, Pos{}) {
			if old, ok := h.byID[id.ID]; ok {
				if old.SLS != id.SLS {
					l.errs = append(l.errs, &Error{Pos: id.Pos, Msg: fmt.Sprintf("Detected conflicting IDs, SLS IDs need to be globally unique.\n    The conflicting ID is '%s' and is found in SLS '%s:%s' and SLS '%s:%s'", id.ID, Env, old.SLS, Env, id.SLS)})
				}
				continue
			}
			h.add(id)
		}
	}
	h.extends, h.excludes = l.extendsOut, l.excludesOut
	if len(l.errs) > 0 {
		return nil, l.errs
	}
	c := &compiler{h: h, globs: l.globs, external: opts.External}
	// Salt reports the extend errors with those of verify_high.
	c.applyExtend()
	c.validate()
	if len(c.errs) == 0 {
		c.requisiteIn()
	}
	if len(c.errs) == 0 {
		c.applyExclude()
	}
	if len(c.errs) > 0 {
		return nil, c.errs
	}
	low := c.chunks()
	for _, in := range c.externalIn {
		for _, ch := range low.Chunks {
			if ch.ID == in.id && ch.Module == in.module {
				ch.ExternalIn = append(ch.ExternalIn, Requisite{Type: in.typ, External: []catalog.Ref{in.ref}})
			}
		}
	}
	modWatch := func(module string) bool { return hasModWatch[module] }
	if opts.Functions != nil {
		var errs Errors
		for _, ch := range low.Chunks {
			if !opts.Functions.Has(ch.Module, ch.Fun) {
				errs = append(errs, &Error{Pos: ch.Pos, Msg: fmt.Sprintf("State '%s.%s' was not found in SLS '%s'\nReason: '%s.%s' is not available.\n", ch.Module, ch.Fun, ch.SLS, ch.Module, ch.Fun)})
			}
		}
		if len(errs) > 0 {
			return nil, errs
		}
		modWatch = func(module string) bool { return opts.Functions.Has(module, "mod_watch") }
	}
	low.external = opts.External
	if errs := low.link(c.globs, modWatch); len(errs) > 0 {
		return nil, errs
	}
	if errs := low.sort(); len(errs) > 0 {
		return nil, errs
	}
	low.title()
	return low, nil
}

// Top reads top.sls under the file root and returns the SLS names it
// assigns to minion id in the base environment, in written order.
func Top(fileRoot, minionID string, ctx Context) ([]string, error) {
	rel := "top.sls"
	text, err := os.ReadFile(filepath.Join(fileRoot, rel))
	if err != nil {
		return nil, &Error{Pos: Pos{File: rel}, Msg: "No Top file or master_tops data matches found."}
	}
	r := newRenderer(fileRoot, ctx)
	out, err := r.renderTemplate(rel, text, nil)
	if err != nil {
		return nil, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(out), &doc); err != nil {
		return nil, &Error{Pos: yamlErrorPos(rel, err), Msg: "Rendering top.sls failed: " + yamlErrorText(err)}
	}
	root := resolve(&doc)
	if root == nil || root.Kind != yaml.MappingNode {
		return nil, nil
	}
	globs := &globCache{}
	var mods []string
	seen := map[string]bool{}
	for i := 0; i+1 < len(root.Content); i += 2 {
		env, _ := plainValue(root.Content[i])
		if keyString(env) != Env {
			continue
		}
		targets := resolve(root.Content[i+1])
		if targets == nil || targets.Kind != yaml.MappingNode {
			continue
		}
		for j := 0; j+1 < len(targets.Content); j += 2 {
			tv, _ := plainValue(targets.Content[j])
			list, _ := plainValue(targets.Content[j+1])
			items, _ := list.([]any)
			match := "glob"
			for _, it := range items {
				if m, ok := it.(map[string]any); ok {
					if v, ok := m["match"].(string); ok {
						match = v
					}
				}
			}
			if !topMatches(globs, match, keyString(tv), minionID, ctx.Grains) {
				continue
			}
			for _, it := range items {
				s, ok := it.(string)
				if !ok || seen[s] {
					continue
				}
				seen[s] = true
				mods = append(mods, s)
			}
		}
	}
	return mods, nil
}

// topMatches reports whether a top file target matches the minion, by
// Salt's match types glob (the default), list, pcre and grain.
func topMatches(globs *globCache, match, target, id string, grains map[string]any) bool {
	switch match {
	case "list":
		for _, t := range strings.Split(target, ",") {
			if strings.TrimSpace(t) == id {
				return true
			}
		}
		return false
	case "pcre":
		re, err := regexp.Compile(`\A(?:` + target + `)`)
		return err == nil && re.MatchString(id)
	case "grain":
		key, want, ok := strings.Cut(target, ":")
		if !ok {
			return false
		}
		got := lookupColon(grains, key, nil)
		if l, isList := got.([]any); isList {
			for _, x := range l {
				if globs.match(want, fmt.Sprint(x)) {
					return true
				}
			}
			return false
		}
		return got != nil && globs.match(want, fmt.Sprint(got))
	}
	return globs.match(target, id)
}

// compiler holds the merged high data between the compile steps.
type compiler struct {
	h     *high
	globs *globCache
	errs  Errors
	// external is Options.External; externalIn collects the _in
	// requisites that name resources of that language.
	external   string
	externalIn []externalIn
}

// externalIn is an _in requisite naming a resource of another language:
// that resource depends on the states of module under id.
type externalIn struct {
	id, module, typ string
	ref             catalog.Ref
}

func (c *compiler) fail(pos Pos, format string, args ...any) {
	c.errs = append(c.errs, &Error{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// applyExtend merges every extend: block into the high data.
func (c *compiler) applyExtend() {
	excluded := map[string]bool{}
	for _, ex := range c.h.excludes {
		if ex.kind == "sls" {
			for _, e := range c.h.extends {
				if c.globs.match(ex.pattern, e.sls) {
					excluded[e.sls] = true
				}
			}
		}
	}
	for _, e := range c.h.extends {
		if excluded[e.sls] {
			continue
		}
		target := c.h.byID[e.id.ID]
		if target == nil {
			target = c.uniqueByName(e.id.ID)
		}
		if target == nil {
			c.fail(e.pos, "Cannot extend ID '%s' in '%s:%s'. It is not part of the high state.\nThis is likely due to a missing include statement or an incorrectly typed ID.\nEnsure that a state with an ID of '%s' is available\nin environment '%s' and to SLS '%s'", e.id.ID, Env, e.sls, e.id.ID, Env, e.sls)
			continue
		}
		for _, d := range e.id.Decls {
			td := target.decl(d.Module)
			if td == nil {
				nd := &Decl{Module: d.Module, Funs: append([]string{}, d.Funs...), Args: append([]Arg{}, d.Args...), Pos: d.Pos, shape: d.shape}
				target.Decls = append(target.Decls, nd)
				continue
			}
			if len(d.Funs) > 0 {
				td.Funs = append([]string{}, d.Funs...)
			}
			for _, a := range d.Args {
				mergeArg(td, a)
			}
		}
	}
}

// uniqueByName finds the one ID with a state whose name argument is name.
func (c *compiler) uniqueByName(name string) *IDDecl {
	var found *IDDecl
	for _, id := range c.h.ids {
		for _, d := range id.Decls {
			if v, ok := d.arg("name"); ok && v == name {
				if found != nil && found != id {
					return nil
				}
				found = id
			}
		}
	}
	return found
}

// mergeArg applies one extend argument: requisite lists are appended,
// name replaces names, anything else is replaced or added.
func mergeArg(d *Decl, a Arg) {
	if a.Key == "name" {
		d.removeArg("names")
	}
	for i, old := range d.Args {
		if old.Key != a.Key {
			continue
		}
		if isListRequisite(a.Key) {
			ol, _ := old.Value.([]any)
			nl, ok := a.Value.([]any)
			if !ok {
				nl = []any{a.Value}
			}
			d.Args[i].Value = append(append([]any{}, ol...), nl...)
			return
		}
		d.Args[i].Value = a.Value
		return
	}
	d.Args = append(d.Args, a)
}

func (d *Decl) removeArg(key string) {
	kept := d.Args[:0]
	for _, a := range d.Args {
		if a.Key != key {
			kept = append(kept, a)
		}
	}
	d.Args = kept
}

// validate checks the shapes Salt's verify_high checks.
func (c *compiler) validate() {
	for _, id := range c.h.ids {
		if id.keyType != "" {
			c.fail(id.Pos, "ID '%s' in SLS '%s' is not formed as a string, but is type %s. It may need to be quoted.", id.ID, id.SLS, id.keyType)
		}
		for _, d := range id.Decls {
			if d.shape != "" {
				c.fail(d.Pos, "%s", d.shape)
				continue
			}
			switch {
			case len(d.Funs) == 0:
				c.fail(d.Pos, "No function declared in state '%s' in SLS '%s'", id.ID, id.SLS)
				continue
			case len(d.Funs) > 1:
				c.fail(d.Pos, "Too many functions declared in state '%s' in SLS '%s'. Please choose one of the following: %s", id.ID, id.SLS, strings.Join(d.Funs, ", "))
				continue
			}
			for _, a := range d.Args {
				c.validateArg(id, d, a)
			}
		}
	}
}

func (c *compiler) validateArg(id *IDDecl, d *Decl, a Arg) {
	if a.Key == "names" {
		if _, ok := a.Value.([]any); !ok {
			c.fail(a.Pos, "The 'names' argument in state '%s' in SLS '%s' needs to be formed as a list", id.ID, id.SLS)
		}
		return
	}
	direct := false
	for _, r := range append(directRequisites, "listen", "use") {
		if a.Key == r {
			direct = true
		}
	}
	if !direct {
		return
	}
	list, ok := a.Value.([]any)
	if !ok {
		c.fail(a.Pos, "The %s statement in state '%s' in SLS '%s' needs to be formed as a list", a.Key, id.ID, id.SLS)
		return
	}
	// repr prints item i (or its value v) as Python prints what Salt's
	// loader built: mappings are OrderedDicts, in written order.
	itemNode := func(i int) *yaml.Node {
		if n := resolve(a.node); n != nil && n.Kind == yaml.SequenceNode && i < len(n.Content) {
			return resolve(n.Content[i])
		}
		return nil
	}
	for i, item := range list {
		switch item := item.(type) {
		case string:
		case map[string]any:
			if len(item) != 1 {
				c.fail(a.Pos, "Requisite declaration %s in state %s in SLS %s is not formed as a single key dictionary", pyNodeOr(itemNode(i), item), id.ID, id.SLS)
				return
			}
			for k, v := range item {
				if strings.Contains(k, ".") {
					mod, _, _ := strings.Cut(k, ".")
					c.fail(a.Pos, "Invalid requisite type '%s' in state '%s', in SLS '%s'. Requisite types must not contain dots, did you mean '%s'?", k, id.ID, id.SLS, mod)
					return
				}
				switch v.(type) {
				case []any, map[string]any:
					var vn *yaml.Node
					if n := itemNode(i); n != nil && n.Kind == yaml.MappingNode && len(n.Content) == 2 {
						vn = resolve(n.Content[1])
					}
					c.fail(a.Pos, "Illegal requisite \"%s\" in SLS \"%s\", please check your syntax.\n", pyNodeOr(vn, v), id.SLS)
					return
				}
			}
		default:
			c.fail(a.Pos, "Requisite declaration %s in state %s in SLS %s is not formed as a single key dictionary", pyNodeOr(itemNode(i), item), id.ID, id.SLS)
			return
		}
	}
}

// pyNodeOr is the Python repr of the value Salt's YAML loader builds
// from n (mappings as OrderedDict, in written order), or of v when there
// is no node.
func pyNodeOr(n *yaml.Node, v any) string {
	if n == nil {
		return pyRepr(v)
	}
	switch n.Kind {
	case yaml.MappingNode:
		var parts []string
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, _ := plainValue(n.Content[i])
			parts = append(parts, "("+pyRepr(k)+", "+pyNodeOr(resolve(n.Content[i+1]), nil)+")")
		}
		return "OrderedDict([" + strings.Join(parts, ", ") + "])"
	case yaml.SequenceNode:
		parts := make([]string, len(n.Content))
		for i, c := range n.Content {
			parts[i] = pyNodeOr(resolve(c), nil)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	x, _ := plainValue(n)
	return pyRepr(x)
}

// requisiteIn rewrites the _in requisites and use/use_in onto their
// targets, as Salt's requisite_in does.
func (c *compiler) requisiteIn() {
	type addition struct {
		target *Decl
		key    string
		item   any
	}
	var adds []addition
	for _, id := range c.h.ids {
		for _, d := range id.Decls {
			for _, a := range d.Args {
				req, ok := strings.CutSuffix(a.Key, "_in")
				if !ok || !isInRequisite(a.Key) {
					continue
				}
				var items []any
				switch v := a.Value.(type) {
				case []any:
					items = v
				case map[string]any:
					items = []any{v}
				case string:
					items = []any{v}
				}
				// Salt re-applies every earlier item of the list with each
				// later one, so the first targets get the reference more
				// than once (visible in mod_watch's list of changes).
				targets := make([][]*Decl, len(items))
				for i, item := range items {
					if ref, ok := c.externalTarget(item); ok {
						c.externalIn = append(c.externalIn, externalIn{id: id.ID, module: d.Module, typ: req, ref: ref})
						continue
					}
					targets[i] = c.inTargets(id, a, item)
				}
				for k := range items {
					for j := 0; j <= k; j++ {
						for _, t := range targets[j] {
							adds = append(adds, addition{target: t, key: req, item: map[string]any{d.Module: id.ID}})
						}
					}
				}
			}
		}
	}
	for _, ad := range adds {
		mergeArg(ad.target, Arg{Key: ad.key, Value: []any{ad.item}, Pos: ad.target.Pos})
	}
	c.applyUse()
}

// externalTarget reads an _in item naming a resource of the other
// language: {<external key>: Type[title]}.
func (c *compiler) externalTarget(item any) (catalog.Ref, bool) {
	m, ok := item.(map[string]any)
	if c.external == "" || !ok || len(m) != 1 {
		return catalog.Ref{}, false
	}
	v, ok := m[c.external].(string)
	if !ok {
		return catalog.Ref{}, false
	}
	return catalog.ParseRef(v)
}

func isInRequisite(key string) bool {
	for _, r := range inRequisites {
		if r == key {
			return true
		}
	}
	return false
}

// inTargets resolves one item of an _in list to the declarations it adds
// a requisite to.
func (c *compiler) inTargets(from *IDDecl, a Arg, item any) []*Decl {
	switch item := item.(type) {
	case string:
		if id := c.h.byID[item]; id != nil && len(id.Decls) > 0 {
			return []*Decl{id.Decls[0]}
		}
		var last *Decl
		for _, id := range c.h.ids {
			for _, d := range id.Decls {
				if v, ok := d.arg("name"); ok && v == item {
					last = d
				}
			}
		}
		if last != nil {
			return []*Decl{last}
		}
		return nil
	case map[string]any:
		var out []*Decl
		for k, v := range item {
			mod, _, _ := strings.Cut(k, ".")
			target := keyString(v)
			if mod == "sls" {
				for _, id := range c.h.ids {
					if id.SLS == target {
						out = append(out, id.Decls...)
					}
				}
				continue
			}
			if id := c.h.byID[target]; id != nil {
				if d := id.decl(mod); d != nil {
					out = append(out, d)
					continue
				}
			}
			var found []*Decl
			for _, id := range c.h.ids {
				if d := id.decl(mod); d != nil {
					for _, x := range d.Args {
						if s, ok := x.Value.(string); ok && s == target {
							found = append(found, d)
							break
						}
					}
				}
			}
			if len(found) != 1 {
				c.fail(a.Pos, "Cannot extend ID '%s' in '%s:%s'. It is not part of the high state.\nThis is likely due to a missing include statement or an incorrectly typed ID.\nEnsure that a state with an ID of '%s' is available\nin environment '%s' and to SLS '%s'", target, Env, from.SLS, target, Env, from.SLS)
				continue
			}
			out = append(out, found[0])
		}
		return out
	}
	return nil
}

// useSkipped are the arguments use never copies.
var useSkipped = map[string]bool{"name": true, "names": true, "require": true, "watch": true, "prereq": true, "onfail": true, "onchanges": true, "onfail_stop": true}

// applyUse copies the arguments named by use and use_in.
func (c *compiler) applyUse() {
	type copyArgs struct{ from, to *Decl }
	var copies []copyArgs
	find := func(item any) []*Decl {
		switch item := item.(type) {
		case string:
			if id := c.h.byID[item]; id != nil && len(id.Decls) > 0 {
				return []*Decl{id.Decls[0]}
			}
		case map[string]any:
			var out []*Decl
			for k, v := range item {
				mod, _, _ := strings.Cut(k, ".")
				if id := c.h.byID[keyString(v)]; id != nil {
					if d := id.decl(mod); d != nil {
						out = append(out, d)
					}
				}
			}
			return out
		}
		return nil
	}
	// Values come from the declarations as written: use is not transitive.
	original := map[*Decl][]Arg{}
	for _, id := range c.h.ids {
		for _, d := range id.Decls {
			original[d] = append([]Arg{}, d.Args...)
		}
	}
	for _, id := range c.h.ids {
		for _, d := range id.Decls {
			if v, ok := d.arg("use"); ok {
				list, _ := v.([]any)
				for _, item := range list {
					for _, src := range find(item) {
						copies = append(copies, copyArgs{from: src, to: d})
					}
				}
			}
			if v, ok := d.arg("use_in"); ok {
				list, _ := v.([]any)
				for _, item := range list {
					for _, dst := range find(item) {
						copies = append(copies, copyArgs{from: d, to: dst})
					}
				}
			}
		}
	}
	for _, cp := range copies {
		for _, a := range original[cp.from] {
			if useSkipped[a.Key] || strings.HasSuffix(a.Key, "_in") || a.Key == "use" {
				continue
			}
			if _, has := cp.to.arg(a.Key); has {
				continue
			}
			cp.to.Args = append(cp.to.Args, a)
		}
	}
}

// applyExclude drops the IDs and SLS named by exclude: lists.
func (c *compiler) applyExclude() {
	if len(c.h.excludes) == 0 {
		return
	}
	drop := map[string]bool{}
	for _, ex := range c.h.excludes {
		for _, id := range c.h.ids {
			switch ex.kind {
			case "sls":
				if c.globs.match(ex.pattern, id.SLS) {
					drop[id.ID] = true
				}
			case "id":
				if id.ID == ex.pattern {
					drop[id.ID] = true
				}
			}
		}
	}
	c.h.remove(drop)
}

// chunks compiles the high data into low chunks, in high-data order.
func (c *compiler) chunks() *Low {
	low := &Low{}
	for _, id := range c.h.ids {
		for _, d := range id.Decls {
			base := &Chunk{Module: d.Module, Fun: d.Funs[0], Name: id.ID, ID: id.ID, SLS: id.SLS, IncludedFrom: id.IncludedFrom, Pos: d.Pos, Args: map[string]any{}, ArgPos: map[string]Pos{}}
			var names []any
			for _, a := range d.Args {
				switch a.Key {
				case "state", "fun":
					continue
				case "names":
					names, _ = a.Value.([]any)
					continue
				case "name":
					// A name that is not a string falls back to the ID.
					if s, ok := a.Value.(string); ok {
						base.Name = s
					}
				}
				base.Args[a.Key] = a.Value
				base.ArgPos[a.Key] = a.Pos
			}
			if len(names) == 0 {
				low.add(base)
				continue
			}
			seen := map[string]bool{}
			k := 0
			for _, entry := range names {
				ch := base.clone()
				var extra []any
				switch e := entry.(type) {
				case map[string]any:
					for n, v := range e {
						ch.Name = n
						extra, _ = v.([]any)
					}
				default:
					ch.Name = keyString(e)
				}
				if seen[ch.Name] {
					continue
				}
				seen[ch.Name] = true
				k++
				ch.nameOrder = k
				ch.Args["name"] = ch.Name
				for _, x := range extra {
					if m, ok := x.(map[string]any); ok {
						for ak, av := range m {
							ch.Args[ak] = av
						}
					}
				}
				low.add(ch)
			}
		}
	}
	low.normaliseOrder()
	return low
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
