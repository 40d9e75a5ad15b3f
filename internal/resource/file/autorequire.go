package file

import (
	"path/filepath"

	"github.com/ordoproject/ordo/internal/catalog"
)

// Find returns the File resource in c that manages path p, looking the
// path up as a title with and without a trailing slash.
func Find(c *catalog.Catalog, p string) (catalog.Ref, bool) {
	if c == nil {
		return catalog.Ref{}, false
	}
	for _, t := range [...]string{p, p + "/"} {
		ref := catalog.Ref{Type: "File", Title: t}
		if c.Resource(ref) != nil {
			return ref, true
		}
	}
	return catalog.Ref{}, false
}

// AutoRequire returns the nearest managed ancestor directory, the link
// target, and the owner and group when they are names.
func (Type) AutoRequire(r *catalog.Resource, c *catalog.Catalog) []catalog.Ref {
	var refs []catalog.Ref
	p := r.Title
	if v, ok := r.Get("path"); ok && v != nil {
		p = catalog.Scalar(v)
	}
	p = filepath.Clean(p)
	if filepath.IsAbs(p) {
		for dir := filepath.Dir(p); dir != p; p, dir = dir, filepath.Dir(dir) {
			if ref, ok := Find(c, dir); ok {
				refs = append(refs, ref)
				break
			}
		}
	}
	if t := r.String("target"); t != "" {
		if ref, ok := Find(c, filepath.Clean(t)); ok {
			refs = append(refs, ref)
		} else {
			refs = append(refs, catalog.Ref{Type: "File", Title: t})
		}
	}
	if o := r.String("owner"); o != "" && !digits(o) {
		refs = append(refs, catalog.Ref{Type: "User", Title: o})
	}
	if g := r.String("group"); g != "" && !digits(g) {
		refs = append(refs, catalog.Ref{Type: "Group", Title: g})
	}
	return refs
}

func digits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
