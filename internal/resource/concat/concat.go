// Package concat implements puppetlabs-concat's concat_file and
// concat_fragment types: a file whose content is the fragments that name
// it as target (or share its tag), sorted by order and name.
//
// As in Puppet, a concat_file makes a File resource for its path before
// the run (generate), or takes the catalog's own file on the path, which
// then keeps its other attributes; when the run reaches the concat_file
// it joins the fragments and gives the file their content
// (eval_generate), and the file writes it at its own turn, with its own
// log lines, events and failures.
// The yaml format is not supported yet; a fragment's puppet: source is
// found only as puppet:///modules/NAME/PATH on the module path, as the
// file type finds it.
package concat

import (
	"context"
	"errors"
	"fmt"
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
	// found indexes the concat_files and fragments of the catalog being
	// applied, and holds the fragments no concat_file takes.
	found *fragmentIndex
}

type fragmentIndex struct {
	mu sync.Mutex
	// lost holds the fragments no concat_file of their catalog takes;
	// they are found when the graph asks for automatic relationships.
	lost map[*catalog.Resource]bool
	// of is the catalog the maps below were made from, once, when first
	// asked: a run adds no concat_file or fragment to its catalog.
	of *catalog.Catalog
	// fragments maps a target, or tagKey(tag), to the fragments that
	// name it, in catalog order.
	fragments map[string][]*catalog.Resource
	// pos is each fragment's place in the catalog.
	pos map[*catalog.Resource]int
	// files holds the paths and titles of the concat_files, and
	// tagKey(tag) of each of their tags.
	files map[string]bool
}

// tagKey is the key of a tag in the index, apart from paths and titles.
func tagKey(tag string) string { return "\x00" + tag }

// indexed returns the index of c, made when first asked; x.mu is held.
func (x *fragmentIndex) indexed(c *catalog.Catalog) *fragmentIndex {
	if x.of == c {
		return x
	}
	x.of, x.fragments, x.files, x.pos = c, map[string][]*catalog.Resource{}, map[string]bool{}, map[*catalog.Resource]int{}
	for i, r := range c.Resources {
		switch {
		case strings.EqualFold(r.Type, "Concat_fragment"):
			x.pos[r] = i
			if target := r.String("target"); target != "" {
				x.fragments[target] = append(x.fragments[target], r)
			}
			if tag := r.String("tag"); tag != "" {
				x.fragments[tagKey(tag)] = append(x.fragments[tagKey(tag)], r)
			}
		case strings.EqualFold(r.Type, "Concat_file"):
			x.files[pathOf(r)], x.files[r.Title] = true, true
			for _, tag := range catalog.Strings(valueOr(r, "tag")) {
				x.files[tagKey(tag)] = true
			}
		}
	}
	return x
}

// NewType returns the concat_file type, writing through files.
func NewType(files file.Type) Type {
	return Type{files: files, found: &fragmentIndex{lost: map[*catalog.Resource]bool{}}}
}

// FragmentType returns the concat_fragment type that goes with t.
func (t Type) FragmentType() FragmentType { return FragmentType{found: t.found} }

var schema = resource.NewSchema(resource.Schema{
	Name: "concat_file",
	Doc:  "A file made of the concat_fragment resources that name it (puppetlabs-concat).",
	Attrs: []resource.Attr{
		{Name: "ensure", Kind: resource.KindProperty, Default: "present", Doc: "Whether the file exists.", Check: resource.Enum("present", "absent")},
		{Name: "path", Namevar: true, Doc: "The file.", Check: resource.AbsPathCheck{Msg: "File paths must be fully qualified, not '%s'"}},
		{Name: "owner", Doc: "The file's owner, passed to the file."},
		{Name: "group", Doc: "The file's group, passed to the file."},
		{Name: "mode", Doc: "The file's mode, passed to the file.", Check: resource.ModeCheck{}},
		{Name: "order", Default: "numeric", Doc: "Sort fragments by order as numbers (numeric) or as strings (alpha).", Check: resource.Enum("alpha", "numeric")},
		{Name: "backup", Doc: "Passed to the file.", Check: resource.CheckFunc("a boolean or a string", checkBackup)},
		{Name: "replace", Default: true, Doc: "Passed to the file.", Check: resource.YesNo()},
		{Name: "validate_cmd", Doc: "Passed to the file.", Check: resource.CheckFunc("a string", checkValidateCmd)},
		{Name: "ensure_newline", Default: false, Doc: "End every fragment with a newline.", Check: resource.YesNo()},
		{Name: "format", Default: "plain", Doc: "How fragments are merged: plain, or the json formats (yaml is not supported yet).", Check: resource.CheckFunc("plain, json, json-array, json-pretty or json-array-pretty", checkFormat)},
		{Name: "force", Default: false, Doc: "Merge duplicate keys of yaml and json fragments.", Check: resource.YesNo()},
		{Name: "selinux_ignore_defaults", Doc: "Passed to the file.", Check: resource.YesNo()},
		{Name: "selrange", Doc: "Passed to the file."},
		{Name: "selrole", Doc: "Passed to the file."},
		{Name: "seltype", Doc: "Passed to the file."},
		{Name: "seluser", Doc: "Passed to the file."},
		{Name: "show_diff", Doc: "Passed to the file.", Check: resource.YesNo()},
		{Name: "create_empty_file", Default: true, Doc: "Create the file when no fragment gives it content.", Check: resource.YesNo()},
	},
})

func checkBackup(v catalog.Value) (catalog.Value, error) {
	switch v.(type) {
	case bool, string:
		return v, nil
	}
	return nil, errors.New("Backup must be a Boolean or String")
}

func checkValidateCmd(v catalog.Value) (catalog.Value, error) {
	if _, ok := v.(string); ok {
		return v, nil
	}
	return nil, errors.New("Validate_cmd must be a String")
}

func checkFormat(v catalog.Value) (catalog.Value, error) {
	switch catalog.Scalar(v) {
	case "plain":
		return v, nil
	case "json", "json-array", "json-pretty", "json-array-pretty":
		return v, nil
	case "yaml":
		return nil, fmt.Errorf("format %s is not supported by ordo yet", resource.Inspect(v))
	}
	return nil, fmt.Errorf("Invalid value %s. Valid values are plain, yaml, json, json-array, json-pretty, json-array-pretty.", resource.Inspect(v))
}

// Schema returns concat_file's schema.
func (Type) Schema() *resource.Schema { return schema }

// fragment is one concat_fragment's part of a file.
type fragment struct {
	name, order, content string
	// sources, when the fragment has no content, are the files to take
	// it from: the first that exists.
	sources []string
}

// fragmentsOf collects the fragments of r from c, in catalog order:
// those whose target is r's path or title, or whose tag is one of r's
// tags.
func (t Type) fragmentsOf(r *catalog.Resource, c *catalog.Catalog) []fragment {
	keys := []string{pathOf(r), r.Title}
	for _, tag := range catalog.Strings(valueOr(r, "tag")) {
		keys = append(keys, tagKey(tag))
	}
	t.found.mu.Lock()
	index := t.found.indexed(c)
	seen := map[*catalog.Resource]bool{}
	var found []*catalog.Resource
	for _, k := range keys {
		for _, f := range index.fragments[k] {
			if !seen[f] {
				seen[f] = true
				found = append(found, f)
			}
		}
	}
	pos := index.pos
	t.found.mu.Unlock()
	// Fragments found by several keys: back to catalog order.
	sort.SliceStable(found, func(i, j int) bool { return pos[found[i]] < pos[found[j]] })
	frags := make([]fragment, 0, len(found))
	for _, f := range found {
		content, _ := f.Get("content")
		if sens, ok := content.(catalog.Sensitive); ok {
			content = sens.Value
		}
		frag := fragment{name: nameOf(f), order: orderOf(f), content: catalog.Scalar(content)}
		if content == nil {
			frag.sources = catalog.Strings(valueOr(f, "source"))
		}
		frags = append(frags, frag)
	}
	return frags
}

// AutoRequire requires the file on the concat_file's path, as
// puppetlabs-concat does; the edge Puppet's generate adds the other way
// (PreGenerate) wins.
func (t Type) AutoRequire(r *catalog.Resource, c *catalog.Catalog) []catalog.Ref {
	if ref, ok := fileOn(c, pathOf(r)); ok {
		return []catalog.Ref{ref}
	}
	return nil
}

// PreGenerate makes the file resource that writes the concat_file's file,
// as puppetlabs-concat's generate does: its path, ensure and the
// attributes passed on, without content, which the concat_file gives it
// when the run reaches it (Generate). When the catalog has a file on the
// path already (by title or path), that one takes the content instead and
// keeps its other attributes.
func (t Type) PreGenerate(r *catalog.Resource, c *catalog.Catalog, _ resource.Logger) []*catalog.Resource {
	path := pathOf(r)
	t.files.Promise(path)
	if ref, ok := fileOn(c, path); ok {
		return []*catalog.Resource{c.Resource(ref)}
	}
	f := &catalog.Resource{Type: "File", Title: path, Tags: []string{"file"}}
	f.Set("path", path)
	if r.String("ensure") == "absent" {
		f.Set("ensure", "absent")
	} else {
		f.Set("ensure", "file")
	}
	for _, name := range fileAttrs {
		if v, ok := r.Get(name); ok && v != nil {
			f.Set(name, v)
		}
	}
	for _, name := range r.Sensitive {
		if _, ok := f.Get(name); ok {
			f.Sensitive = append(f.Sensitive, name)
		}
	}
	return []*catalog.Resource{f}
}

// fileOn finds the file resource of c that manages path: the one titled
// path, or one whose path attribute is path (Puppet's alias).
func fileOn(c *catalog.Catalog, path string) (catalog.Ref, bool) {
	if ref, ok := file.Find(c, path); ok {
		return ref, true
	}
	for _, r := range c.Resources {
		if r.Type == "File" && r.String("path") == path {
			return r.Ref(), true
		}
	}
	return catalog.Ref{}, false
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
	alpha         bool
	ensureNewline bool
	createEmpty   bool
	force         bool
	format        string
}

// fileAttrs are the attributes and metaparameters a concat_file hands to
// its file, as puppetlabs-concat does (the SELinux ones the file type
// ignores where SELinux is off, as Puppet does, so ordo leaves them out).
var fileAttrs = []string{"owner", "group", "mode", "replace", "backup", "validate_cmd", "show_diff", "loglevel", "noop", "schedule", "audit"}

// New returns the instance that makes the file v describes.
func (t Type) New(v resource.Values) (resource.Instance, error) {
	s := spec{
		res:           v.Resource(),
		path:          v.String("path"),
		alpha:         v.String("order") == "alpha",
		ensureNewline: v.Bool("ensure_newline"),
		createEmpty:   v.Bool("create_empty_file"),
		force:         v.Bool("force"),
		format:        v.String("format"),
	}
	return &instance{spec: s, typ: t}, nil
}

// instance is one concat_file. It changes nothing itself (its ensure is
// always in sync, as in puppetlabs-concat): the file resource made for it
// before the run (PreGenerate) writes the file, with the content the
// instance gives it when the run reaches it (Generate).
type instance struct {
	spec
	typ Type
}

// content joins the fragments in order, as puppetlabs-concat sorts them.
func (c *instance) content(frags []fragment, modulePath []string) (string, error) {
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
	parts := make([]string, len(frags))
	for i, f := range frags {
		parts[i] = f.content
		if len(f.sources) > 0 {
			text, err := readSource(f.sources, modulePath)
			if err != nil {
				return "", err
			}
			parts[i] = text
		}
		if c.ensureNewline && !strings.HasSuffix(parts[i], "\n") {
			parts[i] += "\n"
		}
	}
	return formatContent(c.format, parts, c.force)
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

// Generate is puppetlabs-concat's eval_generate: it joins the fragments
// and hands the content to the file on the path, which runs next; a file
// that would be empty is removed instead when create_empty_file is false.
// It returns that file, which joins the concat_file's sentinel.
func (c *instance) Generate(_ context.Context, h *resource.Handle, cat *catalog.Catalog) ([]resource.Generated, error) {
	var modulePath []string
	if h != nil {
		modulePath = h.ModulePath
	}
	content, err := c.content(c.typ.fragmentsOf(c.res, cat), modulePath)
	if err != nil {
		return nil, err
	}
	ref, ok := fileOn(cat, c.path)
	if !ok {
		return nil, nil
	}
	if !c.createEmpty && content == "" {
		c.typ.files.GiveAbsent(c.path)
	} else {
		c.typ.files.Give(c.path, content)
	}
	return []resource.Generated{{Resource: cat.Resource(ref), After: -1}}, nil
}

// Retrieve has nothing to read.
func (c *instance) Retrieve(context.Context, *resource.Handle) error { return nil }

// Exists reports whether the concat_file is present, which it always is
// as far as its ensure goes (puppetlabs-concat's exists?).
func (c *instance) Exists() bool { return true }

// Properties are none: the file resource makes the changes.
func (c *instance) Properties() []resource.Property { return nil }

// FragmentType is the concat_fragment resource type.
type FragmentType struct {
	found *fragmentIndex
}

// AutoRequire finds the fragment's concat_file, to warn at apply time
// when there is none (the fragment requires nothing).
func (t FragmentType) AutoRequire(r *catalog.Resource, c *catalog.Catalog) []catalog.Ref {
	if t.found == nil {
		return nil
	}
	target, tag := r.String("target"), r.String("tag")
	t.found.mu.Lock()
	defer t.found.mu.Unlock()
	files := t.found.indexed(c).files
	if (target != "" && files[target]) || (tag != "" && files[tagKey(tag)]) {
		return nil
	}
	t.found.lost[r] = true
	return nil
}

var fragmentSchema = resource.NewSchema(resource.Schema{
	Name: "concat_fragment",
	Doc:  "A part of a concat_file (puppetlabs-concat).",
	Attrs: []resource.Attr{
		{Name: "name", Namevar: true, Doc: "The fragment's name; fragments of one order are sorted by it."},
		{Name: "target", Doc: "The path or title of the concat_file.", Check: resource.CheckFunc("a string", stringOnly("Target must be a String"))},
		{Name: "content", Doc: "The fragment's content.", Check: resource.CheckFunc("a string", stringOnly("Content must be a String"))},
		{Name: "source", Doc: "Files to read the content from, the first that exists: paths and file: URIs (puppet:///modules/NAME/PATH is NAME/files/PATH on --modulepath, as for file)."},
		{Name: "order", Default: "10", Doc: "Where the fragment goes.", Check: resource.CheckFunc("a string or an integer", checkOrder)},
	},
	Validate: func(v resource.Values) error {
		switch {
		case !v.Has("target") && !v.Has("tag"):
			return errors.New("No 'target' or 'tag' set")
		case !v.Has("source") && !v.Has("content"):
			return errors.New("Set either 'source' or 'content'")
		case v.Has("source") && v.Has("content"):
			return errors.New("Can't use 'source' and 'content' at the same time")
		}
		return nil
	},
})

func stringOnly(msg string) func(catalog.Value) (catalog.Value, error) {
	return func(v catalog.Value) (catalog.Value, error) {
		if _, ok := v.(string); ok {
			return v, nil
		}
		return nil, errors.New(msg)
	}
}

func checkOrder(v catalog.Value) (catalog.Value, error) {
	switch x := v.(type) {
	case string:
		if strings.ContainsAny(x, ":\n/") {
			return nil, errors.New("Order cannot contain '/', ':', or '\\n'.")
		}
		return v, nil
	case int64, int:
		return v, nil
	}
	return nil, errors.New("$order is not a string or integer.")
}

// Schema returns concat_fragment's schema.
func (FragmentType) Schema() *resource.Schema { return fragmentSchema }

// New returns the fragment's instance.
func (t FragmentType) New(v resource.Values) (resource.Instance, error) {
	inst := &fragmentInstance{res: v.Resource(), found: t.found, name: v.String("name"), target: v.String("target"),
		content: v.String("content"), order: v.String("order")}
	if tag := v.Resource().String("tag"); tag != "" {
		inst.warning = fmt.Sprintf("Target Concat_file with path or title '%s' or tag '%s not found in the catalog", inst.target, tag)
	} else {
		inst.warning = fmt.Sprintf("Target Concat_file with path or title '%s' not found in the catalog", inst.target)
	}
	return inst, nil
}

// fragmentInstance has no state of its own; it warns when no
// concat_file takes it (Puppet warns while building the graph, ordo when
// the fragment is applied).
type fragmentInstance struct {
	res                          *catalog.Resource
	found                        *fragmentIndex
	name, target, content, order string
	warning                      string
}

func (f *fragmentInstance) Retrieve(_ context.Context, h *resource.Handle) error {
	if w := f.GraphWarning(); w != "" {
		h.Logf(resource.Warning, "%s", w)
	}
	return nil
}

// GraphWarning is the warning of a fragment no concat_file takes, which
// Puppet gives while it builds the graph (once: the engine asks for it
// when the run starts, Retrieve when it is not asked).
func (f *fragmentInstance) GraphWarning() string {
	if f.found == nil {
		return ""
	}
	f.found.mu.Lock()
	lost := f.found.lost[f.res]
	delete(f.found.lost, f.res)
	f.found.mu.Unlock()
	if lost {
		return f.warning
	}
	return ""
}
func (f *fragmentInstance) Exists() bool                    { return true }
func (f *fragmentInstance) Properties() []resource.Property { return nil }
