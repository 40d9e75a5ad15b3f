// Package concat implements puppetlabs-concat's concat_file and
// concat_fragment types: a file whose content is the fragments that name
// it as target (or share its tag), sorted by order and name.
//
// Puppet's concat_file generates a File resource and lets it do the
// writing; ordo's concat_file hands its content to the file type the same
// way and logs the file's changes under that File's path, as Puppet does.
// Fragment sources and the yaml and json formats are not supported yet.
package concat

import (
	"context"
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/file"
)

// Type is the concat_file resource type.
type Type struct {
	files file.Type
	// found holds, for each concat_file of the catalog being applied, its
	// fragments; they are collected when the graph asks for automatic
	// relationships, the one moment a type sees the whole catalog.
	found *fragmentIndex
}

type fragmentIndex struct {
	mu    sync.Mutex
	byRes map[*catalog.Resource][]fragment
	// lost holds the fragments no concat_file of their catalog takes.
	lost map[*catalog.Resource]bool
}

// NewType returns the concat_file type, writing through files.
func NewType(files file.Type) Type {
	found := &fragmentIndex{byRes: map[*catalog.Resource][]fragment{}, lost: map[*catalog.Resource]bool{}}
	return Type{files: files, found: found}
}

// FragmentType returns the concat_fragment type that goes with t.
func (t Type) FragmentType() FragmentType { return FragmentType{found: t.found} }

// Name returns "concat_file".
func (Type) Name() string { return "concat_file" }

// Attributes lists concat_file's attributes in puppetlabs-concat's order.
func (Type) Attributes() []resource.Attribute {
	attrs := []resource.Attribute{{Name: "ensure", Property: true}, {Name: "path", Namevar: true}}
	for _, p := range []string{"owner", "group", "mode", "order", "backup", "replace", "validate_cmd", "ensure_newline", "format", "force",
		"selinux_ignore_defaults", "selrange", "selrole", "seltype", "seluser", "show_diff", "create_empty_file", "provider"} {
		attrs = append(attrs, resource.Attribute{Name: p})
	}
	return attrs
}

// fragment is one concat_fragment's part of a file.
type fragment struct {
	name, order, content string
}

// AutoRequire requires the file's parent directory, as the generated file
// would, and collects the concat_file's fragments from the catalog.
func (t Type) AutoRequire(r *catalog.Resource, c *catalog.Catalog) []catalog.Ref {
	path := pathOf(r)
	var frags []fragment
	tags := catalog.Strings(valueOr(r, "tag"))
	for _, f := range c.Resources {
		if !strings.EqualFold(f.Type, "Concat_fragment") {
			continue
		}
		target := f.String("target")
		match := target != "" && (target == path || target == r.Title)
		if ft := f.String("tag"); !match && ft != "" {
			for _, tag := range tags {
				match = match || tag == ft
			}
		}
		if match {
			content, _ := f.Get("content")
			if sens, ok := content.(catalog.Sensitive); ok {
				content = sens.Value
			}
			frags = append(frags, fragment{name: nameOf(f), order: orderOf(f), content: catalog.Scalar(content)})
		}
	}
	t.found.mu.Lock()
	t.found.byRes[r] = frags
	t.found.mu.Unlock()
	if ref, ok := file.Find(c, filepath.Dir(path)); ok {
		return []catalog.Ref{ref}
	}
	return nil
}

func valueOr(r *catalog.Resource, name string) catalog.Value {
	v, _ := r.Get(name)
	return v
}

func pathOf(r *catalog.Resource) string {
	if p := r.String("path"); p != "" {
		return p
	}
	return r.Title
}

func nameOf(r *catalog.Resource) string {
	if n := r.String("name"); n != "" {
		return n
	}
	return r.Title
}

func orderOf(r *catalog.Resource) string {
	v, ok := r.Get("order")
	if !ok || v == nil {
		return "10"
	}
	return catalog.Scalar(v)
}

// spec is a concat_file's validated attributes.
type spec struct {
	res           *catalog.Resource
	path          string
	absent        bool
	alpha         bool
	ensureNewline bool
	createEmpty   bool
}

// New validates r and returns its instance.
func (t Type) New(r *catalog.Resource) (resource.Instance, error) {
	s := spec{res: r, path: pathOf(r), createEmpty: true}
	ref := r.Ref()
	fail := func(param, format string, args ...any) error {
		return &resource.ParamError{Ref: ref, Param: param, Msg: fmt.Sprintf(format, args...)}
	}
	if !filepath.IsAbs(s.path) {
		return nil, fail("path", "File paths must be fully qualified, not '%s'", s.path)
	}
	for _, p := range r.Params {
		if p.Value == nil {
			continue
		}
		str := catalog.Scalar(p.Value)
		switch p.Name {
		case "ensure":
			if str != "present" && str != "absent" {
				return nil, fail("ensure", "Invalid value %s. Valid values are present, absent.", resource.Inspect(p.Value))
			}
			s.absent = str == "absent"
		case "order":
			if str != "alpha" && str != "numeric" {
				return nil, fail("order", "Invalid value %s. Valid values are alpha, numeric.", resource.Inspect(p.Value))
			}
			s.alpha = str == "alpha"
		case "format":
			if str != "plain" {
				return nil, fail("format", "format %s is not supported by ordo yet", resource.Inspect(p.Value))
			}
		case "ensure_newline", "create_empty_file", "replace", "force", "show_diff", "selinux_ignore_defaults":
			if str != "true" && str != "false" {
				return nil, fail(p.Name, "Invalid value %s. Valid values are true, false.", resource.Inspect(p.Value))
			}
			switch p.Name {
			case "ensure_newline":
				s.ensureNewline = str == "true"
			case "create_empty_file":
				s.createEmpty = str == "true"
			}
		case "validate_cmd":
			if _, ok := p.Value.(string); !ok {
				return nil, fail("validate_cmd", "Validate_cmd must be a String")
			}
		}
	}
	return &instance{spec: s, typ: t}, nil
}

// instance manages one concat_file through the file it generates.
type instance struct {
	spec
	typ  Type
	file resource.Instance
}

// content joins the fragments in order, as puppetlabs-concat sorts them.
func (c *instance) content(frags []fragment) string {
	frags = append([]fragment(nil), frags...)
	if c.alpha {
		sort.SliceStable(frags, func(i, j int) bool {
			if frags[i].order != frags[j].order {
				return frags[i].order < frags[j].order
			}
			return frags[i].name < frags[j].name
		})
	} else {
		sort.SliceStable(frags, func(i, j int) bool {
			return compareCompound(frags[i].order+"___"+frags[i].name, frags[j].order+"___"+frags[j].name) < 0
		})
	}
	var b strings.Builder
	for _, f := range frags {
		b.WriteString(f.content)
		if c.ensureNewline && !strings.HasSuffix(f.content, "\n") {
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// compareCompound compares "order___name" keys as Ruby compares their
// two parts, each a number when it is all digits.
func compareCompound(a, b string) int {
	pa, pb := strings.SplitN(a, "___", 2), strings.SplitN(b, "___", 2)
	for i := 0; i < len(pa) && i < len(pb); i++ {
		na, ea := strconv.Atoi(pa[i])
		nb, eb := strconv.Atoi(pb[i])
		switch {
		case ea == nil && eb == nil:
			if na != nb {
				if na < nb {
					return -1
				}
				return 1
			}
		case ea == nil:
			return -1
		case eb == nil:
			return 1
		default:
			if c := strings.Compare(pa[i], pb[i]); c != 0 {
				return c
			}
		}
	}
	return len(pa) - len(pb)
}

// fileResource is the File resource Puppet's concat_file generates.
func (c *instance) fileResource(content string) *catalog.Resource {
	r := &catalog.Resource{Type: "File", Title: c.path, File: c.res.File, Line: c.res.Line}
	ensure := "file"
	if c.absent || (!c.createEmpty && content == "") {
		ensure = "absent"
	}
	r.Set("path", c.path)
	r.Set("ensure", ensure)
	for _, p := range []string{"owner", "group", "mode", "replace", "backup", "selinux_ignore_defaults", "selrange", "selrole", "seltype", "seluser", "validate_cmd", "show_diff", "loglevel", "noop"} {
		if v, ok := c.res.Get(p); ok && v != nil {
			r.Set(p, v)
		}
	}
	if ensure == "file" {
		r.Set("content", content)
	}
	return r
}

// Retrieve builds the generated file from the fragments and reads it.
// From here on the resource's lines carry the file's path.
func (c *instance) Retrieve(ctx context.Context, h *resource.Handle) error {
	c.typ.found.mu.Lock()
	frags := c.typ.found.byRes[c.res]
	delete(c.typ.found.byRes, c.res)
	c.typ.found.mu.Unlock()
	f, err := c.typ.files.New(c.fileResource(c.content(frags)))
	if err != nil {
		return err
	}
	c.file = f
	h.Path = filePath(h.Path, c.res.Ref(), c.path)
	return f.Retrieve(ctx, h)
}

// filePath is the log path of the generated file: the concat_file's own
// path with its last step replaced by File[path].
func filePath(path string, ref catalog.Ref, file string) string {
	if p, ok := strings.CutSuffix(path, ref.String()); ok {
		return p + "File[" + file + "]"
	}
	return path
}

// Exists reports whether the file exists.
func (c *instance) Exists() bool { return c.file != nil && c.file.Exists() }

// Properties are the generated file's.
func (c *instance) Properties() []resource.Property {
	if c.file == nil {
		return nil
	}
	return c.file.Properties()
}

// Flush flushes the file when it has something to flush.
func (c *instance) Flush(ctx context.Context, h *resource.Handle) error {
	if f, ok := c.file.(resource.Flusher); ok {
		return f.Flush(ctx, h)
	}
	return nil
}

// FragmentType is the concat_fragment resource type.
type FragmentType struct {
	found *fragmentIndex
}

// AutoRequire finds the fragment's concat_file, to warn at apply time
// when there is none (the fragment requires nothing).
func (t FragmentType) AutoRequire(r *catalog.Resource, c *catalog.Catalog) []catalog.Ref {
	target, tag := r.String("target"), r.String("tag")
	for _, f := range c.Resources {
		if !strings.EqualFold(f.Type, "Concat_file") {
			continue
		}
		if target != "" && (pathOf(f) == target || f.Title == target) {
			return nil
		}
		if tag != "" {
			for _, ft := range catalog.Strings(valueOr(f, "tag")) {
				if ft == tag {
					return nil
				}
			}
		}
	}
	if t.found != nil {
		t.found.mu.Lock()
		t.found.lost[r] = true
		t.found.mu.Unlock()
	}
	return nil
}

// Name returns "concat_fragment".
func (FragmentType) Name() string { return "concat_fragment" }

// Attributes lists concat_fragment's attributes.
func (FragmentType) Attributes() []resource.Attribute {
	return []resource.Attribute{{Name: "name", Namevar: true}, {Name: "target"}, {Name: "content"}, {Name: "source"}, {Name: "order"}}
}

// New validates the fragment as puppetlabs-concat does.
func (t FragmentType) New(r *catalog.Resource) (resource.Instance, error) {
	target, hasTarget := r.Get("target")
	content, hasContent := r.Get("content")
	source, hasSource := r.Get("source")
	_, hasTag := r.Get("tag")
	hasContent = hasContent && content != nil
	hasSource = hasSource && source != nil
	switch {
	case hasTarget && target != nil && !isString(target):
		return nil, &resource.ParamError{Ref: r.Ref(), Param: "target", Msg: "Target must be a String"}
	case hasContent && !isString(content):
		return nil, &resource.ParamError{Ref: r.Ref(), Param: "content", Msg: "Content must be a String"}
	case !(hasTarget && target != nil) && !hasTag:
		return nil, fmt.Errorf("Validation of %s failed: No 'target' or 'tag' set", r.Ref())
	case !hasSource && !hasContent:
		return nil, fmt.Errorf("Validation of %s failed: Set either 'source' or 'content'", r.Ref())
	case hasSource && hasContent:
		return nil, fmt.Errorf("Validation of %s failed: Can't use 'source' and 'content' at the same time", r.Ref())
	case hasSource:
		return nil, fmt.Errorf("Validation of %s failed: fragment sources are not supported by ordo yet", r.Ref())
	}
	if v, ok := r.Get("order"); ok && v != nil && strings.ContainsAny(catalog.Scalar(v), ":\n/") {
		return nil, &resource.ParamError{Ref: r.Ref(), Param: "order", Msg: "Order cannot contain '/', ':', or '\\n'."}
	}
	inst := &fragmentInstance{}
	if tag := r.String("tag"); tag != "" {
		inst.warning = fmt.Sprintf("Target Concat_file with path or title '%s' or tag '%s not found in the catalog", r.String("target"), tag)
	} else {
		inst.warning = fmt.Sprintf("Target Concat_file with path or title '%s' not found in the catalog", r.String("target"))
	}
	inst.res, inst.found = r, t.found
	return inst, nil
}

func isString(v catalog.Value) bool {
	switch v.(type) {
	case string, catalog.Sensitive:
		return true
	}
	return false
}

// fragmentInstance has no state of its own; it warns when no
// concat_file takes it (Puppet warns while building the graph, ordo when
// the fragment is applied).
type fragmentInstance struct {
	res     *catalog.Resource
	found   *fragmentIndex
	warning string
}

func (f *fragmentInstance) Retrieve(_ context.Context, h *resource.Handle) error {
	if f.found == nil {
		return nil
	}
	f.found.mu.Lock()
	lost := f.found.lost[f.res]
	delete(f.found.lost, f.res)
	f.found.mu.Unlock()
	if lost {
		h.Logf(resource.Warning, "%s", f.warning)
	}
	return nil
}
func (f *fragmentInstance) Exists() bool                    { return true }
func (f *fragmentInstance) Properties() []resource.Property { return nil }
