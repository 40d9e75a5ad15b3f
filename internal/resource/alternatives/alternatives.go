// Package alternatives implements voxpupuli puppet-alternatives'
// alternatives and alternative_entry types: which of a Debian
// alternative's entries its link points to (and whether update-alternatives
// chooses it itself), and the entries an alternative offers, all managed
// with update-alternatives as the module's dpkg providers manage them.
package alternatives

import (
	"context"
	"fmt"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/syscmd"
)

// tool is update-alternatives, by the path Puppet finds it at on Debian.
const tool = "/usr/bin/update-alternatives"

// update runs update-alternatives with args as the module's providers
// run it: logged, a non-zero exit an error with its output.
func update(ctx context.Context, h *resource.Handle, args ...string) (string, error) {
	return syscmd.Exec(ctx, h, append([]string{tool}, args...), syscmd.Options{})
}

// exclusive is the key under which every resource of both types is
// applied one at a time under --jobs: update-alternatives rewrites an
// alternative's record whole, and an entry changed at the same time as
// its alternative's path would be lost.
const exclusive = "update-alternatives"

// selection is one line of update-alternatives --get-selections.
type selection struct {
	name, mode, path string
}

// selections lists every alternative with its mode and current path, in
// update-alternatives' order.
func selections(ctx context.Context, h *resource.Handle) ([]selection, error) {
	out, err := update(ctx, h, "--get-selections")
	if err != nil {
		return nil, err
	}
	var sels []selection
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		s := selection{name: f[0]}
		if len(f) > 1 {
			s.mode = f[1]
		}
		if len(f) > 2 {
			s.path = f[2]
		}
		sels = append(sels, s)
	}
	return sels, nil
}

// Type is the alternatives resource type.
type Type struct{}

// absolute is the check of a path the module's types take: it must start
// with a slash.
var absolute = resource.CheckFunc("a fully qualified path", func(v catalog.Value) (catalog.Value, error) {
	if s, ok := v.(string); !ok || !strings.HasPrefix(s, "/") {
		return nil, fmt.Errorf("path must be a fully qualified path")
	}
	return v, nil
})

var schema = resource.NewSchema(resource.Schema{
	Name: "alternatives",
	Doc:  "Which entry a Debian alternative's link points to, and whether update-alternatives chooses it (puppet-alternatives).",
	Attrs: []resource.Attr{
		{Name: "name", Namevar: true, Doc: "The alternative's name (editor, java)."},
		{Name: "path", Kind: resource.KindProperty, Doc: "The entry the alternative points to: one of its entries' absolute paths (sets manual mode).", Check: absolute},
		{Name: "mode", Kind: resource.KindProperty, Feature: "mode", Doc: "auto (update-alternatives picks the entry of highest priority) or manual (path is kept).", Check: resource.Enum("auto", "manual")},
	},
	Features: []resource.Feature{{Name: "mode", Doc: "The alternative can provide auto and manual modes."}},
	Providers: []resource.Provider{
		{Name: "dpkg", Default: true, Features: []string{"mode"}, Doc: "Runs Debian's update-alternatives.", Confine: resource.Confine{Commands: []string{tool}},
			Instances: listAlternatives, Find: findAlternative},
		{Name: "chkconfig", Unimplemented: true, Features: []string{"mode"}, Doc: "Runs Red Hat's alternatives; ordo does not have it."},
	},
	Validate: func(v resource.Values) error {
		switch v.String("mode") {
		case "auto":
			if v.Has("path") {
				return fmt.Errorf("Mode cannot be 'auto' if a path is given")
			}
		case "manual":
			if !v.Has("path") {
				return fmt.Errorf("Mode cannot be 'manual' without a path")
			}
		}
		return nil
	},
})

// Schema returns alternatives' schema.
func (Type) Schema() *resource.Schema { return schema }

// AutoRequire returns the alternative_entry of the path, as the module's
// type autorequires it.
func (Type) AutoRequire(r *catalog.Resource, c *catalog.Catalog) []catalog.Ref {
	v := resource.NewValues(schema, r)
	if !v.Has("path") {
		return nil
	}
	return []catalog.Ref{{Type: "Alternative_entry", Title: v.String("path")}}
}

// New returns the instance that manages the alternative v describes.
func (Type) New(v resource.Values) (resource.Instance, error) {
	a := &alternative{name: v.String("name"), ref: v.Ref().String()}
	a.path, a.hasPath = v.String("path"), v.Has("path")
	a.mode, a.hasMode = v.String("mode"), v.Has("mode")
	return a, nil
}

// alternative manages one alternative's path and mode.
type alternative struct {
	name, ref  string
	path, mode string
	hasPath    bool
	hasMode    bool
	curPath    catalog.Value // nil when the alternative does not exist
	curMode    string
}

// currentPath reads the path the alternative points to, nil when there
// is no such alternative.
func currentPath(ctx context.Context, h *resource.Handle, name string) (catalog.Value, error) {
	sels, err := selections(ctx, h)
	if err != nil {
		return nil, err
	}
	for _, s := range sels {
		if s.name == name {
			return s.path, nil
		}
	}
	return nil, nil
}

// currentMode reads the alternative's mode from the first line
// update-alternatives --display prints.
func currentMode(ctx context.Context, h *resource.Handle, name, ref string) (string, error) {
	out, err := update(ctx, h, "--display", name)
	if err != nil {
		return "", err
	}
	first, _, _ := strings.Cut(out, "\n")
	switch {
	case strings.Contains(first, "auto mode"):
		return "auto", nil
	case strings.Contains(first, "manual mode"):
		return "manual", nil
	}
	return "", fmt.Errorf("Could not determine if %s(provider=dpkg) is in auto or manual mode", ref)
}

// Retrieve reads the managed properties, path then mode.
func (a *alternative) Retrieve(ctx context.Context, h *resource.Handle) error {
	if a.hasPath {
		p, err := currentPath(ctx, h, a.name)
		if err != nil {
			return err
		}
		a.curPath = p
	}
	if a.hasMode {
		m, err := currentMode(ctx, h, a.name, a.ref)
		if err != nil {
			return err
		}
		a.curMode = m
	}
	return nil
}

// ExclusiveKey serializes the resources that run update-alternatives.
func (a *alternative) ExclusiveKey() string { return exclusive }

// Exists is true: an alternative has no ensure, its properties are
// always compared.
func (a *alternative) Exists() bool { return true }

// Properties lists path and mode, those the resource sets.
func (a *alternative) Properties() []resource.Property {
	var ps []resource.Property
	if a.hasPath {
		ps = append(ps, (*pathProp)(a))
	}
	if a.hasMode {
		ps = append(ps, (*modeProp)(a))
	}
	return ps
}

type pathProp alternative

func (p *pathProp) Name() string           { return "path" }
func (p *pathProp) Current() catalog.Value { return p.curPath }
func (p *pathProp) Desired() catalog.Value { return p.path }
func (p *pathProp) InSync() bool           { return p.curPath == catalog.Value(p.path) }
func (p *pathProp) Event() string          { return "path_changed" }
func (p *pathProp) Message() string {
	return fmt.Sprintf("path changed %s to %s", p.FormatValue(p.curPath), p.FormatValue(p.path))
}

// FormatValue shows a missing alternative's path as nothing at all, as
// Puppet shows nil.
func (p *pathProp) FormatValue(v catalog.Value) string {
	if v == nil {
		return ""
	}
	return catalog.Format(v)
}

// Sync points the alternative at the path (which makes its mode manual).
func (p *pathProp) Sync(ctx context.Context, h *resource.Handle) error {
	_, err := update(ctx, h, "--set", p.name, p.path)
	return err
}

type modeProp alternative

func (p *modeProp) Name() string           { return "mode" }
func (p *modeProp) Current() catalog.Value { return p.curMode }
func (p *modeProp) Desired() catalog.Value { return p.mode }
func (p *modeProp) InSync() bool           { return p.curMode == p.mode }
func (p *modeProp) Event() string          { return "mode_changed" }
func (p *modeProp) Message() string {
	return fmt.Sprintf("mode changed %s to %s", catalog.Format(p.curMode), catalog.Format(p.mode))
}

// Sync sets auto mode with --auto; manual mode sets the path the
// alternative points to now (read again, as the module does) with --set.
func (p *modeProp) Sync(ctx context.Context, h *resource.Handle) error {
	if p.mode == "auto" {
		_, err := update(ctx, h, "--auto", p.name)
		return err
	}
	cur, err := currentPath(ctx, h, p.name)
	if err != nil {
		return err
	}
	path, _ := cur.(string)
	_, err = update(ctx, h, "--set", p.name, path)
	return err
}

// listAlternatives lists every alternative with its path and mode, as
// puppet resource alternatives shows them.
func listAlternatives(ctx context.Context, h *resource.Handle) ([]*catalog.Resource, error) {
	sels, err := selections(ctx, h)
	if err != nil {
		return nil, err
	}
	var out []*catalog.Resource
	for _, s := range sels {
		r, err := describeAlternative(ctx, h, s.name, s.path)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// findAlternative reads the alternative called name; one that does not
// exist is update-alternatives' error, as in Puppet.
func findAlternative(ctx context.Context, h *resource.Handle, name string) (*catalog.Resource, error) {
	p, err := currentPath(ctx, h, name)
	if err != nil {
		return nil, err
	}
	path, _ := p.(string)
	return describeAlternative(ctx, h, name, path)
}

func describeAlternative(ctx context.Context, h *resource.Handle, name, path string) (*catalog.Resource, error) {
	r := &catalog.Resource{Type: "Alternatives", Title: name}
	mode, err := currentMode(ctx, h, name, r.Ref().String())
	if err != nil {
		return nil, err
	}
	if path != "" {
		r.Set("path", path)
	}
	r.Set("mode", mode)
	return r, nil
}
