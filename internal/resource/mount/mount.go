// Package mount implements the mount type of puppetlabs-mount_core on
// Linux: entries of /etc/fstab (or target), read once per run and
// rewritten whole after each change with Puppet's header, every other
// line kept, and file systems mounted, unmounted and remounted with
// mount and umount. mount reads /etc/fstab, so mounting an entry of
// another target fails with mount's own error, as in Puppet.
package mount

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/parsedfile"
	"github.com/ordoproject/ordo/internal/resource/syscmd"
)

// DefaultTarget is the file system table of a Linux machine.
const DefaultTarget = "/etc/fstab"

const (
	mountCmd  = "/usr/bin/mount"
	umountCmd = "/usr/bin/umount"
)

// Type is the mount resource type.
type Type struct{}

func noSpace(what string) resource.Check {
	return resource.CheckFunc(what+" without white space", func(v catalog.Value) (catalog.Value, error) {
		s := catalog.Scalar(v)
		if strings.ContainsAny(s, " \t\r\n") {
			return nil, fmt.Errorf("%s must not contain whitespace: %s", what, s)
		}
		if s == "" {
			return nil, fmt.Errorf("%s must not be an empty string", what)
		}
		return v, nil
	})
}

// notEmpty checks a column that may hold white space on Linux, as
// mount_core allows there (written \040 in the fstab).
func notEmpty(what string) resource.Check {
	return resource.CheckFunc(what, func(v catalog.Value) (catalog.Value, error) {
		if catalog.Scalar(v) == "" {
			return nil, fmt.Errorf("%s must not be an empty string", what)
		}
		return v, nil
	})
}

var schema = resource.NewSchema(resource.Schema{
	Name: "mount",
	Doc:  "File systems: entries of the fstab, and whether they are mounted (puppetlabs-mount_core).",
	Attrs: []resource.Attr{
		{Name: "ensure", Kind: resource.KindProperty, Doc: "defined (present), unmounted, mounted or absent.",
			Check: &resource.EnumCheck{Values: []string{"defined", "unmounted", "absent", "mounted"}, Aliases: map[string]string{"present": "defined"}}},
		{Name: "device", Kind: resource.KindProperty, Doc: "The device, or what stands for it (tmpfs, server:/path, UUID=...); on Linux it may hold spaces, written \\040.", Check: notEmpty("device")},
		{Name: "blockdevice", Kind: resource.KindProperty, Doc: "The device to fsck (Solaris); Linux fstabs have no such column."},
		{Name: "fstype", Kind: resource.KindProperty, Doc: "The file system type.", Check: noSpace("fstype")},
		{Name: "options", Kind: resource.KindProperty, Doc: "Mount options, comma-separated.", Check: noSpace("options")},
		{Name: "pass", Kind: resource.KindProperty, Doc: "fsck's pass number; 0 by default."},
		{Name: "atboot", Kind: resource.KindProperty, Doc: "Whether to mount at boot (Solaris); Linux fstabs have no such column."},
		{Name: "dump", Kind: resource.KindProperty, Doc: "Whether dump backs it up: 0 or 1; 0 by default.",
			Check: &resource.EnumCheck{Patterns: []resource.Pattern{lazyre.New(`(0|1)`)}}},
		{Name: "target", Kind: resource.KindProperty, Default: DefaultTarget, Doc: "The fstab."},
		{Name: "name", Namevar: true, Doc: "The mount point.", Check: resource.CheckFunc("a path", func(v catalog.Value) (catalog.Value, error) {
			s := catalog.Scalar(v)
			if t := strings.TrimRight(s, "/"); t != "" {
				s = t
			}
			return s, nil
		})},
		{Name: "remounts", Default: true, Doc: "Whether mount -o remount works for the file system.", Check: resource.Boolean()},
	},
	Providers: []resource.Provider{{Name: "parsed", Default: true, Doc: "Reads and rewrites the fstab; mount and umount.",
		Confine: resource.Confine{Commands: []string{mountCmd, umountCmd}}, Prefetch: prefetch, Instances: instances}},
})

// Schema returns mount's schema.
func (Type) Schema() *resource.Schema { return schema }

// New returns the instance that manages the mount v describes.
func (Type) New(v resource.Values) (resource.Instance, error) {
	m := &instance{name: v.String("name"), ensure: v.String("ensure"), target: v.String("target"), remounts: v.Bool("remounts"), want: map[string]string{}}
	for _, f := range []string{"device", "fstype", "options", "dump", "pass"} {
		if v.Has(f) {
			m.want[f] = v.String(f)
		}
	}
	if m.ensure != "" {
		// Puppet's dump and pass default to 0 for a managed mount.
		for _, f := range []string{"dump", "pass"} {
			if _, ok := m.want[f]; !ok {
				m.want[f] = "0"
			}
		}
	}
	return m, nil
}

// prefetch starts the run's shared state: the fstabs, each read when
// first needed, and what is mounted, read once with mount.
func prefetch(ctx context.Context, h *resource.Handle) (any, error) {
	if h.Log != nil {
		h.Log.Log(resource.Debug, "", "Prefetching parsed resources for mount")
	}
	r := &run{files: map[string]*fstab{}}
	out, err := syscmd.Exec(ctx, h, []string{mountCmd}, syscmd.Options{})
	if err != nil {
		return nil, err
	}
	r.mounted = map[string]bool{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if m := mountedLine.FindStringSubmatch(line); m != nil {
			r.mounted[m[1]] = true
		}
	}
	return r, nil
}

var mountedLine = lazyre.New(` on (.*) type `)

// run is what the mounts of one run share.
type run struct {
	mu      sync.Mutex
	files   map[string]*fstab
	mounted map[string]bool
}

func (r *run) file(path string) (*fstab, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if f, ok := r.files[path]; ok {
		return f, nil
	}
	f, err := readFstab(path)
	if err != nil {
		return nil, err
	}
	r.files[path] = f
	return f, nil
}

// fields are an entry's columns, in fstab order.
var fields = []string{"device", "name", "fstype", "options", "dump", "pass"}

// fstab is one file system table, entries parsed.
type fstab struct {
	path    string
	records []*record
	backup  parsedfile.Backup
}

// record is a line kept as it is, or an entry.
type record struct {
	text   string
	entry  bool
	values map[string]string
	absent bool
}

func readFstab(path string) (*fstab, error) {
	f := &fstab{path: path}
	lines, err := parsedfile.ReadLines(path)
	if err != nil {
		return nil, err
	}
	for _, line := range lines {
		cols := strings.Fields(line)
		if strings.HasPrefix(strings.TrimSpace(line), "#") || len(cols) < 2 {
			f.records = append(f.records, &record{text: line})
			continue
		}
		r := &record{entry: true, values: map[string]string{}}
		for i, c := range cols {
			if i < len(fields) {
				if fields[i] == "device" || fields[i] == "name" {
					c = strings.ReplaceAll(c, `\040`, " ")
				}
				r.values[fields[i]] = c
			}
		}
		f.records = append(f.records, r)
	}
	return f, nil
}

func (f *fstab) find(name string) *record {
	for _, r := range f.records {
		if r.entry && !r.absent && r.values["name"] == name {
			return r
		}
	}
	return nil
}

func (r *record) line() string {
	cols := make([]string, 0, len(fields))
	for _, name := range fields {
		v := r.values[name]
		switch {
		case v == "" && name == "options":
			// mount_core's default on Linux.
			v = "defaults"
		case v == "" && (name == "dump" || name == "pass"):
			continue
		case v == "":
			v = "absent"
		case name == "device" || name == "name":
			v = strings.ReplaceAll(v, " ", `\040`)
		}
		cols = append(cols, v)
	}
	return strings.Join(cols, "\t")
}

func (f *fstab) write(h *resource.Handle) error {
	if err := f.backup.Once(h, f.path); err != nil {
		return err
	}
	var b strings.Builder
	b.WriteString(parsedfile.Header(time.Now()))
	for _, r := range f.records {
		switch {
		case r.absent:
		case r.entry:
			b.WriteString(r.line() + "\n")
		default:
			b.WriteString(r.text + "\n")
		}
	}
	// A new file is made 0600, as Puppet makes it (a copy of its
	// temporary file); an existing one keeps its mode.
	return os.WriteFile(f.path, []byte(b.String()), 0o600)
}

// instance manages one mount.
type instance struct {
	name     string
	ensure   string // defined, unmounted, mounted, absent or "" (not managed)
	target   string
	remounts bool
	want     map[string]string
	run      *run

	// After Retrieve.
	file       *fstab
	rec        *record
	mounted    bool
	needsMount bool
	wrote      bool
}

// Prefetched takes the run's shared state.
func (m *instance) Prefetched(data any) {
	if r, ok := data.(*run); ok {
		m.run = r
	}
}

// ExclusiveKey makes the mounts of one fstab apply one at a time under
// --jobs: they share the file's records, and each rewrites it whole.
func (m *instance) ExclusiveKey() string { return "mount:" + m.target }

// Retrieve finds the entry and whether the file system is mounted.
func (m *instance) Retrieve(ctx context.Context, h *resource.Handle) error {
	if m.run == nil {
		r, err := prefetch(ctx, h)
		if err != nil {
			return err
		}
		m.run = r.(*run)
	}
	f, err := m.run.file(m.target)
	if err != nil {
		return parsedfile.PrefetchFailed("mount", err)
	}
	m.file, m.rec = f, f.find(m.name)
	m.run.mu.Lock()
	m.mounted = m.run.mounted[m.name]
	m.run.mu.Unlock()
	m.needsMount, m.wrote = false, false
	return nil
}

// state is Puppet's current ensure: mounted, unmounted, ghost (mounted,
// not in the table) or absent.
func (m *instance) state() string {
	switch {
	case m.rec != nil && m.mounted:
		return "mounted"
	case m.rec != nil:
		return "unmounted"
	case m.mounted:
		return "ghost"
	}
	return "absent"
}

// Exists reports whether the mount is in the table or mounted.
func (m *instance) Exists() bool { return m.state() != "absent" }

// Properties lists ensure, then the entry's fields that are managed.
func (m *instance) Properties() []resource.Property {
	var props []resource.Property
	if m.ensure != "" {
		props = append(props, &ensureProp{m: m, is: m.state()})
	}
	if m.rec == nil {
		return props
	}
	for _, f := range []string{"device", "fstype", "options", "pass", "dump"} {
		if want, ok := m.want[f]; ok {
			props = append(props, &field{m: m, name: f, want: want, was: m.rec.values[f]})
		}
	}
	return props
}

// SelfRefresh: a mount refreshes itself after a change, unless it is
// being removed.
func (m *instance) SelfRefresh() bool { return m.ensure != "absent" }

// Refresh remounts a mounted file system that is not swap.
func (m *instance) Refresh(ctx context.Context, h *resource.Handle) error {
	if m.want["fstype"] == "swap" || !m.mounted {
		return nil
	}
	h.Logf(resource.Info, "Remounting")
	if m.remounts {
		_, err := syscmd.Exec(ctx, h, []string{mountCmd, "-o", "remount", m.name}, syscmd.Options{})
		return err
	}
	if err := m.unmount(ctx, h); err != nil {
		return err
	}
	return m.mount(ctx, h)
}

// Flush writes the table after a change, then mounts when ensure asked.
func (m *instance) Flush(ctx context.Context, h *resource.Handle) error {
	if m.wrote {
		if err := m.file.write(h); err != nil {
			return err
		}
	}
	if m.needsMount {
		return m.mount(ctx, h)
	}
	return nil
}

func (m *instance) mount(ctx context.Context, h *resource.Handle) error {
	if _, err := syscmd.Exec(ctx, h, []string{mountCmd, m.name}, syscmd.Options{}); err != nil {
		return err
	}
	m.mounted = true
	return nil
}

func (m *instance) unmount(ctx context.Context, h *resource.Handle) error {
	if _, err := syscmd.Exec(ctx, h, []string{umountCmd, m.name}, syscmd.Options{}); err != nil {
		return err
	}
	m.mounted = false
	return nil
}

// create adds the entry with every wanted field.
func (m *instance) create() {
	r := &record{entry: true, values: map[string]string{"name": m.name}}
	for k, v := range m.want {
		r.values[k] = v
	}
	m.file.records = append(m.file.records, r)
	m.rec, m.wrote = r, true
}

// syncOthers brings the entry's fields in line, as Puppet's ensure does
// when it mounts or unmounts.
func (m *instance) syncOthers() {
	for k, v := range m.want {
		if m.rec.values[k] != v {
			m.rec.values[k] = v
			m.wrote = true
		}
	}
}

// ensureProp is ensure; is is the state before any change.
type ensureProp struct {
	m  *instance
	is string
}

func (p *ensureProp) Name() string           { return "ensure" }
func (p *ensureProp) Current() catalog.Value { return p.is }
func (p *ensureProp) Desired() catalog.Value { return p.m.ensure }
func (p *ensureProp) InSync() bool {
	is := p.is
	if p.m.ensure == "defined" {
		return is == "mounted" || is == "unmounted"
	}
	return is == p.m.ensure
}

// Message is Puppet's generic change line, which words a change from or
// to absent as defining or undefining ensure.
func (p *ensureProp) Message() string {
	is := p.is
	switch {
	case is == "absent":
		return fmt.Sprintf("defined 'ensure' as %s", catalog.Format(p.m.ensure))
	case p.m.ensure == "absent":
		return fmt.Sprintf("undefined 'ensure' from %s", catalog.Format(is))
	}
	return fmt.Sprintf("ensure changed %s to %s", catalog.Format(is), catalog.Format(p.m.ensure))
}

func (p *ensureProp) Event() string {
	switch p.m.ensure {
	case "absent":
		return "mount_deleted"
	case "mounted":
		return "mount_mounted"
	case "unmounted":
		if p.is == "absent" {
			return "mount_created"
		}
		return "mount_unmounted"
	}
	return "mount_created"
}

// Sync moves the mount to the wanted state, as Puppet's mount ensure does.
func (p *ensureProp) Sync(ctx context.Context, h *resource.Handle) error {
	m := p.m
	switch is := m.state(); m.ensure {
	case "defined":
		m.create()
	case "unmounted":
		switch is {
		case "ghost":
			m.create()
			if err := m.file.write(h); err != nil {
				return err
			}
			m.wrote = false
			return m.unmount(ctx, h)
		case "absent":
			m.create()
		case "mounted":
			if err := m.unmount(ctx, h); err != nil {
				return err
			}
			m.syncOthers()
		}
	case "absent":
		if m.mounted {
			if err := m.unmount(ctx, h); err != nil {
				return err
			}
		}
		if is != "ghost" {
			m.rec.absent, m.wrote = true, true
		}
	case "mounted":
		wasMounted := m.mounted
		if is == "absent" || is == "ghost" {
			m.create()
		} else {
			m.syncOthers()
		}
		m.needsMount = !wasMounted
	}
	return nil
}

// field is one of the entry's columns; was is its value before any change.
type field struct {
	m    *instance
	name string
	want string
	was  string
}

func (f *field) cur() string            { return f.was }
func (f *field) Name() string           { return f.name }
func (f *field) Current() catalog.Value { return f.cur() }
func (f *field) Desired() catalog.Value { return f.want }
func (f *field) InSync() bool           { return f.cur() == f.want }
func (f *field) Event() string          { return f.name + "_changed" }
func (f *field) Message() string {
	if f.cur() == "" {
		return fmt.Sprintf("defined '%s' as %s", f.name, catalog.Format(f.want))
	}
	return fmt.Sprintf("%s changed %s to %s", f.name, catalog.Format(f.cur()), catalog.Format(f.want))
}
func (f *field) Sync(context.Context, *resource.Handle) error {
	f.m.rec.values[f.name] = f.want
	f.m.wrote = true
	return nil
}
