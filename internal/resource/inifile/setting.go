// Package inifile implements puppetlabs-inifile's types: ini_setting,
// one setting of an INI file (or one section, or a setting outside any
// section), and ini_subsetting, one item of a setting whose value is a
// list. Files are read and rewritten as inifile 6.3 does: comments,
// blank lines, spacing and the order of lines are kept, and only the
// lines a change concerns are rewritten.
package inifile

import (
	"context"
	"crypto/md5"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/file"
)

// SettingType is the ini_setting resource type (see NewTypes).
type SettingType struct{ files *Files }

var pathCheck = resource.AbsPathCheck{Msg: "File paths must be fully qualified, not '%s'"}

// showDiffCheck is inifile's show_diff: true, false or md5.
var showDiffCheck = resource.Enum("true", "md5", "false")

var settingSchema = resource.NewSchema(resource.Schema{
	Name: "ini_setting",
	Doc:  "One setting of an INI file, kept present with its value or absent (puppetlabs-inifile).",
	Attrs: []resource.Attr{
		{Name: "ensure", Kind: resource.KindProperty, Default: "present", Doc: "Whether the setting is in the file.", Check: resource.Enum("present", "absent")},
		{Name: "name", Namevar: true, Doc: "The resource's name, only its identity."},
		{Name: "section", Default: "", Doc: "The section the setting is in; '' for the settings before the first section."},
		{Name: "setting", Doc: "The setting's name; without it, the resource is the section itself.", Check: resource.CheckFunc("a name without white space around it", checkSettingName)},
		{Name: "force_new_section_creation", Default: true, Doc: "Add the section when it is not there; when false, a setting of a missing section is left absent.", Check: resource.YesNo()},
		{Name: "path", Doc: "The INI file.", Check: pathCheck},
		{Name: "show_diff", Default: "true", Doc: "Show the values in change messages (with --show_diff): true, md5 (their digests) or false.", Check: showDiffCheck},
		{Name: "key_val_separator", Default: " = ", Doc: "What goes between a setting's name and its value."},
		{Name: "value", Kind: resource.KindProperty, Doc: "The setting's value (white space around it is removed).", Check: resource.CheckFunc("a string, number or boolean", mungeValue)},
		{Name: "section_prefix", Default: "[", Doc: "What goes before a section's name in its header."},
		{Name: "section_suffix", Default: "]", Doc: "What goes after a section's name in its header."},
		{Name: "indent_char", Default: " ", Doc: "The character new settings are indented with."},
		{Name: "indent_width", Doc: "How many indent_char indent a new setting; unset, the indentation of its section's settings."},
		{Name: "refreshonly", Default: false, Doc: "Change the setting only when a refresh event arrives.", Check: resource.YesNo()},
	},
	Providers: []resource.Provider{{Name: "ruby", Default: true, Doc: "Reads the file and rewrites it in place."}},
	Validate: func(v resource.Values) error {
		if !v.Has("path") {
			return errors.New("path is a required attribute")
		}
		return nil
	},
})

// checkSettingName refuses a setting name with white space around it:
// inifile means to strip it with a warning, but its warning fails, and
// so does the catalog.
func checkSettingName(v catalog.Value) (catalog.Value, error) {
	s, ok := v.(string)
	if !ok {
		return nil, &resource.MungeError{Msg: fmt.Sprintf("a setting name must be a string, not %s", resource.Inspect(v))}
	}
	if strings.Trim(s, rubySpaceChars) != s {
		return nil, &resource.MungeError{Msg: "a setting name must not begin or end with white space"}
	}
	return v, nil
}

// mungeValue is the value's munge: numbers and booleans as their
// strings, strings without the white space around them.
func mungeValue(v catalog.Value) (catalog.Value, error) {
	switch x := v.(type) {
	case string:
		if t := strings.Trim(x, rubySpaceChars); t != x {
			return t, nil
		}
		return v, nil
	case bool:
		return strconv.FormatBool(x), nil
	case int64:
		return strconv.FormatInt(x, 10), nil
	case float64:
		return catalog.Scalar(x), nil
	}
	return nil, &resource.MungeError{Msg: fmt.Sprintf("a value must be a string, a number or a boolean, not %s", resource.Inspect(v))}
}

// Schema returns ini_setting's schema.
func (*SettingType) Schema() *resource.Schema { return settingSchema }

// AutoRequire returns the folder the file is in, as inifile's type
// autorequires the parent of its path.
func (*SettingType) AutoRequire(r *catalog.Resource, c *catalog.Catalog) []catalog.Ref {
	p, ok := r.Get("path")
	if !ok {
		return nil
	}
	s, ok := p.(string)
	if !ok || !filepath.IsAbs(s) {
		return nil
	}
	if ref, ok := file.Find(c, filepath.Dir(filepath.Clean(s))); ok {
		return []catalog.Ref{ref}
	}
	return nil
}

// settingSpec is an ini_setting's checked attributes.
type settingSpec struct {
	path        string
	section     string
	setting     string
	hasSetting  bool
	value       string
	hasValue    bool
	sensitive   bool
	present     bool
	forceNew    bool
	refreshonly bool
	showDiff    string
	layout      Layout
	location    string // where the resource was declared, for errors
}

// New returns the instance that manages the setting v describes.
func (t *SettingType) New(v resource.Values) (resource.Instance, error) {
	s := settingSpec{
		path:        v.String("path"),
		section:     v.String("section"),
		present:     v.String("ensure") != "absent",
		forceNew:    v.Bool("force_new_section_creation"),
		refreshonly: v.Bool("refreshonly"),
		showDiff:    v.String("show_diff"),
		sensitive:   v.Sensitive("value"),
		location:    v.Resource().Location(),
		layout: Layout{
			Separator:  v.String("key_val_separator"),
			Prefix:     v.String("section_prefix"),
			Suffix:     v.String("section_suffix"),
			IndentChar: v.String("indent_char"),
		},
	}
	s.setting, s.hasSetting = v.String("setting"), v.Has("setting")
	s.value, s.hasValue = v.String("value"), v.Has("value")
	if v.Has("indent_width") {
		s.layout.IndentWidth, s.layout.HasIndentWidth = rubyToI(v.String("indent_width")), true
	}
	return &settingInstance{spec: s, files: t.files}, nil
}

// settingInstance manages one setting.
type settingInstance struct {
	spec     settingSpec
	files    *Files
	exists   bool
	present  bool   // the ensure wanted, once the file is read
	current  string // the value in the file
	showDiff bool   // the run's --show_diff
}

// Retrieve reads the file and decides, as inifile's exists? does,
// whether the setting is there.
// ExclusiveKey makes the resources of one INI file apply one at a time
// under --jobs, in the serial run's order (resource.Exclusive).
func (i *settingInstance) ExclusiveKey() string { return exclusiveKey(i.spec.path) }

func (i *settingInstance) Retrieve(ctx context.Context, h *resource.Handle) error {
	f, err := i.files.read(i.spec.path, i.spec.layout)
	if err != nil {
		return err
	}
	i.showDiff, i.present = h.ShowDiff, i.spec.present
	switch {
	case !i.spec.hasSetting:
		i.exists = f.HasSection(i.spec.section)
	case f.HasSection(i.spec.section):
		i.current, i.exists = f.Value(i.spec.section, i.spec.setting)
	case !i.spec.forceNew:
		// The section is missing and must not be added: the setting
		// is left absent.
		i.present = false
	}
	return nil
}

// Exists reports whether the setting is there.
func (i *settingInstance) Exists() bool { return i.exists }

// AuditValue returns ensure and value as inifile's provider reads them,
// also when the resource does not manage value.
func (i *settingInstance) AuditValue(property string) (catalog.Value, bool) {
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
func (i *settingInstance) FormatAudit(property string, v any) (string, bool) {
	if property != "value" {
		return "", false
	}
	return showValue(fmt.Sprint(v), i.spec.showDiff, i.showDiff), true
}

// Properties lists ensure, and value when the resource gives one.
func (i *settingInstance) Properties() []resource.Property {
	ps := []resource.Property{i.ensure()}
	if i.spec.hasValue {
		ps = append(ps, (*settingValue)(i))
	}
	return ps
}

// set writes the setting (or the section alone) into the file.
func (i *settingInstance) set() error {
	return i.files.change(i.spec.path, i.spec.layout, func(f *File) bool {
		if !i.spec.hasSetting && !i.spec.hasValue {
			f.AddSection(i.spec.section)
		} else {
			f.Set(i.spec.section, i.spec.setting, i.spec.layout.Separator, i.spec.value)
		}
		return true
	})
}

// remove removes the setting from the file; a section alone stays.
func (i *settingInstance) remove() error {
	return i.files.change(i.spec.path, i.spec.layout, func(f *File) bool {
		if i.spec.hasSetting {
			f.Remove(i.spec.section, i.spec.setting)
		}
		return true
	})
}

// Refresh writes the setting, or removes it, when the resource is
// refreshonly, as inifile's refresh does; otherwise it does nothing.
func (i *settingInstance) Refresh(ctx context.Context, h *resource.Handle) error {
	if !i.spec.refreshonly {
		return nil
	}
	if i.spec.present {
		return i.set()
	}
	// inifile fails on a section that is not there; ordo leaves the
	// file alone.
	return i.files.change(i.spec.path, i.spec.layout, func(f *File) bool {
		if !f.HasSection(i.spec.section) {
			return false
		}
		if i.spec.hasSetting {
			f.Remove(i.spec.section, i.spec.setting)
		}
		return true
	})
}

// settingEnsure is the setting's ensure property: it sets or removes the
// setting. A refreshonly setting changes only on refresh.
type settingEnsure struct {
	*resource.Presence
	refreshonly bool
}

func (e settingEnsure) InSync() bool { return e.refreshonly || e.Presence.InSync() }

func (i *settingInstance) ensure() settingEnsure {
	return settingEnsure{
		Presence: &resource.Presence{
			Type:   "ini_setting",
			Want:   i.present,
			Exists: i.Exists,
			Create: func(context.Context, *resource.Handle) error { return wrapSet("present", i.set(), i.spec.location) },
			Remove: func(context.Context, *resource.Handle) error { return wrapSet("absent", i.remove(), i.spec.location) },
		},
		refreshonly: i.spec.refreshonly,
	}
}

// wrapSet words a failed create or destroy (err not nil) as Puppet's
// ensure does.
func wrapSet(want string, err error, location string) error {
	if err == nil {
		return nil
	}
	return &resource.WrappedError{Msg: strings.TrimSpace(fmt.Sprintf("Could not set '%s' on ensure: %v %s", want, err, location)), Cause: err}
}

type settingValue settingInstance

func (p *settingValue) Name() string           { return "value" }
func (p *settingValue) Current() catalog.Value { return p.current }
func (p *settingValue) Desired() catalog.Value { return p.spec.value }

// InSync compares the strings as they are: a value written with spaces
// or a carriage return after it differs.
func (p *settingValue) InSync() bool { return p.spec.refreshonly || p.current == p.spec.value }
func (p *settingValue) Message() string {
	if p.spec.sensitive {
		return "changed [redacted] to [redacted]"
	}
	return fmt.Sprintf("value changed %s to %s", p.FormatValue(p.current), p.FormatValue(p.spec.value))
}
func (p *settingValue) Event() string { return "value_changed" }
func (p *settingValue) Sync(ctx context.Context, h *resource.Handle) error {
	return (*settingInstance)(p).set()
}

// FormatValue shows a value as inifile's value property does: as it is
// with show_diff under --show_diff, its MD5 digest with show_diff =>
// md5, and hidden otherwise.
func (p *settingValue) FormatValue(v catalog.Value) string {
	return showValue(catalog.Scalar(v), p.spec.showDiff, p.showDiff)
}

func showValue(v, mode string, runShowDiff bool) string {
	switch {
	case mode == "true" && runShowDiff:
		return v
	case mode == "md5" && runShowDiff:
		return fmt.Sprintf("{md5}%x", md5.Sum([]byte(v)))
	}
	return "[redacted sensitive information]"
}
