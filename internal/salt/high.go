package salt

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"math/big"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"go.yaml.in/yaml/v4"

	"github.com/ordoproject/ordo/internal/lazyre"
)

// Env is the one Salt environment ordo knows.
const Env = "base"

// Arg is one argument of a state declaration: a single-key mapping in the
// declaration's list.
type Arg struct {
	Key   string
	Value any
	Pos   Pos
	// node is the value as written, for messages that print it as
	// Salt's loader built it (nil for arguments ordo adds).
	node *yaml.Node
}

// Decl is one state declaration under an ID: a module, its function(s)
// and its arguments, in written order.
type Decl struct {
	Module string
	Funs   []string
	Args   []Arg
	Pos    Pos
	// shape holds the first shape error of the declaration, reported by
	// validation (Salt checks shapes after extend).
	shape string
}

// arg returns the argument key and whether it is there.
func (d *Decl) arg(key string) (any, bool) {
	for _, a := range d.Args {
		if a.Key == key {
			return a.Value, true
		}
	}
	return nil, false
}

// IDDecl is one ID declaration of the merged high data.
type IDDecl struct {
	ID  string
	SLS string
	// IncludedFrom lists the SLS that included this one, innermost first.
	IncludedFrom []string
	Pos          Pos
	Decls        []*Decl
	// keyType is the Python type of an ID that YAML read as something
	// other than a string (int, bool, NoneType, float); "" for a string.
	keyType string
}

func (id *IDDecl) decl(module string) *Decl {
	for _, d := range id.Decls {
		if d.Module == module {
			return d
		}
	}
	return nil
}

// extendDecl is one ID under an extend: key.
type extendDecl struct {
	id  *IDDecl
	sls string
	pos Pos
}

// excludeItem is one entry of an exclude: list.
type excludeItem struct {
	kind    string // "sls" or "id"
	pattern string
}

// high is the merged high data of one run, in Salt's merge order.
type high struct {
	ids      []*IDDecl
	byID     map[string]*IDDecl
	extends  []extendDecl
	excludes []excludeItem
}

func (h *high) add(id *IDDecl) {
	h.ids = append(h.ids, id)
	h.byID[id.ID] = id
}

func (h *high) remove(ids map[string]bool) {
	kept := h.ids[:0]
	for _, id := range h.ids {
		if ids[id.ID] {
			delete(h.byID, id.ID)
			continue
		}
		kept = append(kept, id)
	}
	h.ids = kept
}

// loader renders SLS files with their includes, depth first, each at most
// once, numbering states as it goes.
type loader struct {
	r         *renderer
	autoOrder bool
	iorder    int
	rendered  map[string]bool
	errs      Errors
	globs     *globCache
	available []string // SLS names in the file root, for include globs

	extendsOut  []extendDecl
	excludesOut []excludeItem

	mu    sync.Mutex
	ready map[string]chan *prepared // prefetched files
}

// slsFile finds the file of SLS name: a/b is a/b.sls or a/b/init.sls.
func (l *loader) slsFile(sls string) (rel string, ok bool) {
	base := strings.ReplaceAll(sls, ".", "/")
	for _, rel := range []string{base + ".sls", base + "/init.sls"} {
		if st, err := os.Stat(filepath.Join(l.r.root, filepath.FromSlash(rel))); err == nil && st.Mode().IsRegular() {
			return rel, true
		}
	}
	return "", false
}

// availableSLS lists every SLS name under the file root, sorted.
func (l *loader) availableSLS() []string {
	if l.available != nil {
		return l.available
	}
	seen := map[string]bool{}
	_ = filepath.WalkDir(l.r.root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".sls") {
			return nil
		}
		rel, _ := filepath.Rel(l.r.root, p)
		rel = filepath.ToSlash(strings.TrimSuffix(rel, ".sls"))
		rel = strings.TrimSuffix(rel, "/init")
		if rel == "top" {
			return nil
		}
		seen[strings.ReplaceAll(rel, "/", ".")] = true
		return nil
	})
	l.available = []string{}
	for s := range seen {
		l.available = append(l.available, s)
	}
	sort.Strings(l.available)
	return l.available
}

var shebangRe = lazyre.New(`^#!\s*([A-Za-z_|]+)`)

// prepared is one SLS file read, rendered and parsed: the part of
// loading that does not depend on other files, done ahead in parallel.
type prepared struct {
	rel      string
	root     *yaml.Node // nil for an empty file
	notFound bool
	err      *Error // a render error, with Salt's message
}

// prepare reads, renders and parses SLS sls.
func (l *loader) prepare(sls string) *prepared {
	rel, ok := l.slsFile(sls)
	if !ok {
		return &prepared{notFound: true}
	}
	p := &prepared{rel: rel}
	text, err := os.ReadFile(filepath.Join(l.r.root, filepath.FromSlash(rel)))
	if err != nil {
		p.err = &Error{Pos: Pos{File: rel}, Msg: err.Error()}
		return p
	}
	failed := func(pos Pos, msg string) *prepared {
		p.err = &Error{Pos: pos, Msg: fmt.Sprintf("Rendering SLS '%s:%s' failed: %s", Env, sls, msg)}
		return p
	}
	// Salt reads SLS files as UTF-8, strictly.
	if e := utf8Failure(sls, rel, text); e != nil {
		p.err = e
		return p
	}
	pipeline := "jinja|yaml"
	if m := shebangRe.FindSubmatch(text); m != nil {
		// The shebang line stays: it is a YAML comment, so positions stay
		// those of the file.
		pipeline = strings.ReplaceAll(string(m[1]), " ", "")
	}
	switch pipeline {
	case "jinja|yaml", "jinja":
		if bytes.Contains(text, []byte("{")) {
			slspath := strings.ReplaceAll(sls, ".", "/")
			if !strings.HasSuffix(rel, "/init.sls") {
				slspath = path.Dir(slspath)
				if slspath == "." {
					slspath = ""
				}
			}
			out, err := l.r.renderTemplate(rel, text, map[string]any{
				"sls":          sls,
				"slspath":      slspath,
				"sls_path":     strings.ReplaceAll(slspath, "/", "_"),
				"slsdotpath":   strings.ReplaceAll(slspath, "/", "."),
				"slscolonpath": strings.ReplaceAll(slspath, "/", ":"),
			})
			if err != nil {
				var e *Error
				if errors.As(err, &e) {
					return failed(e.Pos, e.Msg)
				}
				return failed(Pos{File: rel}, err.Error())
			}
			text = []byte(out)
		}
	case "yaml":
	default:
		return failed(Pos{File: rel, Line: 1, Col: 1}, fmt.Sprintf("The renderer pipeline '%s' is not available in ordo: only jinja and yaml are", pipeline))
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(text, &doc); err != nil {
		p.err = yamlFailure(sls, rel, err)
		return p
	}
	root := resolve(&doc)
	if root != nil {
		if e := duplicateAnchor(sls, rel, root); e != nil {
			p.err = e
			return p
		}
		if e := conflictingKey(sls, rel, root); e != nil {
			p.err = e
			return p
		}
	}
	if root == nil || (root.Kind == yaml.ScalarNode && root.Tag == "!!null") {
		return p
	}
	p.root = root
	return p
}

// prefetch prepares the named SLS files in parallel, bounded by the
// number of cores; render then takes them in order.
func (l *loader) prefetch(names []string) {
	l.mu.Lock()
	var todo []string
	for _, n := range names {
		if _, ok := l.ready[n]; !ok && !l.rendered[n] {
			ch := make(chan *prepared, 1)
			l.ready[n] = ch
			todo = append(todo, n)
		}
	}
	l.mu.Unlock()
	if len(todo) == 0 {
		return
	}
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for _, n := range todo {
		l.mu.Lock()
		ch := l.ready[n]
		l.mu.Unlock()
		go func(n string, ch chan *prepared) {
			sem <- struct{}{}
			defer func() { <-sem }()
			ch <- l.prepare(n)
		}(n, ch)
	}
}

// take returns SLS sls prepared, from the prefetch or now.
func (l *loader) take(sls string) *prepared {
	l.mu.Lock()
	ch, ok := l.ready[sls]
	l.mu.Unlock()
	if !ok {
		return l.prepare(sls)
	}
	p := <-ch
	ch <- p
	return p
}

// render decodes SLS sls, and the SLS it includes, into IDs in merge
// order: the file's own IDs first, then those of its includes.
// includedFrom is the chain of including SLS names, innermost first.
func (l *loader) render(sls string, includedFrom []string, top bool, from Pos) []*IDDecl {
	if l.rendered[sls] {
		return nil
	}
	l.rendered[sls] = true
	p := l.take(sls)
	if p.notFound {
		msg := fmt.Sprintf("Specified SLS %s in saltenv %s is not available on the salt master or through a configured fileserver", sls, Env)
		if top {
			msg = fmt.Sprintf("No matching sls found for '%s' in env '%s'", sls, Env)
		}
		l.errs = append(l.errs, &Error{Pos: from, Msg: msg})
		return nil
	}
	if p.err != nil {
		l.errs = append(l.errs, p.err)
		return nil
	}
	if p.root == nil {
		return nil
	}
	rel, root := p.rel, p.root
	if root.Kind != yaml.MappingNode {
		l.errs = append(l.errs, &Error{Pos: nodePos(rel, root), Msg: fmt.Sprintf("SLS %s does not render to a dictionary", sls)})
		return nil
	}
	var own []*IDDecl
	var includes []*yaml.Node
	for i := 0; i+1 < len(root.Content); i += 2 {
		kn, vn := root.Content[i], resolve(root.Content[i+1])
		k, _ := plainValue(kn)
		key := keyString(k)
		switch key {
		case "include":
			switch {
			case vn == nil || (vn.Kind == yaml.ScalarNode && vn.Tag == "!!null"):
			case vn.Kind == yaml.SequenceNode:
				includes = vn.Content
			default:
				l.errs = append(l.errs, &Error{Pos: nodePos(rel, kn), Msg: fmt.Sprintf("Include Declaration in SLS %s is not formed as a list", sls)})
			}
			continue
		case "extend":
			if vn != nil && vn.Kind != yaml.MappingNode && vn.Tag != "!!null" {
				l.errs = append(l.errs, &Error{Pos: nodePos(rel, kn), Msg: fmt.Sprintf("Extension value in SLS '%s' is not a dictionary", sls)})
				continue
			}
			l.readExtend(sls, rel, vn)
			continue
		case "exclude":
			l.readExclude(sls, rel, kn, vn)
			continue
		}
		if strings.HasPrefix(key, "__") {
			continue
		}
		id, renderErr := readID(key, sls, rel, kn, vn, includedFrom)
		if renderErr != "" {
			l.errs = append(l.errs, &Error{Pos: id.Pos, Msg: renderErr})
			continue
		}
		own = append(own, id)
	}
	merged := own
	var names []includeName
	for _, inc := range includes {
		names = append(names, l.includeNames(sls, rel, inc)...)
	}
	pending := make([]string, len(names))
	for i, n := range names {
		pending[i] = n.sls
	}
	l.prefetch(pending)
	for _, name := range names {
		merged = append(merged, l.render(name.sls, append([]string{sls}, includedFrom...), false, name.pos)...)
	}
	// Auto-order numbers: included files were numbered in their own
	// render; the file's own states come after them.
	if l.autoOrder {
		for _, id := range own {
			for _, d := range id.Decls {
				if _, ok := d.arg("order"); !ok {
					d.Args = append(d.Args, Arg{Key: "order", Value: l.iorder, Pos: d.Pos})
					l.iorder++
				}
			}
		}
	}
	return merged
}

type includeName struct {
	sls string
	pos Pos
}

// includeNames resolves one include entry: a name, {env: name}, a
// relative .name, or a glob over the available SLS.
func (l *loader) includeNames(sls, rel string, n *yaml.Node) []includeName {
	n = resolve(n)
	var names []string
	switch n.Kind {
	case yaml.ScalarNode:
		v, _ := plainValue(n)
		names = append(names, keyString(v))
	case yaml.MappingNode:
		for i := 1; i < len(n.Content); i += 2 {
			v, _ := plainValue(n.Content[i])
			switch v := v.(type) {
			case []any:
				for _, x := range v {
					names = append(names, keyString(x))
				}
			default:
				names = append(names, keyString(v))
			}
		}
	}
	pos := nodePos(rel, n)
	var out []includeName
	for _, inc := range names {
		if strings.HasPrefix(inc, ".") {
			levels := len(inc) - len(strings.TrimLeft(inc, "."))
			comps := strings.Split(sls, ".")
			if strings.HasSuffix(rel, "/init.sls") {
				comps = append(comps, "init")
			}
			if levels > len(comps) {
				l.errs = append(l.errs, &Error{Pos: pos, Msg: fmt.Sprintf("Attempted relative include of '%s' within SLS '%s:%s' goes beyond top level package", inc, Env, sls)})
				continue
			}
			inc = strings.Join(append(append([]string{}, comps[:len(comps)-levels]...), inc[levels:]), ".")
		}
		if isGlob(inc) {
			for _, s := range l.availableSLS() {
				if l.globs.match(inc, s) {
					out = append(out, includeName{s, pos})
				}
			}
			continue
		}
		out = append(out, includeName{inc, pos})
	}
	return out
}

func (l *loader) readExtend(sls, rel string, n *yaml.Node) {
	if n == nil || n.Kind != yaml.MappingNode {
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, _ := plainValue(n.Content[i])
		key := keyString(k)
		body := resolve(n.Content[i+1])
		if body == nil || body.Kind != yaml.MappingNode {
			l.errs = append(l.errs, &Error{Pos: nodePos(rel, n.Content[i]), Msg: fmt.Sprintf("Extension name '%s' in SLS '%s' is not a dictionary", key, sls)})
			continue
		}
		id, _ := readID(key, sls, rel, n.Content[i], body, nil)
		l.extendsOut = append(l.extendsOut, extendDecl{id: id, sls: sls, pos: nodePos(rel, n.Content[i])})
	}
}

// readExclude reads an exclude: list as Salt's _apply_exclude does: a
// string is an SLS pattern, a single-key mapping of sls or id names one;
// anything else is ignored.
func (l *loader) readExclude(sls, rel string, kn, n *yaml.Node) {
	if n == nil || n.Kind != yaml.SequenceNode {
		l.errs = append(l.errs, &Error{Pos: nodePos(rel, kn), Msg: fmt.Sprintf("Exclude Declaration in SLS %s is not formed as a list", sls)})
		return
	}
	for _, it := range n.Content {
		v, _ := plainValue(it)
		switch v := v.(type) {
		case map[string]any:
			if len(v) != 1 {
				continue
			}
			for k, t := range v {
				if k == "sls" || k == "id" {
					l.excludesOut = append(l.excludesOut, excludeItem{kind: k, pattern: keyString(t)})
				}
			}
		case string:
			l.excludesOut = append(l.excludesOut, excludeItem{kind: "sls", pattern: v})
		}
	}
}

// readID decodes one ID declaration's body as Salt's render step
// (_handle_state_decls) and verify_high see it. Shape errors of the
// declarations are kept on them and reported by validation; an error
// Salt's render step reports (an ID that is not a dictionary, two
// declarations of one module) is returned as render.
func readID(key, sls, rel string, kn, vn *yaml.Node, includedFrom []string) (id *IDDecl, render string) {
	id = &IDDecl{ID: key, SLS: sls, IncludedFrom: includedFrom, Pos: nodePos(rel, kn)}
	if k, _ := plainValue(kn); k != nil || kn.Tag == "!!null" {
		id.keyType = pyTypeName(k)
	}
	notDict := fmt.Sprintf("ID %s in SLS %s is not a dictionary", key, sls)
	if vn == nil {
		return id, notDict
	}
	switch vn.Kind {
	case yaml.ScalarNode:
		v, _ := plainValue(vn)
		s, ok := v.(string)
		if !ok || !strings.Contains(s, ".") {
			return id, notDict
		}
		// Salt pads a short declaration with the first two dotted parts.
		parts := strings.Split(s, ".")
		id.Decls = append(id.Decls, &Decl{Module: parts[0], Funs: []string{parts[1]}, Pos: nodePos(rel, vn)})
		return id, ""
	case yaml.MappingNode:
	default:
		return id, notDict
	}
	// Salt renames a dotted key with a list to its module, appending the
	// function, key by key in written order: the module's key keeps the
	// place a plain key of that module has (whose value it replaces), or
	// goes last. A dotted key after a list of its module is an error.
	type entry struct {
		key    string
		decl   *Decl
		dotted bool
	}
	var entries []*entry
	for i := 0; i+1 < len(vn.Content); i += 2 {
		k, _ := plainValue(vn.Content[i])
		dec := keyString(k)
		if strings.HasPrefix(dec, "__") {
			continue
		}
		body := resolve(vn.Content[i+1])
		mod, fun, dotted := strings.Cut(dec, ".")
		d := &Decl{Module: dec, Pos: nodePos(rel, vn.Content[i])}
		switch {
		case body == nil || (body.Kind == yaml.ScalarNode && body.Tag == "!!null"):
			d.shape = fmt.Sprintf("ID '%s' in SLS '%s' contains a short declaration (%s) with a trailing colon. When not passing any arguments to a state, the colon must be omitted.", key, sls, dec)
		case body.Kind != yaml.SequenceNode:
			d.shape = fmt.Sprintf("State '%s' in SLS '%s' is not formed as a list", key, sls)
		default:
			d.Module = mod
			readDeclList(d, key, sls, rel, body)
			if dotted {
				d.Funs = append(d.Funs, fun)
			}
		}
		entries = append(entries, &entry{key: dec, decl: d, dotted: dotted && d.shape == ""})
	}
	listed := map[string]bool{}
	for _, e := range append([]*entry{}, entries...) {
		if e.decl.shape != "" && !e.dotted {
			continue
		}
		mod := e.decl.Module
		if !e.dotted {
			listed[mod] = true
			continue
		}
		if listed[mod] {
			if render == "" {
				render = fmt.Sprintf("ID '%s' in SLS '%s' contains multiple state declarations of the same type", key, sls)
			}
			continue
		}
		listed[mod] = true
		kept := entries[:0]
		for _, x := range entries {
			if x != e {
				kept = append(kept, x)
			}
		}
		entries = kept
		placed := false
		for _, x := range entries {
			if x.key == mod {
				x.decl = e.decl
				placed = true
				break
			}
		}
		if !placed {
			entries = append(entries, &entry{key: mod, decl: e.decl})
		}
	}
	for _, e := range entries {
		id.Decls = append(id.Decls, e.decl)
	}
	return id, render
}

// readDeclList reads the list of a state declaration: strings are
// functions, mappings arguments; anything else Salt ignores.
func readDeclList(d *Decl, key, sls, rel string, body *yaml.Node) {
	for _, item := range body.Content {
		item = resolve(item)
		if item == nil {
			continue
		}
		switch item.Kind {
		case yaml.ScalarNode:
			v, _ := plainValue(item)
			s, ok := v.(string)
			if !ok {
				continue
			}
			if strings.Contains(strings.TrimSpace(s), " ") && d.shape == "" {
				d.shape = fmt.Sprintf("The function \"%s\" in state \"%s\" in SLS \"%s\" has whitespace, a function with whitespace is not supported, perhaps this is an argument that is missing a \":\"", s, key, sls)
			}
			d.Funs = append(d.Funs, s)
		case yaml.MappingNode:
			if len(item.Content) == 0 {
				continue
			}
			first, _ := plainValue(item.Content[0])
			if len(item.Content) > 2 && isRequisiteKeyword(keyString(first)) {
				if d.shape == "" {
					d.shape = fmt.Sprintf("Multiple dictionaries defined in argument of state '%s' in SLS '%s'", key, sls)
				}
				continue
			}
			// An argument mapping of several keys sets each of them.
			for j := 0; j+1 < len(item.Content); j += 2 {
				ak, _ := plainValue(item.Content[j])
				av, _ := plainValue(item.Content[j+1])
				d.Args = append(d.Args, Arg{Key: keyString(ak), Value: av, Pos: nodePos(rel, item.Content[j]), node: item.Content[j+1]})
			}
		}
	}
}

// isRequisiteKeyword reports whether key is one of Salt's requisite
// keywords (STATE_REQUISITE_KEYWORDS).
func isRequisiteKeyword(key string) bool {
	switch key {
	case "require", "require_any", "watch", "watch_any", "prereq", "onfail", "onfail_any", "onfail_all", "onfail_stop", "onchanges", "onchanges_any", "use", "listen":
		return true
	}
	return false
}

// pyTypeName is the name of the Python type Salt's YAML loader gives a
// mapping key that is not a string; "" for a string.
func pyTypeName(v any) string {
	switch v.(type) {
	case string:
		return ""
	case nil:
		return "NoneType"
	case bool:
		return "bool"
	case int, int64, uint64, *big.Int:
		return "int"
	case float64:
		return "float"
	}
	return fmt.Sprintf("%T", v)
}

func nodePos(rel string, n *yaml.Node) Pos {
	if n == nil {
		return Pos{File: rel}
	}
	return Pos{File: rel, Line: n.Line, Col: n.Column}
}

var yamlLineRe = lazyre.New(`line (\d+)(?:, column (\d+))?`)

func yamlErrorPos(rel string, err error) Pos {
	p := Pos{File: rel}
	if m := yamlLineRe.FindStringSubmatch(err.Error()); m != nil {
		fmt.Sscan(m[1], &p.Line)
		if m[2] != "" {
			fmt.Sscan(m[2], &p.Col)
		}
	}
	return p
}

func yamlErrorText(err error) string {
	return strings.TrimPrefix(err.Error(), "yaml: ")
}
