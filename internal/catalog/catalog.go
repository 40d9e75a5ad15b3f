// Package catalog holds ordo's catalog: the resources to manage, their
// containment, and explicit relationships, independent of the language
// they were written in. It reads and writes Puppet's JSON catalog format
// (catalog_format 2), ordo's interchange form.
package catalog

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Ref names one resource: its canonical type name and its title,
// printed Puppet-style as Type[title].
type Ref struct {
	Type  string
	Title string
}

func (r Ref) String() string { return r.Type + "[" + r.Title + "]" }

// ParseRef parses "Type[title]" into a Ref with a canonical type name.
// Class titles are canonicalized the way Puppet does (Class[foo::bar] is
// Class[Foo::Bar]); other titles are kept verbatim.
func ParseRef(s string) (Ref, bool) {
	open := strings.IndexByte(s, '[')
	if open <= 0 || !strings.HasSuffix(s, "]") {
		return Ref{}, false
	}
	typ, title := s[:open], s[open+1:len(s)-1]
	if !validTypeName(typ) {
		return Ref{}, false
	}
	title = strings.TrimSpace(title)
	if len(title) >= 2 && (title[0] == '\'' || title[0] == '"') && title[len(title)-1] == title[0] {
		title = title[1 : len(title)-1]
	}
	return NewRef(typ, title), true
}

// NewRef builds a Ref, canonicalizing the type name and, for classes, the title.
func NewRef(typ, title string) Ref {
	typ = CanonicalType(typ)
	if typ == "Class" && title != "main" {
		title = CanonicalType(strings.TrimPrefix(title, "::"))
	}
	return Ref{Type: typ, Title: title}
}

// CanonicalType capitalizes each ::-separated segment: foo::bar is Foo::Bar.
func CanonicalType(name string) string {
	if isCanonicalType(name) {
		return name
	}
	name = strings.TrimPrefix(name, "::")
	if ascii(name) {
		// One string built, not a slice of segments and their pieces.
		b := make([]byte, len(name))
		start := true
		for i := 0; i < len(name); i++ {
			c := name[i]
			switch {
			case c == ':' && i+1 < len(name) && name[i+1] == ':':
				b[i], b[i+1] = ':', ':'
				i++
				start = true
				continue
			case start && c >= 'a' && c <= 'z':
				c -= 'a' - 'A'
			case !start && c >= 'A' && c <= 'Z':
				c += 'a' - 'A'
			}
			b[i] = c
			start = false
		}
		return string(b)
	}
	segs := strings.Split(name, "::")
	for i, s := range segs {
		if s != "" {
			segs[i] = strings.ToUpper(s[:1]) + strings.ToLower(s[1:])
		}
	}
	return strings.Join(segs, "::")
}

func ascii(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// isCanonicalType reports whether CanonicalType would return name
// unchanged, for ASCII names, without allocating.
func isCanonicalType(name string) bool {
	if strings.HasPrefix(name, "::") {
		return false
	}
	start := true // at the start of a segment
	for i := 0; i < len(name); i++ {
		c := name[i]
		switch {
		case c >= 0x80:
			return false
		case c == ':' && i+1 < len(name) && name[i+1] == ':':
			i++
			start = true
			continue
		case start:
			if c >= 'a' && c <= 'z' {
				return false
			}
		case c >= 'A' && c <= 'Z':
			return false
		}
		start = false
	}
	return true
}

func validTypeName(s string) bool {
	if s == "" {
		return false
	}
	for seg := range strings.SplitSeq(strings.TrimPrefix(s, "::"), "::") {
		if seg == "" {
			return false
		}
		for i, c := range seg {
			ok := c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (i > 0 && c >= '0' && c <= '9')
			if !ok {
				return false
			}
		}
	}
	return true
}

// Param is one attribute of a resource.
type Param struct {
	Name  string
	Value Value
}

// Resource is one resource in the catalog.
type Resource struct {
	Type     string // canonical type name: File, Notify, Foo::Bar
	Title    string
	Params   []Param // in declaration order
	Tags     []string
	File     string // where it was declared; "" if unknown
	Line     int
	Exported bool
	Virtual  bool
	// Kind is Puppet's resource kind: "compilable_type" for built-in
	// types, "defined_type", "class" or "unknown"; "" when not given.
	// Puppet applies a catalog_format 2 resource whose kind is not
	// "compilable_type" as a container, so it must survive a round trip.
	Kind string
	// Sensitive names the parameters whose values must never be shown.
	Sensitive []string
	// KindFirst writes kind before exported in the JSON catalog, as
	// Puppet does for the resources create_resources and
	// ensure_resource make.
	KindFirst bool
	// Origins say where each entry of the relationship metaparameters
	// (before, require, notify, subscribe) was declared: a metaparameter,
	// a resource default, a collector, a chaining arrow, the require
	// function. Only a compiler fills them, in memory; Puppet's JSON
	// catalog has no place for them.
	Origins []ParamOrigins
}

// ParamOrigins are the origins of the entries of one relationship
// metaparameter, in the order of its value's entries.
type ParamOrigins struct {
	Param   string
	Entries []Provenance
}

// RelationOrigin returns where entry i of relationship metaparameter
// param was declared, if the front end recorded it.
func (r *Resource) RelationOrigin(param string, i int) (Provenance, bool) {
	for _, o := range r.Origins {
		if o.Param == param {
			if i >= 0 && i < len(o.Entries) {
				return o.Entries[i], true
			}
			return Provenance{}, false
		}
	}
	return Provenance{}, false
}

// Ref returns the resource's reference.
func (r *Resource) Ref() Ref { return Ref{Type: r.Type, Title: r.Title} }

// Get returns the value of parameter name and whether it is set.
func (r *Resource) Get(name string) (Value, bool) {
	for _, p := range r.Params {
		if p.Name == name {
			return p.Value, true
		}
	}
	return nil, false
}

// String returns the value of parameter name as a string, "" when unset.
func (r *Resource) String(name string) string {
	v, _ := r.Get(name)
	if s, ok := v.(string); ok {
		return s
	}
	if v == nil {
		return ""
	}
	return Format(v)
}

// Set sets parameter name, replacing any earlier value in place.
func (r *Resource) Set(name string, v Value) {
	for i, p := range r.Params {
		if p.Name == name {
			r.Params[i].Value = v
			return
		}
	}
	r.Params = append(r.Params, Param{Name: name, Value: v})
}

// IsSensitive reports whether parameter name holds a sensitive value.
func (r *Resource) IsSensitive(name string) bool {
	for _, s := range r.Sensitive {
		if s == name {
			return true
		}
	}
	v, _ := r.Get(name)
	_, ok := v.(Sensitive)
	return ok
}

// Location renders where the resource was declared as Puppet does,
// "(file: F, line: L)", or "" when unknown.
func (r *Resource) Location() string {
	switch {
	case r.File != "" && r.Line > 0:
		return fmt.Sprintf("(file: %s, line: %d)", r.File, r.Line)
	case r.File != "":
		return fmt.Sprintf("(file: %s)", r.File)
	case r.Line > 0:
		return fmt.Sprintf("(line: %d)", r.Line)
	}
	return ""
}

// IsContainer reports whether resources of this type hold other resources
// rather than state: stages, classes, nodes and defined-type instances.
// Built-in types are told apart from defined types by the caller; this
// reports only the fixed container types.
func IsContainerType(typ string) bool {
	return typ == "Stage" || typ == "Class" || typ == "Node"
}

// Containment says that Container holds Member.
type Containment struct {
	Container Ref
	Member    Ref
	// Origin says what put Member in Container (a declaration in a class
	// body, include, contain, a stage), when a compiler recorded it; a
	// catalog read from JSON has none.
	Origin Provenance
}

// Catalog is the compiled description of a machine: resources in the
// order they were added, containment, and explicit relationships.
type Catalog struct {
	Name        string // node name
	Environment string
	Version     string // configuration version
	CodeID      string
	CatalogUUID string
	Tags        []string
	Classes     []string

	Resources   []*Resource
	Containment []Containment
	// Relationships are edges a front end declared directly (as Salt
	// requisites do). Puppet catalogs carry theirs as the before, require,
	// notify and subscribe parameters instead.
	Relationships []Relationship

	byRef map[Ref]*Resource
}

// New returns an empty catalog for node name.
func New(name string) *Catalog {
	return &Catalog{Name: name, Environment: "production", byRef: map[Ref]*Resource{}}
}

// Add appends r. A resource with the same reference is an error.
func (c *Catalog) Add(r *Resource) error {
	if c.byRef == nil {
		c.byRef = map[Ref]*Resource{}
	}
	ref := r.Ref()
	if old, ok := c.byRef[ref]; ok {
		msg := "Duplicate declaration: " + ref.String() + " is already declared"
		if loc := old.Location(); loc != "" {
			msg += " at " + loc
		}
		msg += "; cannot redeclare"
		if loc := r.Location(); loc != "" {
			msg += " " + loc
		}
		return errors.New(msg)
	}
	c.byRef[ref] = r
	c.Resources = append(c.Resources, r)
	return nil
}

// InsertAfter adds, right after each resource of the catalog that more
// names, the resources more gives for it, in their order, as Puppet's
// catalog places the resources another one generated. One pass over the
// catalog does all. A reference the catalog (or more) holds already, or a
// resource more names that the catalog does not hold, is an error, and
// then nothing is added.
func (c *Catalog) InsertAfter(more map[*Resource][]*Resource) error {
	return c.insert(more, false)
}

// InsertBefore is InsertAfter with the resources placed right before the
// one that names them, as Puppet places those a depth-first resource
// (tidy) generated.
func (c *Catalog) InsertBefore(more map[*Resource][]*Resource) error {
	return c.insert(more, true)
}

func (c *Catalog) insert(more map[*Resource][]*Resource, before bool) error {
	if c.byRef == nil {
		c.byRef = map[Ref]*Resource{}
	}
	n := 0
	seen := map[Ref]bool{}
	for _, rs := range more {
		for _, r := range rs {
			ref := r.Ref()
			if _, ok := c.byRef[ref]; ok || seen[ref] {
				return errors.New("Duplicate declaration: " + ref.String() + " is already declared; cannot redeclare")
			}
			seen[ref] = true
			n++
		}
	}
	out := make([]*Resource, 0, len(c.Resources)+n)
	placed := 0
	for _, r := range c.Resources {
		if !before {
			out = append(out, r)
		}
		if rs, ok := more[r]; ok {
			out = append(out, rs...)
			placed++
		}
		if before {
			out = append(out, r)
		}
	}
	if placed != len(more) {
		return errors.New("cannot add resources next to one the catalog does not hold")
	}
	for _, rs := range more {
		for _, r := range rs {
			c.byRef[r.Ref()] = r
		}
	}
	c.Resources = out
	return nil
}

// Reserve makes room for n more resources.
func (c *Catalog) Reserve(n int) {
	if len(c.byRef) == 0 {
		c.byRef = make(map[Ref]*Resource, n)
	}
	c.Resources = slices.Grow(c.Resources, n)
}

// Resource returns the resource named ref, or nil.
func (c *Catalog) Resource(ref Ref) *Resource { return c.byRef[ref] }

// Contain records that container holds member.
func (c *Catalog) Contain(container, member Ref) {
	c.Containment = append(c.Containment, Containment{Container: container, Member: member})
}

// Relate records a relationship declared by a front end.
func (c *Catalog) Relate(rel Relationship) { c.Relationships = append(c.Relationships, rel) }

// Retitle gives r, a resource of c, the title its type shows it under
// (Puppet's sshkey shows name@type): its containment and relationships
// follow, and its old title still finds it, as an alias.
func (c *Catalog) Retitle(r *Resource, title string) {
	old := r.Ref()
	if title == r.Title || c.byRef[old] != r {
		return
	}
	r.Title = title
	now := r.Ref()
	if c.byRef[now] != nil {
		r.Title = old.Title // the new title is taken: keep the old one
		return
	}
	c.byRef[now] = r
	for i := range c.Containment {
		if c.Containment[i].Member == old {
			c.Containment[i].Member = now
		}
		if c.Containment[i].Container == old {
			c.Containment[i].Container = now
		}
	}
	for i := range c.Relationships {
		if c.Relationships[i].Source == old {
			c.Relationships[i].Source = now
		}
		if c.Relationships[i].Target == old {
			c.Relationships[i].Target = now
		}
	}
	aliases := []Value{old.Title}
	switch a, _ := r.Get("alias"); x := a.(type) {
	case []Value:
		aliases = append(x[:len(x):len(x)], old.Title)
	case string:
		aliases = []Value{x, old.Title}
	}
	r.Set("alias", aliases)
}
