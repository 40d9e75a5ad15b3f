// Package sshkey implements the ssh_authorized_key type of
// puppetlabs-sshkeys_core: keys in a user's authorized_keys file (or
// target), read once per run and rewritten whole after each change with
// Puppet's header, every other line kept, the file owned by the user with
// mode 0600 in a .ssh folder of mode 0700.
package sshkey

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/parsedfile"
)

// Type is the ssh_authorized_key resource type.
type Type struct{}

var keyTypes = []string{"ssh-dss", "ssh-rsa", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521", "ssh-ed25519",
	"sk-ecdsa-sha2-nistp256@openssh.com", "sk-ssh-ed25519@openssh.com", "ssh-rsa-cert-v01@openssh.com",
	"ssh-ed25519-cert-v01@openssh.com", "ssh-dss-cert-v01@openssh.com", "ecdsa-sha2-nistp256-cert-v01@openssh.com",
	"ecdsa-sha2-nistp384-cert-v01@openssh.com", "ecdsa-sha2-nistp521-cert-v01@openssh.com"}

var (
	optionForm = lazyre.New(`(?m)^[-a-z0-9A-Z_]+(?:=".*?")?$`) // Ruby: ^ and $ match at lines
	keyLine    = lazyre.New(`^(?:(.+)\s+)?(ssh-dss|ssh-ed25519|ssh-rsa|ecdsa-sha2-nistp256|ecdsa-sha2-nistp384|ecdsa-sha2-nistp521|ecdsa-sk|ed25519-sk|sk-ecdsa-sha2-nistp256@openssh\.com|sk-ssh-ed25519@openssh\.com|ssh-rsa-cert-v01@openssh\.com|ssh-ed25519-cert-v01@openssh\.com|ssh-dss-cert-v01@openssh\.com|ecdsa-sha2-nistp256-cert-v01@openssh\.com|ecdsa-sha2-nistp384-cert-v01@openssh\.com|ecdsa-sha2-nistp521-cert-v01@openssh\.com)\s+([^ ]+)\s*(.*)$`)
	optionScan = lazyre.New(`^[ \t]*([-a-z0-9A-Z_]+=".*?[^\\]"|[-a-z0-9A-Z_]+)[ \t]*,?[ \t]*`)
)

var schema = resource.NewSchema(resource.Schema{
	Name: "ssh_authorized_key",
	Doc:  "Keys in a user's authorized_keys file (puppetlabs-sshkeys_core).",
	Attrs: []resource.Attr{
		{Name: "ensure", Kind: resource.KindProperty, Default: "present", Doc: "Whether the key is in the file.", Check: resource.Enum("present", "absent")},
		{Name: "name", Namevar: true, Doc: "The key's name, the comment after it."},
		{Name: "drop_privileges", Default: true, Doc: "Write the file as the user (ordo always does).", Check: resource.YesNo()},
		{Name: "type", Kind: resource.KindProperty, Doc: "The key's type.", Check: &resource.EnumCheck{Values: keyTypes, Aliases: map[string]string{
			"dsa": "ssh-dss", "ed25519": "ssh-ed25519", "rsa": "ssh-rsa", "ecdsa-sk": "sk-ecdsa-sha2-nistp256@openssh.com", "ed25519-sk": "sk-ssh-ed25519@openssh.com"}}},
		{Name: "key", Kind: resource.KindProperty, Doc: "The public key, base64, without type or name.", Check: resource.CheckFunc("a key without white space", checkKey)},
		{Name: "user", Kind: resource.KindProperty, Doc: "The user whose file holds the key; it owns the file."},
		{Name: "target", Kind: resource.KindProperty, Doc: "The file; ~user/.ssh/authorized_keys by default."},
		{Name: "options", Kind: resource.KindProperty, Arrays: resource.EachAll, Default: []catalog.Value{"absent"}, Doc: "Options before the key, each 'option' or 'option=\"value\"'.",
			Check: resource.CheckFunc("options", checkOption)},
	},
	Providers: []resource.Provider{{Name: "parsed", Default: true, Doc: "Reads and rewrites the file.", Prefetch: parsedfile.Prefetch("ssh_authorized_key", readKeys), Instances: instances}},
	Validate: func(v resource.Values) error {
		if !v.Has("user") && !v.Has("target") {
			return errors.New("Attribute 'user' or 'target' is mandatory")
		}
		return nil
	},
})

func checkKey(v catalog.Value) (catalog.Value, error) {
	if s := catalog.Scalar(v); strings.ContainsAny(s, " \t\r\n") {
		return nil, fmt.Errorf("Key must not contain whitespace: %s", s)
	}
	return v, nil
}

func checkOption(v catalog.Value) (catalog.Value, error) {
	if list, ok := v.([]catalog.Value); ok {
		for _, e := range list {
			if _, err := checkOption(e); err != nil {
				return nil, err
			}
		}
		return v, nil
	}
	s := catalog.Scalar(v)
	if s != "absent" && !optionForm.MatchString(s) {
		return nil, fmt.Errorf("Option %s is not valid. A single option must either be of the form 'option' or 'option=\"value\"'. Multiple options must be provided as an array", s)
	}
	return v, nil
}

// Schema returns ssh_authorized_key's schema.
func (Type) Schema() *resource.Schema { return schema }

// New returns the instance that manages the key v describes.
func (Type) New(v resource.Values) (resource.Instance, error) {
	k := &instance{name: v.String("name"), present: v.String("ensure") == "present", user: v.String("user"), target: v.String("target")}
	if v.Has("type") {
		k.typ = v.String("type")
	}
	if v.Has("key") {
		k.key = v.String("key")
	}
	// options defaults to absent, as in Puppet: a key declared without
	// options loses those it has in the file.
	k.options = []string{}
	if v.Has("options") {
		k.options = v.Strings("options")
		if len(k.options) == 1 && k.options[0] == "absent" {
			k.options = []string{}
		}
	}
	return k, nil
}

// instances lists no key: Puppet's parsed provider lists those of its
// default file, and ssh_authorized_key has none (a key's file is its
// user's). resources { 'ssh_authorized_key': purge => true } so purges
// nothing, as in Puppet; purge_ssh_keys does.
func instances(context.Context, *resource.Handle) ([]*catalog.Resource, error) { return nil, nil }

// keysFile is one authorized_keys file, keys parsed.
type keysFile struct {
	path    string
	records []*record
	backup  parsedfile.Backup
}

// record is a line kept as it is, or a key.
type record struct {
	text    string
	key     bool
	options []string
	typ     string
	data    string
	name    string // "" for a key without a name
	absent  bool
}

func parseOptions(s string) []string {
	var out []string
	for s != "" {
		m := optionScan.FindStringSubmatch(s)
		if m == nil {
			break
		}
		out = append(out, m[1])
		s = s[len(m[0]):]
	}
	return out
}

func readKeys(path string) (*keysFile, error) {
	f := &keysFile{path: path}
	lines, err := parsedfile.ReadLines(path)
	if err != nil {
		return nil, err
	}
	for _, line := range lines {
		m := keyLine.FindStringSubmatch(line)
		if strings.HasPrefix(strings.TrimSpace(line), "#") || strings.TrimSpace(line) == "" || m == nil {
			f.records = append(f.records, &record{text: line})
			continue
		}
		f.records = append(f.records, &record{key: true, options: parseOptions(m[1]), typ: m[2], data: m[3], name: strings.TrimRight(m[4], " \t")})
	}
	return f, nil
}

func (r *record) line() string {
	var parts []string
	if len(r.options) > 0 {
		parts = append(parts, strings.Join(r.options, ","))
	}
	return strings.Join(append(parts, r.typ, r.data, r.name), " ")
}

// write backs the file up once per run and rewrites it as its owner.
func (f *keysFile) write(ctx context.Context, h *resource.Handle, owner *user.User) error {
	if err := f.backup.Once(h, f.path); err != nil {
		return err
	}
	var lines []string
	for _, r := range f.records {
		switch {
		case r.absent:
		case r.key:
			lines = append(lines, r.line())
		default:
			lines = append(lines, r.text)
		}
	}
	dir := filepath.Dir(f.path)
	if _, err := os.Stat(dir); errors.Is(err, os.ErrNotExist) && h.Log != nil {
		h.Log.Log(resource.Debug, "", "Creating "+dir+" as "+owner.Username)
	}
	uid, _ := strconv.ParseUint(owner.Uid, 10, 32)
	gid, _ := strconv.ParseUint(owner.Gid, 10, 32)
	u32, g32 := uint32(uid), uint32(gid)
	// The user writes the file, as Puppet drops its privileges to: a
	// folder or file the user may not write is refused, not overwritten.
	res, err := h.Runner.Run(ctx, resource.Command{
		Argv:  []string{"/bin/sh", "-c", writeScript, "sh", f.path},
		UID:   &u32,
		GID:   &g32,
		Stdin: parsedfile.Text(time.Now(), lines),
	})
	if err != nil {
		return err
	}
	switch res.ExitCode {
	case 0:
		return nil
	case 3:
		return fmt.Errorf("Permission denied @ dir_s_mkdir - %s", dir)
	case 4:
		msg := fmt.Sprintf("Puppet::Util::FileType::FileTypeFlat could not write %s: Permission denied @ rb_sysopen - %s", f.path, f.path)
		if h.Log != nil {
			h.Log.Log(resource.Err, "", msg)
		}
		return errors.New(msg)
	}
	return fmt.Errorf("could not write %s: %s", f.path, strings.TrimSpace(string(res.Output)))
}

// writeScript creates the file's folder (mode 0700) and writes the file
// (mode 0600) from standard input, as the user it runs as.
const writeScript = `d=$(dirname "$1"); [ -d "$d" ] || mkdir -m 700 "$d" 2>/dev/null || exit 3; (umask 077; cat > "$1") 2>/dev/null || exit 4; chmod 600 "$1"`

// instance manages one key.
type instance struct {
	name    string
	present bool
	typ     string
	key     string
	user    string
	target  string
	options []string // nil: not managed
	parsedfile.RunFiles[*keysFile]

	// After Retrieve.
	file *keysFile
	rec  *record
}

// path is the file the key goes in: target, else the user's.
func (k *instance) path() (string, error) {
	if k.target != "" {
		return k.target, nil
	}
	u, err := user.Lookup(k.user)
	if err != nil {
		return "", fmt.Errorf("User '%s' does not exist", k.user)
	}
	return filepath.Join(u.HomeDir, ".ssh", "authorized_keys"), nil
}

// ExclusiveKey makes the keys apply one at a time under --jobs: those of
// one file share its records, and each rewrites it whole. One key for
// all, as a key's file may be known only once its user exists.
func (k *instance) ExclusiveKey() string { return "ssh_authorized_key" }

// Retrieve finds the key, by name, in its file.
func (k *instance) Retrieve(ctx context.Context, h *resource.Handle) error {
	p, err := k.path()
	if err != nil {
		return err
	}
	f, err := k.File(p, readKeys)
	if err != nil {
		return parsedfile.PrefetchFailed("ssh_authorized_key", err)
	}
	k.file, k.rec = f, nil
	unnamed := 0
	for _, r := range f.records {
		if r.key && r.name == "" {
			unnamed++
		}
		if r.key && !r.absent && (r.name != "" && r.name == k.name || r.name == "" && unnamedName(p, unnamed) == k.name) {
			k.rec = r
			break
		}
	}
	return nil
}

// Exists reports whether the key is in the file.
func (k *instance) Exists() bool { return k.rec != nil }

// Properties lists ensure, then type and key when managed, and options
// (absent unless given).
func (k *instance) Properties() []resource.Property {
	props := []resource.Property{k.ensure()}
	if k.rec == nil {
		return props
	}
	if k.typ != "" {
		props = append(props, &field{name: "type", cur: k.rec.typ, want: k.typ, set: func() { k.rec.typ = k.typ }})
	}
	if k.key != "" {
		props = append(props, &field{name: "key", cur: k.rec.data, want: k.key, set: func() { k.rec.data = k.key }})
	}
	props = append(props, &optionsProp{cur: k.rec.options, want: k.options, set: func() { k.rec.options = k.options }})
	return props
}

// Flush writes the file after the key changed.
func (k *instance) Flush(ctx context.Context, h *resource.Handle) error {
	if k.user == "" {
		return errors.New("Cannot write SSH authorized keys without user")
	}
	u, err := user.Lookup(k.user)
	if err != nil {
		return fmt.Errorf("User '%s' does not exist", k.user)
	}
	// Puppet's parsed file cannot write an entry without these fields,
	// and then writes nothing.
	for _, r := range k.file.records {
		if !r.key || r.absent {
			continue
		}
		if r.typ == "" {
			return errors.New("Field 'type' is required")
		}
		if r.data == "" {
			return errors.New("Field 'key' is required")
		}
	}
	return k.file.write(ctx, h, u)
}

// ensure is the key's ensure property.
func (k *instance) ensure() *resource.Presence {
	return &resource.Presence{
		Type:   "ssh_authorized_key",
		Want:   k.present,
		Exists: k.Exists,
		Create: k.create,
		Remove: k.remove,
	}
}

// remove marks the entry removed: Flush writes the file without it.
func (k *instance) remove(context.Context, *resource.Handle) error {
	k.rec.absent = true
	return nil
}

// create adds the key at the end of the file.
func (k *instance) create(context.Context, *resource.Handle) error {
	k.file.records = append(k.file.records, &record{key: true, options: k.options, typ: k.typ, data: k.key, name: k.name})
	return nil
}

type field struct {
	name      string
	cur, want string
	set       func()
}

func (f *field) Name() string           { return f.name }
func (f *field) Current() catalog.Value { return f.cur }
func (f *field) Desired() catalog.Value { return f.want }
func (f *field) InSync() bool           { return f.cur == f.want }
func (f *field) Event() string          { return f.name + "_changed" }
func (f *field) Message() string {
	return fmt.Sprintf("%s changed %s to %s", f.name, catalog.Format(f.cur), catalog.Format(f.want))
}
func (f *field) Sync(context.Context, *resource.Handle) error { f.set(); return nil }

// optionsProp is options: a list compared in order, ['absent'] for none.
type optionsProp struct {
	cur, want []string
	set       func()
}

func shown(v []string) catalog.Value {
	if len(v) == 0 {
		return []catalog.Value{"absent"}
	}
	out := make([]catalog.Value, len(v))
	for i, s := range v {
		out[i] = s
	}
	return out
}

func (p *optionsProp) Name() string           { return "options" }
func (p *optionsProp) Current() catalog.Value { return shown(p.cur) }
func (p *optionsProp) Desired() catalog.Value { return shown(p.want) }
func (p *optionsProp) InSync() bool           { return strings.Join(p.cur, ",") == strings.Join(p.want, ",") }
func (p *optionsProp) Event() string          { return "options_changed" }
func (p *optionsProp) Message() string {
	if len(p.want) == 0 {
		// Puppet's change_to_s for a should of [:absent].
		return fmt.Sprintf("undefined 'options' from %s", catalog.Format(shown(p.cur)))
	}
	return fmt.Sprintf("options changed %s to %s", catalog.Format(shown(p.cur)), catalog.Format(shown(p.want)))
}
func (p *optionsProp) Sync(context.Context, *resource.Handle) error { p.set(); return nil }

// unnamedName is what Puppet calls the index-th (from 1) key without a
// comment in the file at path.
func unnamedName(path string, index int) string {
	return fmt.Sprintf("%s:unnamed-%d", path, index)
}

// Names lists the keys of the authorized_keys file at path as Puppet
// names them: by comment, or path:unnamed-N for the N-th key without
// one. The user type purges the keys named here that the catalog does
// not manage.
func Names(path string) ([]string, error) {
	f, err := readKeys(path)
	if err != nil {
		return nil, err
	}
	var out []string
	unnamed := 0
	for _, r := range f.records {
		if !r.key {
			continue
		}
		if r.name == "" {
			unnamed++
			out = append(out, unnamedName(path, unnamed))
			continue
		}
		out = append(out, r.name)
	}
	return out, nil
}
