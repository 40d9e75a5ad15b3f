package service

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/syscmd"
)

// initExcludes are the scripts of an init folder that are no services,
// as Puppet's init provider skips them.
var initExcludes = []string{"functions.sh", "reboot.sh", "shutdown.sh", "functions", "halt", "killall", "single",
	"linuxconf", "reboot", "boot", "wait-for-state", "portmap-wait", "rcS", "module-init-tools", "plymouth-ready",
	"idmapd-mounting", "startpar-bridge", "cryptdisks-udev", "statd-mounting", "gssd-mounting"}

// initScripts lists the services of an init folder: its executable
// files, except hidden ones, the excludes and upstart job links.
func initScripts(dir string) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") || slices.Contains(initExcludes, name) {
			continue
		}
		full := filepath.Join(dir, name)
		fi, err := os.Stat(full)
		if err != nil || fi.IsDir() || fi.Mode()&0o111 == 0 {
			continue
		}
		if target, err := os.Readlink(full); err == nil && target == "/lib/init/upstart-job" {
			continue
		}
		out = append(out, name)
	}
	sort.Strings(out)
	return out, nil
}

// debianInstances lists the init scripts of /etc/init.d as puppet
// resource service shows them with the debian provider: whether each
// runs (service NAME status) and whether it is enabled (invoke-rc.d).
func debianInstances(ctx context.Context, h *resource.Handle) ([]*catalog.Resource, error) {
	names, err := initScripts("/etc/init.d")
	if err != nil {
		return nil, err
	}
	out := make([]*catalog.Resource, 0, len(names))
	for _, n := range names {
		r, err := debianFind(ctx, h, n)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// debianFind reads one service with the debian provider; one that is
// not installed is stopped and not enabled.
func debianFind(ctx context.Context, h *resource.Handle, name string) (*catalog.Resource, error) {
	s := &spec{name: name, provider: "debian", hasstatus: true, paths: []string{"/etc/init.d"},
		ref: catalog.Ref{Type: "Service", Title: name}, commands: map[string]string{}, pattern: name}
	b := &base{spec: s}
	d := &debian{initScript{base: b}}
	b.cmds = d
	running, err := d.status(ctx, h)
	if err != nil {
		return nil, err
	}
	enabled, err := d.enabled(ctx, h, "")
	if err != nil {
		return nil, err
	}
	r := &catalog.Resource{Type: "Service", Title: name}
	if running {
		r.Set("ensure", "running")
	} else {
		r.Set("ensure", "stopped")
	}
	r.Set("enable", enabled)
	// The parameters Puppet's init provider gives the services it lists.
	r.Set("hasstatus", "true")
	r.Set("path", []catalog.Value{"/etc/init.d"})
	return r, nil
}

// unitFileLine is a line of systemctl list-unit-files that Puppet's
// systemd provider takes for a service: the unit and a state it knows.
var unitFileLine = lazyre.New(`(?mi)^(\S+)\s+(disabled|enabled|masked|indirect|bad|static)\s*([^-]\S+)?\s*$`)

// systemdInstances lists the service units systemctl knows, as puppet
// resource service shows them with the systemd provider (titled with
// their .service suffix): whether each is active and whether it is
// enabled. A systemctl that fails lists none, as in Puppet.
func systemdInstances(ctx context.Context, h *resource.Handle) ([]*catalog.Resource, error) {
	sd := &systemd{base: &base{spec: &spec{}}}
	res, err := syscmd.Run(ctx, h, []string{sd.systemctl(), "list-unit-files", "--type", "service", "--full", "--all", "--no-pager"}, syscmd.Options{})
	if err != nil || res.ExitCode != 0 {
		return nil, nil
	}
	var out []*catalog.Resource
	for _, m := range unitFileLine.FindAllStringSubmatch(string(res.Output), -1) {
		if strings.EqualFold(m[2], "bad") {
			h.Log.Log(resource.Debug, "", m[1]+" marked as bad by `systemctl`. It is recommended to be further checked.")
		}
		r, err := systemdFind(ctx, h, m[1])
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// systemdFind reads one service with the systemd provider: systemctl
// is-active and is-enabled. A unit systemd does not know is stopped and
// not enabled.
func systemdFind(ctx context.Context, h *resource.Handle, name string) (*catalog.Resource, error) {
	s := &spec{name: name, provider: "systemd", hasstatus: true, ref: catalog.Ref{Type: "Service", Title: name},
		commands: map[string]string{}, pattern: name}
	b := &base{spec: s}
	sd := &systemd{base: b}
	b.cmds = sd
	running, err := sd.status(ctx, h)
	if err != nil {
		return nil, err
	}
	enabled, err := sd.enabled(ctx, h, "")
	if err != nil {
		return nil, err
	}
	r := &catalog.Resource{Type: "Service", Title: name}
	if running {
		r.Set("ensure", "running")
	} else {
		r.Set("ensure", "stopped")
	}
	r.Set("enable", enabled)
	return r, nil
}
