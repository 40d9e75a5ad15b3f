package file

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// recursion holds what a recursive file (recurse => true or remote)
// needs to make its children, and what a generated child knows of its
// source entry. It is nil for nearly every file.
type recursion struct {
	remote    bool // recurse => remote: the local tree is not listed
	limit     int  // recurselimit, -1 for none
	maxFiles  int  // max_files: 0 warns past 1000 entries, -1 never
	ignore    []string
	purge     bool
	sourceAll bool // sourceselect => all

	// src is, for a generated child, its source entry as the parent's
	// listing saw it; nil otherwise.
	src *entry
}

// softMaxFiles is how many entries a listing may have before Puppet
// warns, when max_files is 0.
const softMaxFiles = 1000

// recursive is a file that makes a file resource for every entry of its
// tree (and of its sources' trees) when the run reaches it.
type recursive struct{ *instance }

// childDropped are the parameters a child does not take from its parent,
// as in Puppet's newchild, and the relationships (which Puppet copies but
// never turns into edges for a generated resource).
var childDropped = []string{"path", "ensure", "recurse", "recurselimit", "max_files", "target", "alias", "source",
	"require", "before", "notify", "subscribe"}

// child is what Generate learns of one entry before it makes its resource.
type child struct {
	rel    string
	src    *entry // the source entry, nil without one
	srcDir string // the source root the entry was found in
	absent bool   // purged
	link   *entry // the target tree's entry (recursion of a link)
	target string // its full path
}

// Generate is Puppet's file recursion (File#recurse): the local tree
// unless recurse is remote, then the target's tree for a link or the
// sources' trees; with purge every local entry no source has is made
// absent. Children run in path order, each after its nearest generated
// ancestor. Files the catalog manages itself, and everything below them,
// are left to their own resources.
func (r recursive) Generate(ctx context.Context, h *resource.Handle, c *catalog.Catalog) ([]resource.Generated, error) {
	f := r.instance
	rec := f.rec
	set := fileset{follow: f.follow, limit: rec.limit, ignore: rec.ignore}
	children := map[string]*child{}
	var order []string
	add := func(rel string) *child {
		ch := children[rel]
		if ch == nil {
			ch = &child{rel: rel}
			children[rel] = ch
			order = append(order, rel)
		}
		return ch
	}
	if !rec.remote {
		entries, err := f.listTree(h, set, f.path)
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			if e.rel != "." {
				add(e.rel)
			}
		}
	}
	switch {
	case f.hasTarget && f.ensure == "link" && len(f.sources) == 0:
		if !strings.HasPrefix(f.target, "/") {
			// Puppet looks a relative target up on its file server, finds
			// nothing, and its recursion stumbles over the nothing.
			if h != nil && h.Log != nil {
				h.Log.Log(resource.Info, "", "Could not find filesystem info for file '"+f.target+"' in environment production")
			}
			return nil, errors.New("undefined method `each' for nil:NilClass\n\n    perform_recursion(self[:target]).each do |meta|\n                                    ^^^^^")
		}
		entries, err := f.listTree(h, set, f.target)
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			if e.rel == "." {
				f.becomeDirectory()
				continue
			}
			e := e
			ch := add(e.rel)
			ch.link, ch.target = &e, join(f.target, e.rel)
		}
	case len(f.sources) > 0:
		found, err := f.sourceEntries(h, set)
		if err != nil {
			return nil, err
		}
		for _, s := range found {
			ch := add(s.e.rel)
			e := s.e
			ch.src, ch.srcDir = &e, s.root
		}
	}
	if rec.purge {
		for _, ch := range children {
			if ch.src == nil {
				ch.absent = true
			}
		}
	}
	slices.Sort(order)
	order = f.leaveManaged(c, order)

	t := Type{host: f.host}
	made := make([]resource.Generated, 0, len(order))
	index := make(map[string]int, len(order))
	for _, rel := range order {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if !utf8.ValidString(rel) {
			return nil, fmt.Errorf("invalid byte sequence in UTF-8")
		}
		ch := children[rel]
		res := f.childResource(ch)
		inst, err := resource.Instantiate(t, res)
		if err != nil {
			return nil, err
		}
		if ch.src != nil {
			ci := inst.(*instance)
			ci.ownExtras().rec = &recursion{src: ch.src}
		}
		after := -1
		for p := rel; ; {
			i := strings.LastIndexByte(p, '/')
			if i < 0 {
				break
			}
			p = p[:i]
			if j, ok := index[p]; ok {
				after = j
				break
			}
		}
		index[rel] = len(made)
		made = append(made, resource.Generated{Resource: res, Instance: inst, After: after})
	}
	return made, nil
}

// listTree lists a tree for recursion, with Puppet's limit on its size.
func (f *instance) listTree(h *resource.Handle, set fileset, root string) ([]entry, error) {
	return limitedTree(h, set, root, f.rec.maxFiles)
}

// Tree lists root's tree as Puppet's Fileset does for a resource that
// recurses without following links (tidy): the paths relative to root,
// "." (root itself) first, then breadth first in the order the system
// lists each directory (Ruby's Dir.entries, not sorted), no deeper
// than limit levels (-1 for no limit); with maxFiles' limit (0 warns
// through h past 1000 entries). A root that does not exist has none.
func Tree(h *resource.Handle, root string, limit, maxFiles int) ([]string, error) {
	entries, err := limitedTree(h, fileset{limit: limit, unsorted: true}, root, maxFiles)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(entries))
	for i, e := range entries {
		out[i] = e.rel
	}
	return out, nil
}

func limitedTree(h *resource.Handle, set fileset, root string, maxFiles int) ([]entry, error) {
	entries, err := set.list(root)
	if err != nil {
		return nil, err
	}
	n := len(entries) - 1
	switch max := maxFiles; {
	case max > 0 && n > max:
		return nil, fmt.Errorf("The directory '%s' contains %d entries, which exceeds the limit of %d specified by the max_files parameter for this resource. The limit may be increased, but be aware that large number of file resources can result in excessive resource consumption and degraded performance. Consider using an alternate method to manage large directory trees", root, n, max)
	case max == 0 && n > softMaxFiles:
		if h != nil && h.Log != nil {
			h.Log.Log(resource.Warning, "", fmt.Sprintf("The directory '%s' contains %d entries, which exceeds the default soft limit %d and may cause excessive resource consumption and degraded performance. To remove this warning set a value for `max_files` parameter or consider using an alternate method to manage large directory trees", root, n, softMaxFiles))
		}
	}
	return entries, nil
}

// sourced is an entry of a source tree with the root it was found in.
type sourced struct {
	e    entry
	root string
}

// sourceEntries lists the sources' trees as Puppet's
// recurse_remote_metadata does: sources that do not exist are passed
// over; the first that is not a directory ends the recursion with
// nothing; with sourceselect first the first tree found is all, with all
// every tree counts and an entry comes from the first source that has it.
func (f *instance) sourceEntries(h *resource.Handle, set fileset) ([]sourced, error) {
	var out []sourced
	seen := map[string]bool{}
	for i := range f.sources {
		if f.remote[i] != "" {
			// Puppet's http metadata cannot list a tree.
			return nil, errors.New("cannot lookup multiple files")
		}
		src := f.sourcePath(i, h)
		var entries []entry
		if src != "" {
			var err error
			if entries, err = f.listTree(h, set, src); err != nil {
				return nil, err
			}
		}
		if entries == nil {
			// Puppet's file server says when it has no such module file.
			if u, err := url.Parse(f.sourceURI[i]); err == nil && u.Scheme == "puppet" && u.Host == "" && h != nil && h.Log != nil {
				h.Log.Log(resource.Info, "", "Could not find filesystem info for file '"+strings.TrimLeft(u.Path, "/")+"' in environment production")
			}
			continue
		}
		if entries[0].kind != "directory" {
			return nil, nil
		}
		for _, e := range entries {
			if e.rel == "." || seen[e.rel] {
				continue
			}
			seen[e.rel] = true
			out = append(out, sourced{e, src})
		}
		if !f.rec.sourceAll {
			break
		}
	}
	return out, nil
}

// leaveManaged drops the entries the catalog manages with a file of its
// own, and everything below those (Puppet's remove_less_specific_files).
func (f *instance) leaveManaged(c *catalog.Catalog, order []string) []string {
	if c == nil {
		return order
	}
	prefix := f.path + "/"
	if f.path == "/" {
		prefix = "/"
	}
	var managed []string // relative paths of catalog files below f
	for _, r := range c.Resources {
		if !managesFile[r.Type] || r.Virtual {
			continue
		}
		var p string
		if v, ok := r.Get("path"); ok {
			s, _ := v.(string)
			p = cleanPath(s)
		} else if strings.HasPrefix(r.Title, f.path) || cleanPath(r.Title) != r.Title {
			p = filePath(r)
		} else {
			continue // a title names the path; most are elsewhere
		}
		if strings.HasPrefix(p, prefix) {
			managed = append(managed, p[len(prefix):])
		}
	}
	if len(managed) == 0 {
		return order
	}
	kept := order[:0]
	for _, rel := range order {
		below := false
		for _, m := range managed {
			if rel == m || strings.HasPrefix(rel, m+"/") {
				below = true
				break
			}
		}
		if !below {
			kept = append(kept, rel)
		}
	}
	return kept
}

// managesFile are the types whose resources are file resources of their
// path when Puppet applies them: file itself, and concat_file, which
// makes its File[path] in Puppet's generate before the run.
var managesFile = map[string]bool{"File": true, "Concat_file": true}

// filePath is the path a catalog file manages.
func filePath(r *catalog.Resource) string {
	if p, ok := r.Get("path"); ok {
		if s, ok := p.(string); ok {
			return cleanPath(s)
		}
	}
	p, _ := trimSlashes(r.Title, 0)
	return cleanPath(p)
}

// childResource is the resource of one generated child: the parent's
// parameters as declared (less childDropped), and what its entry asks.
func (f *instance) childResource(ch *child) *catalog.Resource {
	p := join(f.path, ch.rel)
	res := &catalog.Resource{Type: "File", Title: p, Tags: slices.Clone(f.decl.Tags), Kind: f.decl.Kind}
	res.Params = make([]catalog.Param, 0, len(f.decl.Params)+2)
	for _, prm := range f.decl.Params {
		if slices.Contains(childDropped, prm.Name) {
			continue
		}
		res.Params = append(res.Params, prm)
	}
	for _, s := range f.decl.Sensitive {
		if !slices.Contains(childDropped, s) {
			res.Sensitive = append(res.Sensitive, s)
		}
	}
	switch {
	case ch.absent:
		res.Set("ensure", "absent")
	case ch.src != nil:
		res.Set("source", join(ch.srcDir, ch.rel))
	case ch.link != nil && ch.link.kind == "directory":
		res.Set("ensure", "directory")
	case ch.link != nil:
		res.Set("ensure", "link")
		res.Set("target", ch.target)
	}
	return res
}

// becomeDirectory makes a recursive link a directory: its target is one
// (Puppet's recurse_link).
func (f *instance) becomeDirectory() {
	f.ensure = "directory"
	f.props &^= propTarget
}
