// Package host implements the host type of puppetlabs-host_core: entries
// of /etc/hosts (or another target), read and rewritten whole as Puppet's
// parsed-file provider does, keeping every other line.
package host

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/parsedfile"
)

// DefaultTarget is the hosts file of a Linux machine.
const DefaultTarget = "/etc/hosts"

// Type is the host resource type.
type Type struct{}

var (
	hostPart = lazyre.New(`^([\w]+|[\w][\w\-]+[\w])$`)
	ipv4     = lazyre.New(`^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$`)
)

var schema = resource.NewSchema(resource.Schema{
	Name: "host",
	Doc:  "Entries of the hosts file (puppetlabs-host_core).",
	Attrs: []resource.Attr{
		{Name: "ensure", Kind: resource.KindProperty, Default: "present", Doc: "Whether the entry exists.", Check: resource.Enum("present", "absent")},
		{Name: "ip", Kind: resource.KindProperty, Doc: "The host's IPv4 or IPv6 address.", Check: resource.CheckFunc("an IP address", checkIP)},
		{Name: "host_aliases", Kind: resource.KindProperty, Arrays: resource.EachAll, Doc: "Other names of the host, in order.",
			Check: resource.CheckFunc("names without white space", checkAlias)},
		{Name: "comment", Kind: resource.KindProperty, Doc: "A comment at the end of the entry.", Check: resource.CheckFunc("one line", checkComment)},
		{Name: "target", Kind: resource.KindProperty, Default: DefaultTarget, Doc: "The hosts file."},
		{Name: "name", Namevar: true, Doc: "The host name.", Check: resource.CheckFunc("a host name", checkName)},
	},
	Providers: []resource.Provider{{Name: "parsed", Default: true, Doc: "Reads and rewrites the hosts file.",
		Prefetch: parsedfile.Prefetch("host", readHosts), Instances: instances}},
})

func checkIP(v catalog.Value) (catalog.Value, error) {
	s, _ := v.(string)
	ok := false
	if m := ipv4.FindStringSubmatch(s); m != nil {
		ok = true
		for _, p := range m[1:] {
			var n int
			fmt.Sscan(p, &n)
			ok = ok && n <= 255
		}
	} else if strings.Contains(s, ":") {
		ok = validIPv6(s)
	}
	if !ok || strings.ContainsAny(s, "\r\n") {
		return nil, fmt.Errorf("Invalid IP address %s", resource.Inspect(v))
	}
	return v, nil
}

// validIPv6 accepts what Puppet's IPv6 pattern accepts: eight groups, or
// fewer around one "::", the last two possibly an IPv4 address, and an
// optional zone.
func validIPv6(s string) bool {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '%'); i >= 0 {
		s = s[:i]
	}
	groups := 8
	if i := strings.LastIndexByte(s, ':'); i >= 0 && strings.Contains(s[i:], ".") {
		if ipv4.MatchString(s[i+1:]) {
			s, groups = s[:i+1]+"0:0", 8
		} else {
			return false
		}
	}
	halves := strings.Split(s, "::")
	if len(halves) > 2 {
		return false
	}
	count := 0
	for _, h := range halves {
		if h == "" {
			continue
		}
		for _, g := range strings.Split(h, ":") {
			if len(g) == 0 || len(g) > 4 || strings.Trim(g, "0123456789abcdefABCDEF") != "" {
				return false
			}
			count++
		}
	}
	if len(halves) == 2 {
		return count < groups
	}
	return count == groups
}

func checkAlias(v catalog.Value) (catalog.Value, error) {
	if list, ok := v.([]catalog.Value); ok {
		for _, e := range list {
			if _, err := checkAlias(e); err != nil {
				return nil, err
			}
		}
		return v, nil
	}
	s := catalog.Scalar(v)
	if strings.ContainsAny(s, " \t\r\n\f\v") {
		return nil, errors.New("Host aliases cannot include whitespace")
	}
	if strings.TrimSpace(s) == "" {
		return nil, errors.New("Host aliases cannot be an empty string. Use an empty array to delete all host_aliases ")
	}
	return v, nil
}

func checkComment(v catalog.Value) (catalog.Value, error) {
	if strings.ContainsAny(catalog.Scalar(v), "\r\n") {
		return nil, errors.New("Comment cannot include newline")
	}
	return v, nil
}

func checkName(v catalog.Value) (catalog.Value, error) {
	s := catalog.Scalar(v)
	for _, part := range strings.Split(s, ".") {
		if !hostPart.MatchString(part) {
			return nil, errors.New("Invalid host name")
		}
	}
	if strings.ContainsAny(s, "\r\n") {
		return nil, errors.New("Hostname cannot include newline")
	}
	return v, nil
}

// Schema returns host's schema.
func (Type) Schema() *resource.Schema { return schema }

// New returns the instance that manages the entry v describes.
func (Type) New(v resource.Values) (resource.Instance, error) {
	e := &instance{
		name:    v.String("name"),
		present: v.String("ensure") == "present",
		target:  v.String("target"),
	}
	if v.Has("ip") {
		e.ip = v.String("ip")
	}
	if v.Has("host_aliases") {
		e.aliases = v.Strings("host_aliases")
		if e.aliases == nil {
			e.aliases = []string{}
		}
	}
	if v.Has("comment") {
		c := v.String("comment")
		e.comment = &c
	}
	return e, nil
}

// hostsFile is one hosts file: its lines, host entries parsed.
type hostsFile struct {
	path    string
	records []*record
	backup  parsedfile.Backup
}

// record is one line: text kept as it is, or a host entry.
type record struct {
	text    string // for lines that are not entries
	entry   bool
	ip      string
	name    string
	aliases string // separated by single spaces; "" for none
	comment string
	absent  bool // removed; left out when the file is written
}

// entryLine is puppetlabs-host_core's pattern of an entry.
var entryLine = lazyre.New(`^([0-9a-f:]\S+)\s+([^#\s+]\S+)\s*(.*?)?(?:\s*#\s*(.*))?$`)

var blanks = lazyre.New(`\s+`)

func readHosts(path string) (*hostsFile, error) {
	f := &hostsFile{path: path}
	lines, err := parsedfile.ReadLines(path)
	if err != nil {
		return nil, err
	}
	for _, line := range lines {
		m := entryLine.FindStringSubmatch(line)
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" || m == nil {
			f.records = append(f.records, &record{text: line})
			continue
		}
		f.records = append(f.records, &record{entry: true, ip: m[1], name: m[2], aliases: blanks.ReplaceAllString(m[3], " "), comment: m[4]})
	}
	return f, nil
}

func (f *hostsFile) find(name string) *record {
	for _, r := range f.records {
		if r.entry && !r.absent && r.name == name {
			return r
		}
	}
	return nil
}

// write backs the file up into the bucket once per run and rewrites it.
func (f *hostsFile) write(h *resource.Handle) error {
	if err := f.backup.Once(h, f.path); err != nil {
		return err
	}
	var lines []string
	for _, r := range f.records {
		if !r.absent {
			lines = append(lines, r.line())
		}
	}
	// Rewritten in place, keeping the file's mode and owner, as Puppet's
	// copy over the old file does.
	// A new file is made 0600, as Puppet makes it (a copy of its
	// temporary file); an existing one keeps its mode.
	return os.WriteFile(f.path, parsedfile.Text(time.Now(), lines), 0o600)
}

// line renders the record as Puppet writes it.
func (r *record) line() string {
	if !r.entry {
		return r.text
	}
	l := r.ip + "\t" + r.name
	if r.aliases != "" {
		l += "\t" + r.aliases
	}
	if r.comment != "" {
		l += "\t# " + r.comment
	}
	return l
}

// instance manages one entry.
type instance struct {
	name    string
	present bool
	ip      string
	aliases []string // nil: not managed
	comment *string
	target  string
	parsedfile.RunFiles[*hostsFile]

	// After Retrieve.
	file *hostsFile
	rec  *record
}

// ExclusiveKey makes the entries of one file apply one at a time under
// --jobs: they share the file's records, and each rewrites it whole.
func (e *instance) ExclusiveKey() string { return "host:" + e.target }

// Retrieve finds the entry in its file.
func (e *instance) Retrieve(ctx context.Context, h *resource.Handle) error {
	f, err := e.File(e.target, readHosts)
	if err != nil {
		return parsedfile.PrefetchFailed("host", err)
	}
	e.file, e.rec = f, f.find(e.name)
	return nil
}

// Exists reports whether the entry is in the file.
func (e *instance) Exists() bool { return e.rec != nil }

// Properties lists ensure, then ip, host_aliases and comment when managed.
func (e *instance) Properties() []resource.Property {
	props := []resource.Property{e.ensure()}
	if e.rec == nil {
		return props
	}
	if e.ip != "" {
		props = append(props, &field{e: e, name: "ip", cur: e.rec.ip, want: e.ip, set: func(v string) { e.rec.ip = v }})
	}
	if e.aliases != nil {
		props = append(props, &field{e: e, name: "host_aliases", cur: e.rec.aliases, want: strings.Join(e.aliases, " "), set: func(v string) { e.rec.aliases = v }})
	}
	if e.comment != nil {
		props = append(props, &field{e: e, name: "comment", cur: e.rec.comment, want: *e.comment, set: func(v string) { e.rec.comment = v }})
	}
	return props
}

// Flush writes the file after the entry changed.
func (e *instance) Flush(ctx context.Context, h *resource.Handle) error {
	// Puppet creates the entry, then cannot write one without an ip,
	// and writes nothing.
	for _, r := range e.file.records {
		if r.entry && !r.absent && r.ip == "" {
			return errors.New("ip is a required attribute for hosts")
		}
	}
	return e.file.write(h)
}

// ensure is the entry's ensure property.
func (e *instance) ensure() *resource.Presence {
	return &resource.Presence{
		Type:   "host",
		Want:   e.present,
		Exists: e.Exists,
		Create: e.create,
		Remove: e.remove,
	}
}

// remove marks the entry removed: Flush writes the file without it.
func (e *instance) remove(context.Context, *resource.Handle) error {
	e.rec.absent = true
	return nil
}

// create adds the entry at the end of the file.
func (e *instance) create(context.Context, *resource.Handle) error {
	r := &record{entry: true, ip: e.ip, name: e.name}
	if e.aliases != nil {
		r.aliases = strings.Join(e.aliases, " ")
	}
	if e.comment != nil {
		r.comment = *e.comment
	}
	e.file.records = append(e.file.records, r)
	return nil
}

// field is one of ip, host_aliases and comment.
type field struct {
	e         *instance
	name      string
	cur, want string
	set       func(string)
}

func (f *field) Name() string           { return f.name }
func (f *field) Current() catalog.Value { return f.cur }
func (f *field) Desired() catalog.Value { return f.want }
func (f *field) InSync() bool           { return f.cur == f.want }

// Message is Puppet's change line; host_aliases, an ordered list, shows
// its current value joined and unquoted, as Puppet's list properties do.
func (f *field) Message() string {
	cur := catalog.Format(f.cur)
	if f.name == "host_aliases" {
		cur = f.cur
	}
	return fmt.Sprintf("%s changed %s to %s", f.name, cur, catalog.Format(f.want))
}
func (f *field) Event() string { return f.name + "_changed" }
func (f *field) Sync(context.Context, *resource.Handle) error {
	f.set(f.want)
	return nil
}
