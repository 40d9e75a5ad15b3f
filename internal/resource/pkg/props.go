package pkg

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/syscmd"
)

// ensureProp is the package's ensure property.
type ensureProp instance

func (e *ensureProp) Name() string           { return "ensure" }
func (e *ensureProp) Current() catalog.Value { return (*instance)(e).current() }

// Desired is the wanted state; for latest, the version it stands for once
// known, as Puppet's should_to_s shows it.
func (e *ensureProp) Desired() catalog.Value {
	if e.ensure == latest && e.latest != "" {
		return e.latest
	}
	if e.declared != nil {
		return e.declared
	}
	return e.ensure
}

// InSync is Puppet's package ensure insync?.
func (e *ensureProp) InSync() bool {
	is := (*instance)(e).current()
	switch e.ensure {
	case present:
		return is != absent && is != purged
	case latest:
		return is != absent && is != purged && is == e.latest
	case absent:
		return is == absent || is == purged
	case purged:
		return is == purged
	}
	return is == e.ensure
}

func (e *ensureProp) Event() string {
	switch e.ensure {
	case absent:
		return "package_removed"
	case purged:
		return "package_purged"
	case present:
		return "package_installed"
	}
	// Puppet compares the state it read before the change with absent
	// only, so a version installed where the package was purged is a change.
	if (*instance)(e).current() == absent {
		return "package_installed"
	}
	return "package_changed"
}

// Message is Puppet's package change_to_s.
func (e *ensureProp) Message() string {
	is := (*instance)(e).current()
	switch {
	case e.ensure == purged:
		return "purged"
	case (is == absent || is == purged) && e.ensure != absent:
		return "created"
	case e.ensure == absent:
		return "removed"
	}
	return fmt.Sprintf("ensure changed %s to %s", catalog.Format(is), catalog.Format(e.Desired()))
}

// Sync installs, upgrades, removes or purges the package.
func (e *ensureProp) Sync(ctx context.Context, h *resource.Handle) error {
	p := (*instance)(e)
	switch e.ensure {
	case absent:
		return p.uninstall(ctx, h)
	case purged:
		return p.purge(ctx, h)
	case present:
		return p.install(ctx, h)
	}
	if err := p.install(ctx, h); err != nil {
		var wrapped *resource.WrappedError
		if errors.As(err, &wrapped) {
			err = wrapped.Cause
		}
		return fmt.Errorf("Could not update: %w", err)
	}
	return nil
}

// install installs the wanted version (or any), holding and unholding
// around it as mark asks.
func (p *instance) install(ctx context.Context, h *resource.Handle) error {
	if err := p.preseed(ctx, h); err != nil {
		return err
	}
	var argv []string
	if p.provider == "dpkg" {
		if p.source == "" {
			cause := errors.New("You cannot install dpkg packages without a source")
			msg := fmt.Sprintf("Could not set %s on ensure: %s", catalog.Format(p.ensure), cause)
			if p.location != "" {
				msg += " " + p.location
			}
			return &resource.WrappedError{Msg: msg, Cause: cause}
		}
		argv = []string{dpkgBin, "--force-confnew", "-i", p.source}
		if p.keepConfig {
			argv[1] = "--force-confold"
		}
	} else {
		argv = []string{aptGet, "-q", "-y", "-o", "DPkg::Options::=--force-confnew"}
		if p.keepConfig {
			argv[4] = "DPkg::Options::=--force-confold"
		}
		target := p.name
		if p.ensure != present && p.ensure != latest {
			target += "=" + p.ensure
			argv = append(argv, "--force-yes")
		}
		argv = append(argv, p.installOptions...)
		argv = append(argv, "install")
		if p.source != "" {
			target = p.source
		}
		argv = append(argv, target)
	}
	if p.cur.mark() == "hold" {
		p.setSelection(ctx, h, "install")
	}
	_, err := p.inv.run(ctx, h, argv, syscmd.Options{})
	if p.mark == "hold" {
		p.setSelection(ctx, h, "hold")
	}
	return err
}

func (p *instance) uninstall(ctx context.Context, h *resource.Handle) error {
	if err := p.preseed(ctx, h); err != nil {
		return err
	}
	if p.provider == "dpkg" {
		_, err := p.inv.run(ctx, h, []string{dpkgBin, "-r", p.name}, syscmd.Options{})
		return err
	}
	argv := []string{aptGet, "-y", "-q"}
	if p.cur.mark() == "hold" {
		argv = append(argv, "--allow-change-held-packages")
	}
	_, err := p.inv.run(ctx, h, append(argv, "remove", p.name), syscmd.Options{})
	return err
}

// purge removes the package and its configuration; after apt, dpkg
// purges too, since apt leaves an already removed package unpurged.
func (p *instance) purge(ctx context.Context, h *resource.Handle) error {
	if p.provider == "apt" {
		if err := p.preseed(ctx, h); err != nil {
			return err
		}
		argv := []string{aptGet, "-y", "-q"}
		if p.cur.mark() == "hold" {
			argv = append(argv, "--allow-change-held-packages")
		}
		if _, err := p.inv.run(ctx, h, append(argv, "remove", "--purge", p.name), syscmd.Options{}); err != nil {
			return err
		}
	}
	_, err := p.inv.run(ctx, h, []string{dpkgBin, "--purge", p.name}, syscmd.Options{})
	return err
}

// setSelection sets the package's dpkg selection (hold or install); its
// failure is ignored, as Puppet ignores it.
func (p *instance) setSelection(ctx context.Context, h *resource.Handle, state string) {
	_, _ = p.inv.run(ctx, h, []string{"dpkg", "--set-selections"}, syscmd.Options{Stdin: []byte(p.name + " " + state + "\n")})
}

// markProp is the mark property: hold or none.
type markProp instance

func (m *markProp) Name() string           { return "mark" }
func (m *markProp) Current() catalog.Value { return m.cur.mark() }
func (m *markProp) Desired() catalog.Value { return m.mark }
func (m *markProp) InSync() bool           { return m.cur.mark() == m.mark }
func (m *markProp) Event() string          { return "mark_changed" }
func (m *markProp) Message() string {
	return fmt.Sprintf("mark changed %s to %s", catalog.Format(m.cur.mark()), catalog.Format(m.mark))
}

func (m *markProp) Sync(ctx context.Context, h *resource.Handle) error {
	p := (*instance)(m)
	state := "install"
	if m.mark == "hold" {
		state = "hold"
	}
	p.setSelection(ctx, h, state)
	return nil
}

// debconfSetSelections loads debconf answers.
const debconfSetSelections = "/usr/bin/debconf-set-selections"

// preseed gives apt's responsefile to debconf before apt acts, as
// Puppet's apt provider does; a missing file is noted and skipped.
func (p *instance) preseed(ctx context.Context, h *resource.Handle) error {
	if p.provider != "apt" || p.responsefile == "" {
		return nil
	}
	info := func(msg string) {
		if h.Log != nil {
			h.Log.Log(resource.Info, p.ref+"(provider="+p.provider+")", msg)
		}
	}
	if _, err := os.Stat(p.responsefile); err != nil {
		info("No responsefile specified or non existent, not preseeding anything")
		return nil
	}
	info("Preseeding " + p.responsefile + " to debconf-set-selections")
	_, err := p.inv.run(ctx, h, []string{debconfSetSelections, p.responsefile}, syscmd.Options{})
	return err
}
