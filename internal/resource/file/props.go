package file

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// ensureProp is the file's kind: absent, file, directory or link.
type ensureProp instance

func (p *ensureProp) Name() string           { return "ensure" }
func (p *ensureProp) Current() catalog.Value { return p.curType }
func (p *ensureProp) Desired() catalog.Value { return p.ensure }

func (p *ensureProp) InSync() bool {
	if p.curType != "absent" && !p.replace {
		return true
	}
	if p.ensure == "present" {
		return p.curType != "absent"
	}
	return p.curType == p.ensure
}

// Event is named after the desired value only, as Puppet's ensure values
// name their events: replacing a directory by a file is file_created.
func (p *ensureProp) Event() string {
	switch p.ensure {
	case "absent":
		return "file_removed"
	case "directory":
		return "directory_created"
	case "link":
		return "link_created"
	}
	return "file_created"
}

func (p *ensureProp) Message() string {
	if (p.ensure == "file" || p.ensure == "present") && p.hasData && !p.srcDir {
		return (*contentProp)(p).change("absent")
	}
	switch {
	case p.curType == "absent":
		return "created"
	case p.ensure == "absent":
		return "removed"
	}
	return "ensure changed " + catalog.Format(p.curType) + " to " + catalog.Format(p.ensure)
}

func (p *ensureProp) Sync(ctx context.Context, h *resource.Handle) error {
	f := (*instance)(p)
	if _, err := f.removeExisting(h, p.ensure); err != nil {
		return rubyError(err)
	}
	switch p.ensure {
	case "absent":
		return nil
	case "file", "present":
		if f.hasData {
			if err := f.write(ctx, h); err != nil {
				return f.setErr(p.ensure, err)
			}
			return nil
		}
		if p.ensure == "file" && f.oddTypes().sourceSum != "" {
			if err := f.writeSourceWithSum(ctx, h); err != nil {
				return f.setErr(p.ensure, err)
			}
			return nil
		}
		if p.ensure == "file" && f.oddTypes().checksumValue {
			// Puppet hands the write to checksum_value, which refuses it
			// without a source, after what was in the way is gone.
			msg := "checksum_value#sync should not be called without a source parameter"
			if loc := f.decl.Location(); loc != "" {
				msg += " " + loc
			}
			return errors.New(msg)
		}
		if err := f.writeEmpty(ctx, h); err != nil {
			return f.setErr(p.ensure, err)
		}
		return nil
	case "directory":
		parent := filepath.Dir(f.path)
		if _, err := os.Stat(parent); err != nil {
			return fmt.Errorf("Cannot create %s; parent directory %s does not exist", f.path, parent)
		}
		perm := uint32(0o777)
		if f.mode != nil {
			m, err := f.mode.apply(0o755, true)
			if err != nil {
				return err
			}
			perm = m
		}
		f.changed()
		if err := os.Mkdir(f.path, 0o700); err != nil {
			return f.setErr(p.ensure, err)
		}
		if f.mode == nil {
			perm &^= f.host.processUmask()
		}
		if err := syscall.Chmod(f.path, perm); err != nil {
			return f.setErr(p.ensure, err)
		}
		return f.propertyFix(h)
	case "link":
		if !f.hasTarget {
			return errors.New("Cannot create a symlink without a target")
		}
		return f.mklink(h)
	}
	return nil
}

// contentProp is the checksum of a plain file's content.
type contentProp instance

func (p *contentProp) Name() string { return "content" }
func (p *contentProp) Current() catalog.Value {
	if p.sensitive {
		return catalog.Sensitive{Value: (*instance)(p).currentSum()}
	}
	return (*instance)(p).currentSum()
}
func (p *contentProp) Desired() catalog.Value {
	if p.sensitive {
		return catalog.Sensitive{Value: (*instance)(p).desiredSum()}
	}
	return (*instance)(p).desiredSum()
}
func (p *contentProp) Event() string { return "content_changed" }

func (p *contentProp) InSync() bool {
	if p.srcDir {
		return true
	}
	// Content applies only when the file is (to be) a plain file.
	if !(p.ensure == "file" || (p.ensure == "present" && (p.curType == "absent" || p.curType == "file"))) {
		return true
	}
	if !p.replace && p.curType != "absent" {
		return true
	}
	return p.contentOK
}

func (p *contentProp) change(from string) string {
	if p.sensitive {
		return "changed [redacted] to [redacted]"
	}
	if from == "absent" {
		return "defined content as '" + (*instance)(p).desiredSum() + "'"
	}
	return "content changed '" + from + "' to '" + (*instance)(p).desiredSum() + "'"
}

func (p *contentProp) Message() string { return p.change((*instance)(p).currentSum()) }

func (p *contentProp) Sync(ctx context.Context, h *resource.Handle) error {
	f := (*instance)(p)
	f.currentSum() // remember the old checksum for the message
	return rubyError(f.write(ctx, h))
}

// targetProp is a link's target.
type targetProp instance

func (p *targetProp) Name() string { return "target" }
func (p *targetProp) Current() catalog.Value {
	switch p.curType {
	case "absent":
		return "absent"
	case "link":
		return p.curLink
	}
	return "notlink"
}
func (p *targetProp) Desired() catalog.Value { return p.target }
func (p *targetProp) Event() string          { return "target_changed" }
func (p *targetProp) InSync() bool {
	if !p.replace && p.curType != "absent" {
		return true
	}
	return p.curType == "link" && p.curLink == p.target
}
func (p *targetProp) Message() string {
	return "target changed " + catalog.Format(p.Current()) + " to " + catalog.Format(p.target)
}
func (p *targetProp) Sync(ctx context.Context, h *resource.Handle) error {
	return rubyError((*instance)(p).mklink(h))
}

// ownerProp is the file's owner, shown by name.
type ownerProp instance

func (p *ownerProp) Name() string { return "owner" }
func (p *ownerProp) Current() catalog.Value {
	if p.st == nil {
		return "absent"
	}
	uid := int(p.st.uid)
	if n, ok := p.host.userName(uid); ok {
		return n
	}
	return int64(uid)
}
func (p *ownerProp) Desired() catalog.Value { return p.owner }
func (p *ownerProp) Event() string          { return "owner_changed" }
func (p *ownerProp) InSync() bool {
	if p.st == nil {
		return true
	}
	uid, ok := p.host.uidOf(p.owner)
	return ok && uint32(uid) == p.st.uid
}
func (p *ownerProp) Message() string {
	return "owner changed " + show(p.Current()) + " to " + show(p.owner)
}
func (p *ownerProp) Sync(ctx context.Context, h *resource.Handle) error {
	if err := idTypeError((*instance)(p).oddTypes().owner, ""); err != nil {
		return err
	}
	if err := checkIDRange("owner", p.owner); err != nil {
		return err
	}
	uid, ok := p.host.uidOf(p.owner)
	if !ok {
		return fmt.Errorf("Could not find user %s", p.owner)
	}
	(*instance)(p).changed()
	if err := os.Lchown(p.path, uid, -1); err != nil {
		return fmt.Errorf("Failed to set owner to '%d': %s", uid, describe(err))
	}
	return nil
}

// groupProp is the file's group, shown by name.
type groupProp instance

func (p *groupProp) Name() string { return "group" }
func (p *groupProp) Current() catalog.Value {
	if p.st == nil {
		return "absent"
	}
	gid := int(p.st.gid)
	if n, ok := p.host.groupName(gid); ok {
		return n
	}
	return int64(gid)
}
func (p *groupProp) Desired() catalog.Value { return p.group }
func (p *groupProp) Event() string          { return "group_changed" }
func (p *groupProp) InSync() bool {
	if p.st == nil {
		return true
	}
	gid, ok := p.host.gidOf(p.group)
	return ok && uint32(gid) == p.st.gid
}
func (p *groupProp) Message() string {
	return "group changed " + show(p.Current()) + " to " + show(p.group)
}
func (p *groupProp) Sync(ctx context.Context, h *resource.Handle) error {
	if err := idTypeError("", (*instance)(p).oddTypes().group); err != nil {
		return err
	}
	if err := checkIDRange("group", p.group); err != nil {
		return err
	}
	gid, ok := p.host.gidOf(p.group)
	if !ok {
		return fmt.Errorf("Could not find group %s", p.group)
	}
	(*instance)(p).changed()
	if err := os.Lchown(p.path, -1, gid); err != nil {
		return fmt.Errorf("Failed to set group to '%d': %s", gid, describe(err))
	}
	return nil
}

// modeProp is the file's permission bits; links have none to manage.
type modeProp instance

func (p *modeProp) Name() string { return "mode" }
func (p *modeProp) curBits() uint32 {
	return p.st.perm()
}
func (p *modeProp) Current() catalog.Value {
	if p.st == nil {
		return "absent"
	}
	return displayMode(p.curBits())
}

// Desired is the mode as Puppet shows the should value: numeric modes in
// four digits (with search bits added for directories), symbolic as written.
func (p *modeProp) Desired() catalog.Value {
	if !p.mode.numeric {
		return p.mode.text
	}
	bits := p.mode.bits
	if p.curType == "directory" {
		bits = dirmask(bits)
	}
	return displayMode(bits)
}
func (p *modeProp) Event() string { return "mode_changed" }
func (p *modeProp) want() (uint32, error) {
	cur := uint32(0o644)
	if p.st != nil {
		cur = p.curBits()
	}
	return p.mode.apply(cur, p.curType == "directory")
}
func (p *modeProp) InSync() bool {
	if p.st == nil || p.curType == "link" {
		return true
	}
	w, err := p.want()
	return err == nil && w == p.curBits()
}
func (p *modeProp) Message() string {
	if p.mode.numeric {
		return "mode changed " + catalog.Format(p.Current()) + " to " + catalog.Format(p.Desired())
	}
	w, _ := p.want()
	return "mode changed " + catalog.Format(p.Current()) + " to " + catalog.Format(displayMode(w)) + " (" + p.mode.text + ")"
}
func (p *modeProp) Sync(ctx context.Context, h *resource.Handle) error {
	w, err := p.want()
	if err != nil {
		return err
	}
	(*instance)(p).changed()
	if err := syscall.Chmod(p.path, w); err != nil {
		// Puppet names the mode the file has, not the one it should get.
		return fmt.Errorf("failed to set mode %s on %s: %s", displayMode(p.curBits()), p.path,
			describe(&os.PathError{Op: "chmod", Path: p.path, Err: err}))
	}
	return nil
}

// show renders a value as Puppet does in change messages: strings quoted,
// numbers (an id without a name) bare.
func show(v catalog.Value) string {
	if n, ok := v.(int64); ok {
		return fmt.Sprint(n)
	}
	return catalog.Format(v)
}

// Sensitive hides ensure's values when the content is sensitive, since
// ensure reports the content when it creates the file.
func (p *ensureProp) Sensitive() bool { return p.sensitive }

// FormatValue shows owner values as Puppet does in noop and failure
// lines: an id without a name bare, a name quoted.
func (p *ownerProp) FormatValue(v catalog.Value) string { return show(v) }

// FormatValue shows group values like owner values.
func (p *groupProp) FormatValue(v catalog.Value) string { return show(v) }
