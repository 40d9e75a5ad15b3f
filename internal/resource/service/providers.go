package service

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/syscmd"
)

// provider is what a service provider can do. enabled returns Puppet's
// enable value ("true", "false" or "mask"); want is the value asked for,
// which some providers need to tell masked from disabled.
type provider interface {
	status(ctx context.Context, h *resource.Handle) (bool, error)
	start(ctx context.Context, h *resource.Handle) error
	stop(ctx context.Context, h *resource.Handle) error
	restart(ctx context.Context, h *resource.Handle) error
	enabled(ctx context.Context, h *resource.Handle, want string) (string, error)
	enabledInSync(cur, want string) bool
	setEnable(ctx context.Context, h *resource.Handle, want string) error
}

// reloader is a provider that can reload a running service.
type reloader interface {
	reload(ctx context.Context, h *resource.Handle) error
}

// commandSet gives the commands a provider runs for start, stop, status
// and restart (nil when it has none), before the user's own.
type commandSet interface {
	command(kind string) ([]string, error)
}

// base is Puppet's base provider: the user's commands, else the process
// table searched for pattern. Other providers build on it by giving their
// own commands.
type base struct {
	*spec
	cmds commandSet // the provider's own commands; nil for base itself
}

func (b *base) command(kind string) ([]string, error) {
	if b.cmds != nil {
		return b.cmds.command(kind)
	}
	if kind == "start" && b.binary != "" {
		return []string{b.binary}, nil
	}
	return nil, nil
}

// run runs the user's command of this kind, else the provider's; with
// check set a non-zero exit is an error worded as Puppet's.
func (b *base) run(ctx context.Context, h *resource.Handle, kind string, argv []string, check bool) (int, error) {
	var cmd resource.Command
	if c, ok := b.commands[kind]; ok {
		cmd = resource.CommandLine(c)
	} else {
		cmd = resource.Command{Argv: argv}
	}
	line := strings.Join(cmd.Argv, " ")
	h.Log.Log(resource.Debug, "", "Executing: '"+line+"'")
	res, err := h.Runner.Run(ctx, cmd)
	if err != nil {
		if check {
			return 0, fmt.Errorf("Could not %s %s: %w", kind, b.ref, err)
		}
		return 127, nil
	}
	if check && (res.ExitCode != 0 || res.TimedOut) {
		exe := &syscmd.ExecError{Command: line, Code: res.ExitCode, Output: strings.TrimRight(string(res.Output), "\n")}
		return res.ExitCode, fmt.Errorf("Could not %s %s: %w", kind, b.ref, exe)
	}
	return res.ExitCode, nil
}

func (b *base) has(kind string) ([]string, bool, error) {
	argv, err := b.command(kind)
	if err != nil {
		return nil, false, err
	}
	_, user := b.commands[kind]
	return argv, user || argv != nil, nil
}

func (b *base) status(ctx context.Context, h *resource.Handle) (bool, error) {
	argv, ok, err := b.has("status")
	if err != nil {
		return false, err
	}
	if ok {
		code, err := b.run(ctx, h, "status", argv, false)
		return code == 0, err
	}
	pid, err := b.pid(ctx, h)
	if pid != "" {
		b.debug(h, "PID is "+pid)
	}
	return pid != "", err
}

// debug logs a line of the provider, with Puppet's source for it:
// Service[name](provider=base).
func (b *base) debug(h *resource.Handle, msg string) {
	h.Log.Log(resource.Debug, b.ref.String()+"(provider="+b.spec.provider+")", msg)
}

// pid searches ps -ef for the first line matching pattern and returns its
// process id, "" when none matches.
func (b *base) pid(ctx context.Context, h *resource.Handle) (string, error) {
	re, err := regexp.Compile(b.pattern)
	if err != nil {
		return "", fmt.Errorf("Invalid pattern %s: %w", b.pattern, err)
	}
	out, err := syscmd.Exec(ctx, h, []string{"ps", "-ef"}, syscmd.Options{})
	if err != nil {
		return "", err
	}
	for _, line := range strings.Split(out, "\n") {
		if re.MatchString(line) {
			if f := strings.Fields(line); len(f) > 1 {
				b.debug(h, "Process matched: "+line)
				return f[1], nil
			}
		}
	}
	return "", nil
}

func (b *base) start(ctx context.Context, h *resource.Handle) error {
	argv, ok, err := b.has("start")
	if err != nil {
		return err
	}
	if !ok {
		return errors.New("Services must specify a start command or a binary")
	}
	_, err = b.run(ctx, h, "start", argv, true)
	return err
}

func (b *base) stop(ctx context.Context, h *resource.Handle) error {
	argv, ok, err := b.has("stop")
	if err != nil {
		return err
	}
	if ok {
		_, err = b.run(ctx, h, "stop", argv, true)
		return err
	}
	pid, err := b.pid(ctx, h)
	if err != nil {
		return err
	}
	if pid == "" {
		h.Logf(resource.Info, "%s is not running", b.name)
		return nil
	}
	if _, err := syscmd.Exec(ctx, h, []string{"/usr/bin/kill", pid}, syscmd.Options{}); err != nil {
		return fmt.Errorf("Could not kill %s, PID %s: %w", b.name, pid, err)
	}
	return nil
}

func (b *base) restart(ctx context.Context, h *resource.Handle) error {
	argv, ok, err := b.has("restart")
	if err != nil {
		return err
	}
	if ok {
		_, err = b.run(ctx, h, "restart", argv, true)
		return err
	}
	if err := b.stop(ctx, h); err != nil {
		return err
	}
	return b.start(ctx, h)
}

// base cannot enable: Puppet refuses enable for it.
func (b *base) enabled(context.Context, *resource.Handle, string) (string, error) {
	return "", errors.New("Provider base must have features 'enableable' to set 'enable'")
}
func (b *base) enabledInSync(cur, want string) bool { return cur == want }
func (b *base) setEnable(context.Context, *resource.Handle, string) error {
	return errors.New("Provider base must have features 'enableable' to set 'enable'")
}

// initScript is Puppet's init provider: the service's script in one of
// the search paths, run with start, stop, status and restart.
type initScript struct {
	*base
	script string
}

func (i *initScript) find() (string, error) {
	if i.script != "" {
		return i.script, nil
	}
	for _, suffix := range []string{"", ".sh"} {
		for _, dir := range i.paths {
			p := filepath.Join(dir, i.name+suffix)
			if _, err := os.Stat(p); err == nil {
				i.script = p
				return p, nil
			}
		}
	}
	return "", fmt.Errorf("Could not find init script for '%s'", i.name)
}

func (i *initScript) command(kind string) ([]string, error) {
	if kind == "restart" && !i.hasrestart || kind == "status" && !i.hasstatus {
		return nil, nil
	}
	script, err := i.find()
	if err != nil {
		return nil, err
	}
	return []string{script, kind}, nil
}

// reload runs the init script's reload command.
func (i *initScript) reload(ctx context.Context, h *resource.Handle) error {
	script, err := i.find()
	if err != nil {
		return err
	}
	_, err = i.run(ctx, h, "reload", []string{script, "reload"}, true)
	return err
}

// debian is Puppet's debian provider: an init provider whose status goes
// through service(8) and whose boot links are managed by update-rc.d.
type debian struct {
	initScript
}

func (d *debian) command(kind string) ([]string, error) {
	if kind == "status" {
		if !d.hasstatus {
			return nil, nil
		}
		return []string{"/usr/sbin/service", d.name, "status"}, nil
	}
	return d.initScript.command(kind)
}

// enabled asks invoke-rc.d whether the service may start; where the
// policy layer leaves it open, four or more start links count as enabled.
func (d *debian) enabled(ctx context.Context, h *resource.Handle, _ string) (string, error) {
	return debianEnabled(ctx, h, d.name, d.name)
}

func debianEnabled(ctx context.Context, h *resource.Handle, name, link string) (string, error) {
	res, err := syscmd.Run(ctx, h, []string{"/usr/sbin/invoke-rc.d", "--quiet", "--query", name, "start"}, syscmd.Options{})
	if err != nil {
		return "", err
	}
	switch res.ExitCode {
	case 104, 106:
		return "true", nil
	case 101, 105:
		links, _ := filepath.Glob("/etc/rc*.d/S??" + link)
		if len(links) >= 4 {
			return "true", nil
		}
	}
	return "false", nil
}

func (d *debian) enabledInSync(cur, want string) bool { return cur == want }

func (d *debian) setEnable(ctx context.Context, h *resource.Handle, want string) error {
	updateRC := func(args ...string) error {
		_, err := syscmd.Exec(ctx, h, append([]string{"/usr/sbin/update-rc.d"}, args...), syscmd.Options{})
		return err
	}
	if want == "true" {
		if err := updateRC("-f", d.name, "remove"); err != nil {
			return err
		}
		return updateRC(d.name, "defaults")
	}
	if want != "false" {
		return fmt.Errorf("Provider debian must have features 'maskable' to set 'enable' to '%s'", want)
	}
	if sysvRCHasDisable(ctx, h) {
		return updateRC(d.name, "disable")
	}
	if err := updateRC("-f", d.name, "remove"); err != nil {
		return err
	}
	return updateRC(d.name, "stop", "00", "1", "2", "3", "4", "5", "6", ".")
}

// sysvRCHasDisable reports whether sysv-rc is 2.88 or newer, whose
// update-rc.d can disable a service; Puppet asks without logging it.
func sysvRCHasDisable(ctx context.Context, h *resource.Handle) bool {
	res, err := h.Runner.Run(ctx, resource.Command{Argv: []string{"dpkg-query", "-W", "--showformat", "${Version}", "sysv-rc"}})
	if err != nil || res.ExitCode != 0 || len(res.Output) == 0 {
		return false
	}
	res, err = h.Runner.Run(ctx, resource.Command{Argv: []string{"dpkg", "--compare-versions", string(res.Output), "ge", "2.88"}})
	return err == nil && res.ExitCode == 0
}

// systemd is Puppet's systemd provider, through systemctl.
type systemd struct {
	*base
	// The answer of systemctl is-enabled, read once until a change.
	isEnabled     string
	isEnabledCode int
	haveEnabled   bool
}

func (s *systemd) systemctl() string {
	if p := syscmd.SearchPath("systemctl"); p != "" {
		return p
	}
	return "systemctl"
}

func (s *systemd) command(kind string) ([]string, error) {
	verb := map[string]string{"status": "is-active"}[kind]
	if verb == "" {
		verb = kind
	}
	return []string{s.systemctl(), verb, "--", s.name}, nil
}

func (s *systemd) quiet(ctx context.Context, h *resource.Handle, args ...string) (resource.Result, error) {
	return syscmd.Run(ctx, h, append([]string{s.systemctl()}, args...), syscmd.Options{})
}

func (s *systemd) change(ctx context.Context, h *resource.Handle, action string) error {
	s.haveEnabled = false
	out, err := syscmd.Exec(ctx, h, []string{s.systemctl(), action, "--", s.name}, syscmd.Options{})
	if err != nil {
		return fmt.Errorf("Could not %s %s: %s", action, s.name, strings.TrimRight(out, "\n"))
	}
	return nil
}

// daemonReload reloads systemd's units first when the unit changed on disk.
func (s *systemd) daemonReload(ctx context.Context, h *resource.Handle) {
	res, err := s.quiet(ctx, h, "show", "--property=NeedDaemonReload", "--", s.name)
	if err != nil {
		return
	}
	out := strings.TrimSpace(string(res.Output))
	if out[strings.LastIndex(out, "=")+1:] == "yes" {
		_, _ = s.quiet(ctx, h, "daemon-reload")
	}
}

func (s *systemd) start(ctx context.Context, h *resource.Handle) error {
	s.daemonReload(ctx, h)
	if _, ok := s.commands["start"]; !ok {
		if err := s.change(ctx, h, "unmask"); err != nil {
			return s.journal(ctx, h, "start", err)
		}
	}
	return s.journal(ctx, h, "start", s.base.start(ctx, h))
}

func (s *systemd) stop(ctx context.Context, h *resource.Handle) error {
	return s.journal(ctx, h, "stop", s.base.stop(ctx, h))
}

func (s *systemd) restart(ctx context.Context, h *resource.Handle) error {
	s.daemonReload(ctx, h)
	return s.journal(ctx, h, "restart", s.base.restart(ctx, h))
}

// reload asks systemd to reload the unit.
func (s *systemd) reload(ctx context.Context, h *resource.Handle) error {
	s.daemonReload(ctx, h)
	return s.journal(ctx, h, "reload", s.change(ctx, h, "reload"))
}

// journal turns a failed start, stop or restart into Puppet's systemd
// error, with the unit's recent journal.
func (s *systemd) journal(ctx context.Context, h *resource.Handle, action string, err error) error {
	if err == nil {
		return nil
	}
	cmd := fmt.Sprintf("journalctl -n 50 --since '5 minutes ago' -u %s --no-pager", s.name)
	h.Log.Log(resource.Debug, "", fmt.Sprintf("Running journalctl command to get logs for systemd %s failure: %s", action, cmd))
	h.Log.Log(resource.Debug, "", "Executing: '"+cmd+"'")
	res, _ := h.Runner.Run(ctx, resource.CommandLine(cmd))
	return fmt.Errorf("Systemd %s for %s failed!\njournalctl log for %s:\n%s", action, s.name, s.name, strings.TrimRight(string(res.Output), "\n"))
}

func (s *systemd) enabled(ctx context.Context, h *resource.Handle, want string) (string, error) {
	if !s.haveEnabled {
		res, err := s.quiet(ctx, h, "is-enabled", "--", s.name)
		if err != nil {
			return "", err
		}
		s.isEnabled, s.isEnabledCode, s.haveEnabled = strings.TrimRight(string(res.Output), "\n"), res.ExitCode, true
	}
	out, code := s.isEnabled, s.isEnabledCode
	switch {
	case want == "mask" && out == "masked":
		return "mask", nil
	case out == "indirect":
		return "false", nil
	case code == 0:
		return "true", nil
	case out == "" && code > 0:
		return debianEnabled(ctx, h, s.name, strings.TrimSuffix(s.name, ".service"))
	}
	return "false", nil
}

func (s *systemd) enabledInSync(cur, want string) bool {
	switch s.isEnabled {
	case "static":
		return want != "mask" || cur == want
	case "indirect":
		return true
	}
	return cur == want
}

func (s *systemd) setEnable(ctx context.Context, h *resource.Handle, want string) error {
	switch want {
	case "true":
		if err := s.change(ctx, h, "unmask"); err != nil {
			return err
		}
		return s.change(ctx, h, "enable")
	case "false":
		return s.change(ctx, h, "disable")
	case "mask":
		if res, err := s.quiet(ctx, h, "cat", "--", s.name); err == nil && res.ExitCode == 0 {
			if err := s.change(ctx, h, "disable"); err != nil {
				return err
			}
		}
		return s.change(ctx, h, "mask")
	}
	return fmt.Errorf("Provider systemd must have features '%s_startable' to set 'enable' to '%s'", want, want)
}
