// Package pkg implements the package type with Puppet's apt (the default
// on Debian) and dpkg providers. Each provider's batch prefetch reads the
// installed packages with one dpkg-query per run; a shared Inventory reads
// the candidate versions of every ensure => latest package with one
// apt-cache policy and runs one package command at a time.
package pkg

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/syscmd"
)

// Ensure values with a meaning of their own; any other is a version.
const (
	present = "present"
	absent  = "absent"
	purged  = "purged"
	latest  = "latest"
)

// Type is the package resource type.
type Type struct {
	Inv *Inventory
}

// NewType returns the package type over this machine's dpkg database.
func NewType() Type { return Type{Inv: NewInventory()} }

// otherProviders are Puppet's package providers for other systems:
// accepted, and failing when applied, as Puppet does on a Debian machine.
var otherProviders = []string{"aix", "appdmg", "apple", "aptitude", "aptrpm", "blastwave", "dnf", "dnfmodule", "fink",
	"freebsd", "gem", "hpux", "macports", "nim", "openbsd", "opkg", "pacman", "pip", "pip2", "pip3", "pkg", "pkgdmg",
	"pkgin", "pkgng", "pkgutil", "portage", "ports", "portupgrade", "puppet_gem", "puppetserver_gem", "rpm", "rug",
	"sun", "sunfreeware", "tdnf", "up2date", "urpmi", "windows", "yum", "zypper"}

var schema = resource.NewSchema(resource.Schema{
	Name: "package",
	Doc:  "Packages, through apt (the default on Debian) or dpkg.",
	Attrs: []resource.Attr{
		{Name: "ensure", Kind: resource.KindProperty, Default: present, Doc: "present (installed), absent, purged, latest, or a version.",
			Check: resource.CheckFunc("present, absent, purged, latest, or a version", checkEnsure)},
		{Name: "name", Namevar: true, Doc: "The package's name."},
		{Name: "command", Feature: "targetable", Doc: "The package manager command (pip and gem only)."},
		{Name: "package_settings", Kind: resource.KindProperty, Feature: "package_settings", Doc: "Provider-specific settings."},
		{Name: "flavor", Kind: resource.KindProperty, Feature: "supports_flavors", Doc: "The flavor (OpenBSD, dnf modules)."},
		{Name: "source", Doc: "A .deb to install: required by dpkg, used by apt instead of the name."},
		{Name: "instance", Doc: "A read-only parameter set by the package."},
		{Name: "status", Doc: "A read-only parameter set by the package."},
		{Name: "adminfile", Doc: "Solaris pkgadd's admin file."},
		{Name: "responsefile", Doc: "A file of debconf answers that apt preseeds (debconf-set-selections) before it installs or removes the package; dpkg ignores it, as Puppet's does."},
		{Name: "configfiles", Default: "keep", Doc: "Keep or replace changed configuration files on install.", Check: resource.Enum("keep", "replace")},
		{Name: "category", Doc: "A read-only parameter set by the package."},
		{Name: "platform", Doc: "A read-only parameter set by the package."},
		{Name: "root", Doc: "A read-only parameter set by the package."},
		{Name: "vendor", Doc: "A read-only parameter set by the package."},
		{Name: "description", Doc: "A read-only parameter set by the package."},
		{Name: "allowcdrom", Doc: "Let apt install from a cdrom source.", Check: resource.Boolean()},
		{Name: "enable_only", Default: false, Doc: "Only enable a dnf module.", Check: resource.YesNo()},
		{Name: "install_only", Default: false, Feature: "install_only", Doc: "Install, never upgrade (kernels).", Check: resource.YesNo()},
		{Name: "install_options", Feature: "install_options", Doc: "Options for the install command: strings, or hashes given as key=value."},
		{Name: "uninstall_options", Feature: "uninstall_options", Doc: "Options for the uninstall command."},
		{Name: "allow_virtual", Feature: "virtual_packages", Default: false, Doc: "Allow virtual package names.", Check: resource.YesNo()},
		{Name: "reinstall_on_refresh", Default: false, Doc: "Reinstall on refresh (providers that can reinstall).", Check: resource.Boolean()},
		{Name: "mark", Kind: resource.KindProperty, Feature: "holdable", Doc: "hold or none: dpkg's hold selection.",
			Check: resource.CheckFunc("hold, none", checkMark)},
	},
	Features: []resource.Feature{
		{Name: "installable"}, {Name: "uninstallable"}, {Name: "upgradeable"}, {Name: "purgeable"}, {Name: "versionable"},
		{Name: "holdable"}, {Name: "install_options"}, {Name: "uninstall_options"}, {Name: "virtual_packages"},
		{Name: "targetable"}, {Name: "install_only"}, {Name: "package_settings"}, {Name: "supports_flavors"}, {Name: "reinstallable"},
	},
	Providers: append([]resource.Provider{
		{Name: "apt", Default: true, Doc: "apt-get, apt-cache and apt-mark, over dpkg.",
			Features:  []string{"installable", "uninstallable", "upgradeable", "purgeable", "versionable", "holdable", "install_options", "virtual_packages"},
			Confine:   resource.Confine{Commands: []string{aptGet, aptCache, dpkgQuery}},
			Prefetch:  func(ctx context.Context, h *resource.Handle) (any, error) { return prefetch(ctx, h, "apt") },
			Instances: instances,
			Find:      find,
		},
		{Name: "dpkg", Doc: "dpkg, installing from source files.",
			Features: []string{"installable", "uninstallable", "upgradeable", "purgeable", "holdable", "virtual_packages"},
			Confine:  resource.Confine{Commands: []string{dpkgBin, dpkgDeb, dpkgQuery}},
			Prefetch: func(ctx context.Context, h *resource.Handle) (any, error) { return prefetch(ctx, h, "dpkg") },
		},
	}, unimplemented(otherProviders)...),
	Validate: func(v resource.Values) error {
		if v.Has("mark") {
			if e := v.String("ensure"); e == absent || e == purged {
				return errors.New(`You cannot use "mark" property while "ensure" is one of ["absent", "purged"]`)
			}
		}
		return nil
	},
})

func unimplemented(names []string) []resource.Provider {
	out := make([]resource.Provider, len(names))
	for i, n := range names {
		out[i] = resource.Provider{Name: n, Unimplemented: true}
	}
	return out
}

func checkEnsure(v catalog.Value) (catalog.Value, error) {
	s, ok := v.(string)
	if !ok && v != nil {
		// Puppet matches the value's string form against /./: a hash
		// or a number is a version, as Ruby writes it ({"a"=>1}).
		return v, nil
	}
	if s == "" {
		return nil, fmt.Errorf("Invalid value %s. Valid values are present, absent, purged, disabled, latest. Valid values match /./.", resource.Inspect(v))
	}
	if s == "installed" {
		return present, nil
	}
	return v, nil
}

func checkMark(v catalog.Value) (catalog.Value, error) {
	if s, ok := v.(string); ok && (s == "hold" || s == "none") {
		return v, nil
	}
	return nil, fmt.Errorf("Invalid hold value %s. Valid values are: hold/none", resource.Inspect(v))
}

// versionOf is the ensure value as the package commands get it: a string
// as it is, anything else in Ruby's string form, as Puppet passes it.
func versionOf(v catalog.Value) string {
	if s, ok := v.(string); ok {
		return s
	}
	return resource.Inspect(v)
}

func nonString(v catalog.Value) catalog.Value {
	if _, ok := v.(string); ok {
		return nil
	}
	return v
}

// Schema returns package's schema.
func (Type) Schema() *resource.Schema { return schema }

// spec is a package resource's validated attributes.
type spec struct {
	name     string
	provider string // apt or dpkg
	ensure   string // present, absent, purged, latest or a version
	// declared is ensure as the catalog gives it when that is not a
	// string (a hash, a number): messages show it as Puppet formats it.
	declared       catalog.Value
	source         string
	keepConfig     bool
	installOptions []string
	mark           string // hold, none or "" (not managed)
	responsefile   string
	ref            string // Package[title], the source of provider messages
	location       string
	dropped        []string
}

// New returns the instance that manages the package v describes.
func (t Type) New(v resource.Values) (resource.Instance, error) {
	p := v.Provider()
	s := spec{
		name:         v.String("name"),
		provider:     p.Name,
		ensure:       versionOf(v.Get("ensure")),
		declared:     nonString(v.Get("ensure")),
		source:       v.String("source"),
		responsefile: v.String("responsefile"),
		ref:          v.Resource().Ref().String(),
		keepConfig:   v.String("configfiles") == "keep",
		location:     v.Resource().Location(),
		dropped:      v.Dropped(p),
	}
	if v.Managed(p, "install_options") {
		s.installOptions = joinOptions(v.Get("install_options"))
	}
	if v.Managed(p, "mark") {
		s.mark = v.String("mark")
	}
	if s.provider == "apt" && s.ensure == latest {
		t.Inv.needLatest(s.name)
	}
	return &instance{spec: s, inv: t.Inv}, nil
}

// joinOptions flattens install_options as Puppet does: strings as they
// are, each hash as key=value pairs in key order.
func joinOptions(v catalog.Value) []string {
	list, ok := v.([]catalog.Value)
	if !ok {
		list = []catalog.Value{v}
	}
	var out []string
	for _, e := range list {
		h, ok := e.(*catalog.Hash)
		if !ok {
			out = append(out, catalog.Scalar(e))
			continue
		}
		keys := append([]string(nil), h.Keys()...)
		sort.Strings(keys)
		for _, k := range keys {
			val, _ := h.Get(k)
			out = append(out, k+"="+catalog.Scalar(val))
		}
	}
	return out
}

// instance manages one package.
type instance struct {
	spec
	inv *Inventory

	listing *listing // the provider's batch prefetch, when the engine ran it

	// After Retrieve.
	cur    entry
	found  bool
	latest string // the version ensure => latest means
}

// Retrieve reads the package's state from the inventory, and the latest
// version when ensure is latest and the package is installed.
func (p *instance) Retrieve(ctx context.Context, h *resource.Handle) error {
	for _, d := range p.dropped {
		h.Logf(resource.Debug, "%s", d)
	}
	e, found, err := p.lookup(ctx, h)
	if err != nil {
		return err
	}
	if found && e.flag != "ok" {
		return fmt.Errorf("Package %s, version %s is in error state: %s", e.name, e.ensure(), e.flag)
	}
	p.cur, p.found = e, found
	p.latest = ""
	if p.ensure == latest && p.installed() {
		v, err := p.latestVersion(ctx, h)
		if err != nil {
			return fmt.Errorf("Could not get latest version: %w", err)
		}
		p.latest = v
		if v != p.current() {
			h.Log.Log(resource.Debug, h.Path+"/ensure", fmt.Sprintf("%s %q is installed, latest is %q", p.name, p.current(), v))
		}
	}
	return nil
}

// Prefetched takes the provider's listing of installed packages.
func (p *instance) Prefetched(data any) {
	if l, ok := data.(*listing); ok {
		p.listing = l
	}
}

// lookup returns what dpkg knows of the package: from the provider's
// listing when it has it, else (or when not listed) from dpkg-query.
func (p *instance) lookup(ctx context.Context, h *resource.Handle) (entry, bool, error) {
	if p.listing != nil {
		if err := p.listing.load(ctx, h, p.inv); err != nil {
			return entry{}, false, err
		}
		if e, ok := p.listing.pkgs[p.name]; ok {
			return e, true, nil
		}
	}
	return p.inv.query(ctx, h, p.name)
}

// current is the ensure value the machine has.
func (p *instance) current() string {
	if !p.found {
		return purged
	}
	return p.cur.ensure()
}

func (p *instance) installed() bool {
	c := p.current()
	return c != absent && c != purged
}

// Exists reports whether the package is there in any form but purged.
func (p *instance) Exists() bool { return p.current() != absent && p.current() != purged }

// Properties lists ensure and, when managed, mark.
func (p *instance) Properties() []resource.Property {
	props := []resource.Property{(*ensureProp)(p)}
	if p.mark != "" {
		props = append(props, (*markProp)(p))
	}
	return props
}

// latestVersion asks apt for its candidate, or dpkg-deb for the version
// in the source file.
func (p *instance) latestVersion(ctx context.Context, h *resource.Handle) (string, error) {
	if p.provider == "apt" {
		return p.inv.candidate(ctx, h, p.name)
	}
	if p.source == "" {
		return "", errors.New("Could not update: You cannot install dpkg packages without a source")
	}
	out, err := p.inv.run(ctx, h, []string{dpkgDeb, "--show", p.source}, syscmd.Options{})
	if err != nil {
		return "", err
	}
	var name, version string
	if _, err := fmt.Sscanf(out, "%s\t%s", &name, &version); err != nil {
		return "", fmt.Errorf("could not read the package in %s: %q", p.source, out)
	}
	if !strings.Contains(name, p.name) {
		h.Logf(resource.Warning, "source doesn't contain named package, but %s", name)
	}
	return version, nil
}

// Refresh does nothing: neither apt nor dpkg can reinstall, so Puppet's
// reinstall_on_refresh has no effect with them, but a package still takes
// refresh events.
func (p *instance) Refresh(context.Context, *resource.Handle) error { return nil }

// Flush marks a package apt installed or changed as manually installed,
// unless it was already, as Puppet's apt provider does. (A package apt did
// not know before the change counts as not manual, as in Puppet, whose
// apt-mark listing predates the change.)
func (p *instance) Flush(ctx context.Context, h *resource.Handle) error {
	if p.provider != "apt" || p.ensure == absent || p.ensure == purged {
		return nil
	}
	if p.installed() && !p.inv.autoInstalled(p.name) {
		return nil
	}
	_, err := p.inv.run(ctx, h, []string{aptMark, "manual", p.name}, syscmd.Options{})
	return err
}
