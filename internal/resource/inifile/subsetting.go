package inifile

import (
	"context"
	"errors"
	"fmt"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// SubsettingType is the ini_subsetting resource type (see NewTypes).
type SubsettingType struct{ files *Files }

var subsettingSchema = resource.NewSchema(resource.Schema{
	Name: "ini_subsetting",
	Doc:  "One item of an INI setting whose value is a list, kept present or absent (puppetlabs-inifile).",
	Attrs: []resource.Attr{
		{Name: "ensure", Kind: resource.KindProperty, Default: "present", Doc: "Whether the item is in the setting.", Check: resource.Enum("present", "absent")},
		{Name: "name", Namevar: true, Doc: "The resource's name, only its identity."},
		{Name: "section", Default: "", Doc: "The section the setting is in; '' for the settings before the first section."},
		{Name: "setting", Doc: "The setting's name."},
		{Name: "subsetting", Doc: "The item's name."},
		{Name: "subsetting_separator", Default: " ", Doc: "What separates the items (each of its characters does, when reading)."},
		{Name: "subsetting_key_val_separator", Default: "", Doc: "What goes between an item's name and its value."},
		{Name: "path", Doc: "The INI file.", Check: pathCheck},
		{Name: "show_diff", Default: "true", Doc: "Show the values in change messages (with --show_diff): true, md5 (their digests) or false.", Check: showDiffCheck},
		{Name: "key_val_separator", Default: " = ", Doc: "What goes between the setting's name and its value."},
		{Name: "quote_char", Default: "", Doc: "The quote around the setting's value when it has none yet: '', '\"' or \"'\".", Check: resource.CheckFunc(`'', '"' or "'"`, checkQuoteChar)},
		{Name: "use_exact_match", Default: "false", Doc: "Find the item by its whole text rather than by its name and separator.", Check: resource.Enum("true", "false")},
		{Name: "value", Kind: resource.KindProperty, Arrays: resource.EachAll, Doc: "The item's value; with a list, any of them is in sync and the first is written."},
		{Name: "insert_type", Default: "end", Doc: "Where a new item goes: start, end, before or after the item insert_value names, or at the index insert_value.", Check: resource.Enum("start", "end", "before", "after", "index")},
		{Name: "insert_value", Doc: "The item (or index) insert_type places a new item by."},
		{Name: "delete_if_empty", Default: "false", Doc: "Remove the setting when its last item goes (inifile 6.3 removes it whatever this says).", Check: resource.Enum("true", "false")},
	},
	Providers: []resource.Provider{{Name: "ruby", Default: true, Doc: "Reads the file and rewrites it in place."}},
})

func checkQuoteChar(v catalog.Value) (catalog.Value, error) {
	if s, ok := v.(string); ok && quoteCharOK(s) {
		return v, nil
	}
	return nil, errors.New(`:quote_char valid values are '', '"' and "'"`)
}

// Schema returns ini_subsetting's schema.
func (*SubsettingType) Schema() *resource.Schema { return subsettingSchema }

// subsettingSpec is an ini_subsetting's checked attributes.
type subsettingSpec struct {
	path, section, setting, subsetting string
	hasPath, hasSubsetting             bool
	sep, kvSep, quote, keyValSep       string
	exact                              bool
	present                            bool
	values                             []string // the value and its alternatives
	hasValue                           bool
	insertType, insertValue            string
	showDiff                           string
	sensitive                          bool
	location                           string
}

// New returns the instance that manages the item v describes.
func (t *SubsettingType) New(v resource.Values) (resource.Instance, error) {
	s := subsettingSpec{
		path:        v.String("path"),
		section:     v.String("section"),
		setting:     v.String("setting"),
		subsetting:  v.String("subsetting"),
		sep:         v.String("subsetting_separator"),
		kvSep:       v.String("subsetting_key_val_separator"),
		quote:       v.String("quote_char"),
		keyValSep:   v.String("key_val_separator"),
		exact:       v.String("use_exact_match") == "true",
		present:     v.String("ensure") != "absent",
		insertType:  v.String("insert_type"),
		insertValue: v.String("insert_value"),
		showDiff:    v.String("show_diff"),
		sensitive:   v.Sensitive("value"),
		location:    v.Resource().Location(),
	}
	s.hasPath, s.hasSubsetting = v.Has("path"), v.Has("subsetting")
	if x, ok := v.Lookup("value"); ok {
		s.hasValue = true
		for _, e := range listOf(x) {
			s.values = append(s.values, catalog.Scalar(resource.Unsensitive(e)))
		}
	}
	return &subsettingInstance{spec: s, files: t.files}, nil
}

func listOf(v catalog.Value) []catalog.Value {
	if l, ok := v.([]catalog.Value); ok {
		return l
	}
	return []catalog.Value{v}
}

// subsettingInstance manages one item.
type subsettingInstance struct {
	spec     subsettingSpec
	files    *Files
	value    *subValue
	exists   bool
	current  string
	showDiff bool
}

func (i *subsettingInstance) desired() string {
	if len(i.spec.values) == 0 {
		return ""
	}
	return i.spec.values[0]
}

// Retrieve reads the file and the setting's items. A resource without
// a path or a subsetting fails here, alone, as in inifile (whose errors
// are Ruby's).
// ExclusiveKey makes the resources of one INI file apply one at a time
// under --jobs, in the serial run's order (resource.Exclusive).
func (i *subsettingInstance) ExclusiveKey() string { return exclusiveKey(i.spec.path) }

func (i *subsettingInstance) Retrieve(ctx context.Context, h *resource.Handle) error {
	switch {
	case !i.spec.hasPath:
		return errors.New("path is a required attribute")
	case !i.spec.hasSubsetting:
		return errors.New("subsetting is a required attribute")
	}
	f, err := i.files.read(i.spec.path, i.layout())
	if err != nil {
		return err
	}
	i.showDiff = h.ShowDiff
	i.value = i.items(f)
	_, i.exists = i.value.get(i.spec.subsetting, i.spec.exact)
	i.current, _ = i.value.get(i.spec.subsetting, false)
	return nil
}

// Exists reports whether the item is there.
func (i *subsettingInstance) Exists() bool { return i.exists }

// AuditValue returns ensure and value as inifile's provider reads them,
// also when the resource does not manage value.
func (i *subsettingInstance) AuditValue(property string) (catalog.Value, bool) {
	switch {
	case property == "ensure":
		return i.ensure().Current(), true
	case property == "value" && i.exists && i.spec.sensitive:
		return catalog.Sensitive{Value: i.current}, true
	case property == "value" && i.exists:
		return i.current, true
	}
	return nil, false
}

// FormatAudit shows a recorded value as inifile's value property shows
// its values (see show_diff).
func (i *subsettingInstance) FormatAudit(property string, v any) (string, bool) {
	if property != "value" {
		return "", false
	}
	return showValue(fmt.Sprint(v), i.spec.showDiff, i.showDiff), true
}

// Properties lists ensure, and value when the resource gives one.
func (i *subsettingInstance) Properties() []resource.Property {
	ps := []resource.Property{i.ensure()}
	if i.spec.hasValue {
		ps = append(ps, (*subValueProp)(i))
	}
	return ps
}

// layout is how inifile reads the file for a subsetting: its own
// separator, and the default headers.
func (i *subsettingInstance) layout() Layout {
	l := DefaultLayout()
	l.Separator = i.spec.keyValSep
	return l
}

// items reads the setting's items from f.
func (i *subsettingInstance) items(f *File) *subValue {
	raw, has := f.Value(i.spec.section, i.spec.setting)
	return parseSubValue(raw, has, i.spec.sep, i.spec.quote, i.spec.kvSep)
}

// set writes the item with the desired value.
func (i *subsettingInstance) set() error {
	return i.files.change(i.spec.path, i.layout(), func(f *File) bool {
		v := i.items(f)
		v.set(i.spec.subsetting, i.desired(), i.spec.exact, i.spec.insertType, i.spec.insertValue)
		f.Set(i.spec.section, i.spec.setting, i.spec.keyValSep, v.String())
		return true
	})
}

// remove removes the item. A setting left with no item (and no quotes)
// is removed, as inifile 6.3 does (its delete_if_empty test holds for
// either value).
func (i *subsettingInstance) remove() error {
	return i.files.change(i.spec.path, i.layout(), func(f *File) bool {
		v := i.items(f)
		v.remove(i.spec.subsetting, i.spec.exact)
		if s := v.String(); s == "" {
			f.Remove(i.spec.section, i.spec.setting)
		} else {
			f.Set(i.spec.section, i.spec.setting, i.spec.keyValSep, s)
		}
		return true
	})
}

// ensure is the item's ensure property: it adds or removes the item.
func (i *subsettingInstance) ensure() *resource.Presence {
	return &resource.Presence{
		Type:   "ini_subsetting",
		Want:   i.spec.present,
		Exists: i.Exists,
		Create: func(context.Context, *resource.Handle) error { return wrapSet("present", i.set(), i.spec.location) },
		Remove: func(context.Context, *resource.Handle) error { return wrapSet("absent", i.remove(), i.spec.location) },
	}
}

type subValueProp subsettingInstance

func (p *subValueProp) Name() string           { return "value" }
func (p *subValueProp) Current() catalog.Value { return p.current }
func (p *subValueProp) Desired() catalog.Value { return (*subsettingInstance)(p).desired() }

// InSync holds when the item has any of the values given.
func (p *subValueProp) InSync() bool {
	for _, v := range p.spec.values {
		if v == p.current {
			return true
		}
	}
	return false
}
func (p *subValueProp) Message() string {
	if p.spec.sensitive {
		return "changed [redacted] to [redacted]"
	}
	return fmt.Sprintf("value changed %s to %s", p.FormatValue(p.current), p.FormatValue(p.Desired()))
}
func (p *subValueProp) Event() string { return "value_changed" }
func (p *subValueProp) Sync(ctx context.Context, h *resource.Handle) error {
	return (*subsettingInstance)(p).set()
}

// FormatValue shows a value as inifile does (see show_diff).
func (p *subValueProp) FormatValue(v catalog.Value) string {
	return showValue(catalog.Scalar(v), p.spec.showDiff, p.showDiff)
}
