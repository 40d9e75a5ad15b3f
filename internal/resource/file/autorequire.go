package file

import (
	"path/filepath"
	"strings"

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
	if !cleanAbs(p) {
		p = filepath.Clean(p)
	}
	if filepath.IsAbs(p) {
		for dir := parentDir(p); dir != p; p, dir = dir, parentDir(dir) {
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

// cleanAbs reports whether p is an absolute path filepath.Clean leaves as
// it is, which most titles are: checked without building a copy.
func cleanAbs(p string) bool {
	if p == "/" {
		return true
	}
	if len(p) < 2 || p[0] != '/' || p[len(p)-1] == '/' {
		return false
	}
	for i := 1; i < len(p); i++ {
		if p[i] != '.' || p[i-1] != '/' {
			if p[i] == '/' && p[i-1] == '/' {
				return false
			}
			continue
		}
		// A segment that starts with a dot: "." and ".." are not clean.
		if i+1 == len(p) || p[i+1] == '/' || p[i+1] == '.' && (i+2 == len(p) || p[i+2] == '/') {
			return false
		}
	}
	return true
}

// parentDir is filepath.Dir of a clean absolute path, without cleaning
// again.
func parentDir(p string) string {
	i := strings.LastIndexByte(p, '/')
	if i <= 0 {
		return "/"
	}
	return p[:i]
}
