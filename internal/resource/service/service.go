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

// Name returns "service".
func (Type) Name() string { return "service" }

// Attributes lists service's attributes in Puppet's definition order.
func (Type) Attributes() []resource.Attribute {
	return []resource.Attribute{
		{Name: "ensure", Property: true},
		{Name: "enable", Property: true},
		{Name: "logonaccount", Property: true},
		{Name: "logonpassword"},
		{Name: "flags", Property: true},
		{Name: "binary"},
		{Name: "hasstatus"},
		{Name: "name", Namevar: true},
		{Name: "path"},
		{Name: "pattern"},
		{Name: "restart"},
		{Name: "start"},
		{Name: "status"},
		{Name: "stop"},
		{Name: "control"},
		{Name: "hasrestart"},
		{Name: "manifest"},
		{Name: "timeout"},
		{Name: "provider"},
	}
}

// otherProviders are Puppet's service providers for other systems:
// accepted, and failing when applied, as Puppet does.
var otherProviders = map[string]bool{
	"bsd": true, "daemontools": true, "freebsd": true, "gentoo": true, "launchd": true, "openbsd": true,
	"openrc": true, "openwrt": true, "rcng": true, "redhat": true, "runit": true, "smf": true, "src": true,
	"upstart": true, "windows": true,
}

// spec is a service resource's validated attributes.
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
}

// New validates r and returns the instance that manages it.
func (t Type) New(r *catalog.Resource) (resource.Instance, error) {
	s := spec{name: r.Title, hasstatus: true, ref: r.Ref(), commands: map[string]string{}}
	fail := func(param, format string, args ...any) error {
		return &resource.ParamError{Ref: s.ref, Param: param, Msg: fmt.Sprintf(format, args...)}
	}
	boolean := func(p catalog.Param) (bool, error) {
		switch catalog.Scalar(p.Value) {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
		return false, fail(p.Name, "Invalid value %s. Valid values are true, false.", resource.Inspect(p.Value))
	}
	var err error
	for _, p := range r.Params {
		if p.Value == nil {
			continue
		}
		str := catalog.Scalar(p.Value)
		switch p.Name {
		case "name":
			s.name = str
		case "provider":
			if !otherProviders[str] && str != "systemd" && str != "debian" && str != "init" && str != "base" {
				return nil, fail("provider", "Invalid service provider '%s'", str)
			}
			s.provider = str
		case "ensure":
			switch str {
			case "running", "true":
				s.ensure = "running"
			case "stopped", "false":
				s.ensure = "stopped"
			default:
				return nil, fail("ensure", "Invalid value %s. Valid values are stopped, running.", resource.Inspect(p.Value))
			}
		case "enable":
			switch str {
			case "true", "false", "mask":
				s.enable = str
			case "manual", "delayed":
				s.enable = str // refused when applied: no provider here has it
			default:
				return nil, fail("enable", "Invalid value %s. Valid values are true, false, manual, mask, delayed.", resource.Inspect(p.Value))
			}
		case "hasstatus":
			if s.hasstatus, err = boolean(p); err != nil {
				return nil, err
			}
		case "hasrestart":
			if s.hasrestart, err = boolean(p); err != nil {
				return nil, err
			}
		case "binary":
			s.binary = str
		case "pattern":
			s.pattern = str
		case "path":
			for _, v := range catalog.Strings(p.Value) {
				s.paths = append(s.paths, filepath.SplitList(v)...)
			}
		case "start", "stop", "status", "restart":
			s.commands[p.Name] = str
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
	if len(s.paths) == 0 {
		s.paths = []string{"/etc/init.d"}
	}
	return &instance{spec: s, typ: t}, nil
}

// systemdIsInit reports whether PID 1 is systemd.
func (t Type) systemdIsInit() bool {
	b, err := os.ReadFile(t.Proc1Comm)
	return err == nil && strings.Contains(string(b), "systemd")
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
	running   bool
	enabled   string
	enableSet bool // enabled was read
	started   bool // ensure started the service in this run
}

// Retrieve reads whether the service runs and, when enable is managed,
// whether it is enabled.
func (s *instance) Retrieve(ctx context.Context, h *resource.Handle) error {
	p, err := s.provider()
	if err != nil {
		return err
	}
	s.p = p
	s.started = false
	if s.ensure != "" {
		if s.running, err = p.status(ctx, h); err != nil {
			return err
		}
	}
	if s.enable != "" {
		if s.enable == "manual" || s.enable == "delayed" {
			return fmt.Errorf("Provider %s must have features '%s_startable' to set 'enable' to '%s'", s.spec.provider, s.enable, s.enable)
		}
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

// Flush logs, after a start, that the start took the place of any
// restart the service was due, as Puppet's transaction logs it.
func (s *instance) Flush(ctx context.Context, h *resource.Handle) error {
	if s.started && h.Log != nil {
		h.Log.Log(resource.Info, "/"+s.ref.String(), "Unscheduling refresh on "+s.ref.String())
	}
	return nil
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
		s.started = err == nil
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
