// Package pkg implements the package type with Puppet's apt (the default
// on Debian) and dpkg providers. Every package resource of a run reads
// the machine's packages from one shared Inventory: one dpkg-query for
// the run, one apt-cache policy for all candidate versions, and one
// package command at a time.
package pkg

import (
	"context"
	"errors"
	"fmt"
	"os"
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

// Name returns "package".
func (Type) Name() string { return "package" }

// Attributes lists package's attributes in Puppet's definition order.
func (Type) Attributes() []resource.Attribute {
	return []resource.Attribute{
		{Name: "ensure", Property: true},
		{Name: "name", Namevar: true},
		{Name: "command"},
		{Name: "package_settings", Property: true},
		{Name: "flavor", Property: true},
		{Name: "source"},
		{Name: "instance"},
		{Name: "status"},
		{Name: "adminfile"},
		{Name: "responsefile"},
		{Name: "configfiles"},
		{Name: "category"},
		{Name: "platform"},
		{Name: "root"},
		{Name: "vendor"},
		{Name: "description"},
		{Name: "allowcdrom"},
		{Name: "enable_only"},
		{Name: "install_only"},
		{Name: "install_options"},
		{Name: "uninstall_options"},
		{Name: "allow_virtual"},
		{Name: "reinstall_on_refresh"},
		{Name: "mark", Property: true},
		{Name: "provider"},
	}
}

// otherProviders are Puppet's package providers that do not work on a
// Debian machine: accepted, but failing when applied, as Puppet does.
var otherProviders = map[string]bool{
	"aix": true, "appdmg": true, "apple": true, "aptitude": true, "aptrpm": true, "blastwave": true,
	"dnf": true, "dnfmodule": true, "fink": true, "freebsd": true, "gem": true, "hpux": true,
	"macports": true, "nim": true, "openbsd": true, "opkg": true, "pacman": true, "pip": true,
	"pip2": true, "pip3": true, "pkg": true, "pkgdmg": true, "pkgin": true, "pkgng": true,
	"pkgutil": true, "portage": true, "ports": true, "portupgrade": true, "puppet_gem": true,
	"puppetserver_gem": true, "rpm": true, "rug": true, "sun": true, "sunfreeware": true,
	"tdnf": true, "up2date": true, "urpmi": true, "windows": true, "yum": true, "zypper": true,
}

// spec is a package resource's validated attributes.
type spec struct {
	name           string
	provider       string // apt or dpkg; another name fails when applied
	ensure         string // present, absent, purged, latest or a version
	source         string
	keepConfig     bool
	installOptions []string
	mark           string // hold, none or "" (not managed)
	location       string
}

// New validates r and returns the instance that manages it.
func (t Type) New(r *catalog.Resource) (resource.Instance, error) {
	s, err := parse(r)
	if err != nil {
		return nil, err
	}
	if s.provider == "apt" && s.ensure == latest {
		t.Inv.needLatest(s.name)
	}
	return &instance{spec: s, inv: t.Inv}, nil
}

func parse(r *catalog.Resource) (spec, error) {
	s := spec{name: r.Title, ensure: present, keepConfig: true, provider: defaultProvider(), location: r.Location()}
	ref := r.Ref()
	fail := func(param, format string, args ...any) error {
		return &resource.ParamError{Ref: ref, Param: param, Msg: fmt.Sprintf(format, args...)}
	}
	for _, p := range r.Params {
		if p.Value == nil {
			continue
		}
		str := catalog.Scalar(p.Value)
		switch p.Name {
		case "name":
			s.name = str
		case "provider":
			if str != "apt" && str != "dpkg" && !otherProviders[str] {
				return s, fail("provider", "Invalid package provider '%s'", str)
			}
			s.provider = str
		case "ensure":
			switch str {
			case "installed", "present":
				s.ensure = present
			case "":
				return s, fail("ensure", "Invalid value %s. Valid values are present, absent, purged, disabled, latest. Valid values match /./.", resource.Inspect(p.Value))
			default:
				s.ensure = str
			}
		case "source":
			s.source = str
		case "configfiles":
			if str != "keep" && str != "replace" {
				return s, fail("configfiles", "Invalid value %s. Valid values are keep, replace.", resource.Inspect(p.Value))
			}
			s.keepConfig = str == "keep"
		case "install_options":
			s.installOptions = joinOptions(p.Value)
		case "mark":
			if str != "hold" && str != "none" {
				return s, fail("mark", "Invalid hold value %s. Valid values are: hold/none", resource.Inspect(p.Value))
			}
			s.mark = str
		case "reinstall_on_refresh", "allowcdrom":
			if str != "true" && str != "false" {
				return s, fail(p.Name, "Invalid value %s. Valid values are true, false.", resource.Inspect(p.Value))
			}
		}
	}
	if s.mark != "" && (s.ensure == absent || s.ensure == purged) {
		return s, fmt.Errorf(`You cannot use "mark" property while "ensure" is one of ["absent", "purged"]`)
	}
	return s, nil
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

// defaultProvider is apt on Debian-family machines, as Puppet's
// defaultfor osfamily debian, else dpkg.
func defaultProvider() string {
	if _, err := os.Stat("/etc/debian_version"); err == nil {
		return "apt"
	}
	return "dpkg"
}

// instance manages one package.
type instance struct {
	spec
	inv *Inventory

	// After Retrieve.
	cur     entry
	found   bool
	latest  string // the version ensure => latest means
	changes bool
}

// Retrieve reads the package's state from the inventory, and the latest
// version when ensure is latest and the package is installed.
func (p *instance) Retrieve(ctx context.Context, h *resource.Handle) error {
	if p.provider != "apt" && p.provider != "dpkg" {
		return fmt.Errorf("Provider %s is not functional on this host", p.provider)
	}
	e, found, err := p.inv.lookup(ctx, h, p.provider, p.name)
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
// unless apt already listed it so, as Puppet's apt provider does.
func (p *instance) Flush(ctx context.Context, h *resource.Handle) error {
	if p.provider != "apt" || p.ensure == absent || p.ensure == purged || p.inv.isManual(p.name) {
		return nil
	}
	_, err := p.inv.run(ctx, h, []string{aptMark, "manual", p.name}, syscmd.Options{})
	return err
}
