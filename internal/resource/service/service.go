// Package service implements the service type with Puppet's systemd,
// debian (init scripts managed by update-rc.d and invoke-rc.d), init and
// base (start, stop and status commands, or a process matched by pattern)
// providers. The default is systemd when systemd is PID 1, else debian on
// Debian-family machines, else init.
package service

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// Type is the service resource type.
type Type struct {
	// Proc1Comm is the file naming PID 1's program; systemd is the
	// default provider (and the systemd provider usable at all) only when
	// it says systemd.
	Proc1Comm string
	// DebianVersion is the file whose presence marks a Debian-family
	// machine.
	DebianVersion string
}

// NewType returns the service type for this machine.
func NewType() Type {
	return Type{Proc1Comm: "/proc/1/comm", DebianVersion: "/etc/debian_version"}
}

// otherProviders are Puppet's service providers for other systems:
// accepted, and failing when applied, as Puppet does.
var otherProviders = []string{"bsd", "daemontools", "freebsd", "gentoo", "launchd", "openbsd", "openrc", "openwrt",
	"rcng", "redhat", "runit", "smf", "src", "upstart", "windows"}

var schema = resource.NewSchema(resource.Schema{
	Name: "service",
	Doc:  "Services: running or stopped, enabled at boot or not, restarted on refresh.",
	Attrs: []resource.Attr{
		{Name: "ensure", Kind: resource.KindProperty, Doc: "running or stopped.",
			Check: &resource.EnumCheck{Values: []string{"stopped", "running"}, Aliases: map[string]string{"false": "stopped", "true": "running"}}},
		{Name: "enable", Kind: resource.KindProperty, Feature: "enableable", Doc: "Whether the service starts at boot: true, false, or mask (systemd).",
			Check: resource.CheckFunc("true, false, manual, mask, delayed", checkEnable)},
		{Name: "logonaccount", Kind: resource.KindProperty, Feature: "manages_logon_credentials", Doc: "The account the service runs as (Windows)."},
		{Name: "logonpassword", Feature: "manages_logon_credentials", Doc: "The password of logonaccount (Windows)."},
		{Name: "flags", Kind: resource.KindProperty, Feature: "flaggable", Doc: "Flags for the service (OpenBSD)."},
		{Name: "binary", Doc: "The daemon to start when there is no start command; also the default pattern."},
		{Name: "hasstatus", Default: true, Doc: "Whether the init script has a working status command.", Check: resource.Boolean()},
		{Name: "name", Namevar: true, Doc: "The service's name."},
		{Name: "path", Doc: "Where init scripts are searched for (default /etc/init.d).", Arrays: resource.Whole},
		{Name: "pattern", DefaultFrom: []string{"binary", "name"}, Doc: "A regular expression that finds the service's process in ps -ef."},
		{Name: "restart", Doc: "The command that restarts the service."},
		{Name: "start", Doc: "The command that starts the service."},
		{Name: "status", Doc: "The command that tells whether the service runs (exit 0)."},
		{Name: "stop", Doc: "The command that stops the service."},
		{Name: "control", Doc: "The rc.conf variable that enables the service (BSD providers)."},
		{Name: "hasrestart", Doc: "Whether the init script has a restart command.", Check: resource.Boolean()},
		{Name: "manifest", Doc: "The service manifest to import (Solaris SMF)."},
		{Name: "timeout", Feature: "configurable_timeout", Doc: "A timeout in seconds (Windows)."},
	},
	Features: []resource.Feature{
		{Name: "refreshable"}, {Name: "enableable"}, {Name: "maskable"}, {Name: "controllable"}, {Name: "flaggable"},
		{Name: "manual_startable"}, {Name: "delayed_startable"}, {Name: "configurable_timeout"}, {Name: "manages_logon_credentials"},
	},
	Providers: append([]resource.Provider{
		{Name: "systemd", Default: true, Doc: "systemctl; only where systemd is PID 1.", Features: []string{"refreshable", "enableable", "maskable"},
			Confine: resource.Confine{Commands: []string{"systemctl"}}, Instances: systemdInstances, Find: systemdFind},
		{Name: "debian", Doc: "Init scripts, with invoke-rc.d and update-rc.d for enable.", Features: []string{"refreshable", "enableable"},
			Confine:   resource.Confine{Commands: []string{"/usr/sbin/update-rc.d", "/usr/sbin/invoke-rc.d", "/usr/sbin/service"}},
			Instances: debianInstances, Find: debianFind},
		{Name: "init", Doc: "Init scripts in path.", Features: []string{"refreshable"}},
		{Name: "base", Doc: "start, stop and status commands, or a process found by pattern.", Features: []string{"refreshable"}},
	}, unimplemented(otherProviders)...),
})

func unimplemented(names []string) []resource.Provider {
	out := make([]resource.Provider, len(names))
	for i, n := range names {
		out[i] = resource.Provider{Name: n, Unimplemented: true}
	}
	return out
}

func checkEnable(v catalog.Value) (catalog.Value, error) {
	switch s := catalog.Scalar(v); s {
	case "true", "false", "mask":
		return s, nil
	case "manual", "delayed":
		return nil, fmt.Errorf("Provider must have features '%s_startable' to set 'enable' to '%s'", s, s)
	}
	return nil, fmt.Errorf("Invalid value %s. Valid values are true, false, manual, mask, delayed.", resource.Inspect(v))
}

// Schema returns service's schema.
func (Type) Schema() *resource.Schema { return schema }

// spec is a service resource's values.
type spec struct {
	name       string
	provider   string
	ensure     string // running, stopped or "" (not managed)
	enable     string // true, false, mask or "" (not managed)
	hasstatus  bool
	hasrestart bool
	binary     string
	pattern    string
	paths      []string
	commands   map[string]string // start, stop, status, restart given by the user
	ref        catalog.Ref
	dropped    []string
}

// New returns the instance that manages the service v describes.
func (t Type) New(v resource.Values) (resource.Instance, error) {
	s := spec{
		name:       v.String("name"),
		provider:   v.String("provider"),
		ensure:     v.String("ensure"),
		hasstatus:  v.Bool("hasstatus"),
		hasrestart: v.Bool("hasrestart"),
		binary:     v.String("binary"),
		pattern:    v.String("pattern"),
		ref:        v.Ref(),
		commands:   map[string]string{},
	}
	for _, p := range v.Strings("path") {
		s.paths = append(s.paths, filepath.SplitList(p)...)
	}
	for _, c := range []string{"start", "stop", "status", "restart"} {
		if v.Has(c) {
			s.commands[c] = v.String(c)
		}
	}
	if s.pattern == "" {
		s.pattern = s.binary
		if s.pattern == "" {
			s.pattern = s.name
		}
	}
	if s.provider == "" {
		s.provider = t.defaultProvider()
	}
	p := v.Schema().Provider(s.provider)
	s.dropped = v.Dropped(p)
	if v.Managed(p, "enable") {
		s.enable = v.String("enable")
	}
	if len(s.paths) == 0 {
		s.paths = []string{"/etc/init.d"}
	}
	if !t.Functional(s.provider) {
		return notFunctional{fmt.Errorf("Provider %s is not functional on this host", s.provider)}, nil
	}
	return &instance{spec: s, typ: t}, nil
}

// notFunctional is a service whose provider cannot work here: the engine
// fails it without evaluating it.
type notFunctional struct{ err error }

func (n notFunctional) NotFunctional() error                             { return n.err }
func (n notFunctional) Retrieve(context.Context, *resource.Handle) error { return n.err }
func (n notFunctional) Exists() bool                                     { return false }
func (n notFunctional) Properties() []resource.Property                  { return nil }

// systemdIsInit reports whether PID 1 is systemd.
func (t Type) systemdIsInit() bool {
	b, err := os.ReadFile(t.Proc1Comm)
	return err == nil && strings.Contains(string(b), "systemd")
}

// DefaultProviderName is the provider of a service that names none:
// systemd where systemd is PID 1, else debian on Debian-family machines,
// else init.
func (t Type) DefaultProviderName() string { return t.defaultProvider() }

// Functional reports whether provider name can work here, as Puppet's
// confines say: systemd only where systemd is PID 1, debian only where it
// is not.
func (t Type) Functional(name string) bool {
	switch name {
	case "systemd":
		return t.systemdIsInit()
	case "debian":
		return !t.systemdIsInit()
	}
	return true
}

func (t Type) defaultProvider() string {
	if t.systemdIsInit() {
		return "systemd"
	}
	if _, err := os.Stat(t.DebianVersion); err == nil {
		return "debian"
	}
	return "init"
}

// instance manages one service.
type instance struct {
	spec
	typ Type
	p   provider

	// After Retrieve.
	running bool
	enabled string
}

// Retrieve reads whether the service runs and, when enable is managed,
// whether it is enabled.
func (s *instance) Retrieve(ctx context.Context, h *resource.Handle) error {
	for _, d := range s.dropped {
		h.Logf(resource.Debug, "%s", d)
	}
	p, err := s.provider()
	if err != nil {
		return err
	}
	s.p = p
	if s.ensure != "" {
		if s.running, err = p.status(ctx, h); err != nil {
			return err
		}
	}
	if s.enable != "" {
		if s.enabled, err = p.enabled(ctx, h, s.enable); err != nil {
			return err
		}
	}
	return nil
}

// provider returns the provider the resource asked for, or an error when
// it cannot work on this machine.
func (s *instance) provider() (provider, error) {
	// base runs the commands of the provider built on it.
	b := &base{spec: &s.spec}
	switch s.spec.provider {
	case "base":
		return b, nil
	case "init":
		i := &initScript{base: b}
		b.cmds = i
		return i, nil
	case "debian":
		d := &debian{initScript{base: b}}
		b.cmds = d
		return d, nil
	case "systemd":
		if s.typ.systemdIsInit() {
			sd := &systemd{base: b}
			b.cmds = sd
			return sd, nil
		}
	}
	return nil, fmt.Errorf("Provider %s is not functional on this host", s.spec.provider)
}

// Exists is always true: a service is there to be started or stopped.
func (s *instance) Exists() bool { return true }

// Properties lists ensure and enable, those that are managed.
func (s *instance) Properties() []resource.Property {
	var props []resource.Property
	if s.ensure != "" {
		props = append(props, (*ensureProp)(s))
	}
	if s.enable != "" {
		props = append(props, (*enableProp)(s))
	}
	return props
}

// Refresh restarts the service if it runs, as Puppet's service does.
func (s *instance) Refresh(ctx context.Context, h *resource.Handle) error {
	p := s.p
	if p == nil {
		var err error
		if p, err = s.provider(); err != nil {
			return err
		}
	}
	running, err := p.status(ctx, h)
	if err != nil {
		return err
	}
	if !running {
		// Puppet logs refresh-time lines under the short path.
		h.Log.Log(resource.Debug, "/"+s.ref.String(), "Skipping restart; service is not running")
		return nil
	}
	return p.restart(ctx, h)
}

// Reload has a running service read its configuration again, without
// a restart: Salt's service states with reload: True. Puppet's service
// type has no reload; a provider that cannot reload restarts. A service
// that is not running is left alone, as Refresh leaves it.
func (s *instance) Reload(ctx context.Context, h *resource.Handle) error {
	p := s.p
	if p == nil {
		var err error
		if p, err = s.provider(); err != nil {
			return err
		}
	}
	running, err := p.status(ctx, h)
	if err != nil || !running {
		return err
	}
	if r, ok := p.(reloader); ok {
		return r.reload(ctx, h)
	}
	return p.restart(ctx, h)
}

func state(running bool) string {
	if running {
		return "running"
	}
	return "stopped"
}

// ensureProp is the service's ensure property: running or stopped.
type ensureProp instance

func (e *ensureProp) Name() string           { return "ensure" }
func (e *ensureProp) Current() catalog.Value { return state(e.running) }
func (e *ensureProp) Desired() catalog.Value { return e.ensure }
func (e *ensureProp) InSync() bool           { return state(e.running) == e.ensure }
func (e *ensureProp) Message() string {
	return fmt.Sprintf("ensure changed %s to %s", catalog.Format(state(e.running)), catalog.Format(e.ensure))
}

// InvalidatesRefresh: a start makes a refresh the service was due
// pointless, as Puppet's running value says (invalidate_refreshes).
func (e *ensureProp) InvalidatesRefresh() bool { return e.ensure == "running" }

func (e *ensureProp) Event() string {
	if e.ensure == "running" {
		return "service_started"
	}
	return "service_stopped"
}

// Sync starts or stops the service, then brings enable in line too, as
// Puppet's service ensure does.
func (e *ensureProp) Sync(ctx context.Context, h *resource.Handle) error {
	s := (*instance)(e)
	var err error
	if e.ensure == "running" {
		err = s.p.start(ctx, h)
	} else {
		err = s.p.stop(ctx, h)
	}
	if err != nil || s.enable == "" {
		return err
	}
	cur, err := s.p.enabled(ctx, h, s.enable)
	if err != nil {
		return err
	}
	if s.p.enabledInSync(cur, s.enable) {
		return nil
	}
	return s.p.setEnable(ctx, h, s.enable)
}

// enableProp is the service's enable property.
type enableProp instance

func (e *enableProp) Name() string           { return "enable" }
func (e *enableProp) Current() catalog.Value { return e.enabled }
func (e *enableProp) Desired() catalog.Value { return e.enable }
func (e *enableProp) InSync() bool           { return e.p.enabledInSync(e.enabled, e.enable) }
func (e *enableProp) Message() string {
	return fmt.Sprintf("enable changed %s to %s", catalog.Format(e.enabled), catalog.Format(e.enable))
}

func (e *enableProp) Event() string {
	if e.enable == "true" {
		return "service_enabled"
	}
	return "service_disabled"
}

func (e *enableProp) Sync(ctx context.Context, h *resource.Handle) error {
	return e.p.setEnable(ctx, h, e.enable)
}
