package salt

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
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
	shape        string
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
		return failed(yamlErrorPos(rel, err), yamlErrorText(err))
	}
	root := resolve(&doc)
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
	failed := func(pos Pos, msg string) []*IDDecl {
		l.errs = append(l.errs, &Error{Pos: pos, Msg: fmt.Sprintf("Rendering SLS '%s:%s' failed: %s", Env, sls, msg)})
		return nil
	}
	if root.Kind != yaml.MappingNode {
		l.errs = append(l.errs, &Error{Pos: nodePos(rel, root), Msg: fmt.Sprintf("SLS %s does not render to a dictionary", sls)})
		return nil
	}
	var own []*IDDecl
	var includes []*yaml.Node
	seen := map[string]bool{}
	for i := 0; i+1 < len(root.Content); i += 2 {
		kn, vn := root.Content[i], resolve(root.Content[i+1])
		k, _ := plainValue(kn)
		key := keyString(k)
		if seen[key] {
			return failed(nodePos(rel, kn), fmt.Sprintf("found conflicting ID '%s'", key))
		}
		seen[key] = true
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
			l.readExclude(vn)
			continue
		}
		if strings.HasPrefix(key, "__") {
			continue
		}
		own = append(own, readID(key, sls, rel, kn, vn, includedFrom))
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
		id := readID(key, sls, rel, n.Content[i], body, nil)
		l.extendsOut = append(l.extendsOut, extendDecl{id: id, sls: sls, pos: nodePos(rel, n.Content[i])})
	}
}

func (l *loader) readExclude(n *yaml.Node) {
	if n == nil {
		return
	}
	items := []*yaml.Node{n}
	if n.Kind == yaml.SequenceNode {
		items = n.Content
	}
	for _, it := range items {
		v, _ := plainValue(it)
		switch v := v.(type) {
		case map[string]any:
			for k, t := range v {
				l.excludesOut = append(l.excludesOut, excludeItem{kind: k, pattern: keyString(t)})
			}
		default:
			l.excludesOut = append(l.excludesOut, excludeItem{kind: "sls", pattern: keyString(v)})
		}
	}
}

// readID decodes one ID declaration's body. Shape errors are kept on the
// declarations and reported by validation.
func readID(key, sls, rel string, kn, vn *yaml.Node, includedFrom []string) *IDDecl {
	id := &IDDecl{ID: key, SLS: sls, IncludedFrom: includedFrom, Pos: nodePos(rel, kn)}
	if vn == nil {
		id.shape = fmt.Sprintf("ID %s in SLS %s is not a dictionary", key, sls)
		return id
	}
	switch vn.Kind {
	case yaml.ScalarNode:
		v, _ := plainValue(vn)
		s, ok := v.(string)
		if !ok || !strings.Contains(s, ".") {
			id.shape = fmt.Sprintf("ID %s in SLS %s is not a dictionary", key, sls)
			return id
		}
		mod, fun, _ := strings.Cut(s, ".")
		id.Decls = append(id.Decls, &Decl{Module: mod, Funs: []string{fun}, Pos: nodePos(rel, vn)})
		return id
	case yaml.MappingNode:
	default:
		id.shape = fmt.Sprintf("ID %s in SLS %s is not a dictionary", key, sls)
		return id
	}
	for i := 0; i+1 < len(vn.Content); i += 2 {
		k, _ := plainValue(vn.Content[i])
		dec := keyString(k)
		if strings.HasPrefix(dec, "__") {
			continue
		}
		body := resolve(vn.Content[i+1])
		mod, fun, dotted := strings.Cut(dec, ".")
		d := id.decl(mod)
		if d != nil {
			if id.shape == "" {
				id.shape = fmt.Sprintf("ID '%s' in SLS '%s' contains multiple state declarations of the same type", key, sls)
			}
			continue
		}
		d = &Decl{Module: mod, Pos: nodePos(rel, vn.Content[i])}
		id.Decls = append(id.Decls, d)
		switch {
		case body == nil || (body.Kind == yaml.ScalarNode && body.Tag == "!!null"):
			if dotted {
				d.shape = fmt.Sprintf("ID '%s' in SLS '%s' contains a short declaration (%s) with a trailing colon. When not passing any arguments to a state, the colon must be omitted.", key, sls, dec)
			} else {
				d.shape = fmt.Sprintf("State '%s' in SLS '%s' is not formed as a list", key, sls)
			}
			continue
		case body.Kind != yaml.SequenceNode:
			d.shape = fmt.Sprintf("State '%s' in SLS '%s' is not formed as a list", key, sls)
			continue
		}
		for _, item := range body.Content {
			item = resolve(item)
			switch item.Kind {
			case yaml.ScalarNode:
				v, _ := plainValue(item)
				d.Funs = append(d.Funs, keyString(v))
			case yaml.MappingNode:
				if len(item.Content) != 2 {
					if d.shape == "" {
						d.shape = fmt.Sprintf("Multiple dictionaries defined in argument of state '%s' in SLS '%s'", key, sls)
					}
					continue
				}
				ak, _ := plainValue(item.Content[0])
				av, _ := plainValue(item.Content[1])
				d.Args = append(d.Args, Arg{Key: keyString(ak), Value: av, Pos: nodePos(rel, item.Content[0])})
			default:
				if d.shape == "" {
					d.shape = fmt.Sprintf("State '%s' in SLS '%s' is not formed as a list", key, sls)
				}
			}
		}
		if dotted {
			d.Funs = append(d.Funs, fun)
		}
	}
	return id
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
