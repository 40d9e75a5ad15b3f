// Package knownhost implements the sshkey type of puppetlabs-sshkeys_core:
// host keys in /etc/ssh/ssh_known_hosts (or another target), read once
// per run and rewritten whole after each change as Puppet's parsed-file
// provider writes them: its header, comments and blank lines kept, every
// entry as "name[,alias...] type key".
package knownhost

import (
	"context"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/parsedfile"
)

// DefaultTarget is the machine's known hosts file.
const DefaultTarget = "/etc/ssh/ssh_known_hosts"

// Type is the sshkey resource type.
type Type struct{}

var keyTypes = []string{"ssh-dss", "ssh-ed25519", "ssh-rsa", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521",
	"sk-ecdsa-sha2-nistp256@openssh.com", "sk-ssh-ed25519@openssh.com"}

var schema = resource.NewSchema(resource.Schema{
	Name: "sshkey",
	Doc:  "Host keys in the known hosts file (puppetlabs-sshkeys_core).",
	Attrs: []resource.Attr{
		{Name: "ensure", Kind: resource.KindProperty, Default: "present", Doc: "Whether the key is in the file.", Check: resource.Enum("present", "absent")},
		{Name: "type", Doc: "The key's type; with the name, what identifies the key (a title name@type gives both).", Check: typeCheck, Shown: true},
		{Name: "key", Kind: resource.KindProperty, Doc: "The public key, base64, without its type.", Check: resource.CheckFunc("a key without white space around it", checkKey)},
		{Name: "host_aliases", Kind: resource.KindProperty, Arrays: resource.EachAll, Doc: "Other names of the host, in order.", Check: resource.CheckFunc("names without white space or commas", checkAlias)},
		{Name: "name", Namevar: true, Shown: true, Doc: "The host the key belongs to.", Check: resource.CheckFunc("a host name without white space or commas", checkName)},
		{Name: "target", Kind: resource.KindProperty, Default: DefaultTarget, Doc: "The known hosts file."},
	},
	TitlePatterns: titlePatterns,
	// Keys are told apart by name and type together (Identity).
	NonIsomorphic: true,
	Validate:      validate,
	Providers: []resource.Provider{{Name: "parsed", Default: true, Doc: "Reads and rewrites the known hosts file.",
		Prefetch: parsedfile.Prefetch("sshkey", readFile), Instances: instances, Find: find}},
})

// titlePatterns give the name, and the type, from a title name@type.
var titlePatterns = []resource.TitlePattern{
	{Pattern: regexp.MustCompile(`(?s)^(.*?)@(.*)$`), Attrs: []string{"name", "type"}},
	{Pattern: regexp.MustCompile(`(?s)^([^@]+)$`), Attrs: []string{"name"}},
}

var typeCheck = &resource.EnumCheck{Values: keyTypes, Aliases: map[string]string{
	"dsa": "ssh-dss", "ed25519": "ssh-ed25519", "rsa": "ssh-rsa", "ecdsa-sk": "sk-ecdsa-sha2-nistp256@openssh.com", "ed25519-sk": "sk-ssh-ed25519@openssh.com"}}

// splitTitle reads a title name@type (the first pattern); ok is false
// for a title that is a name alone.
func splitTitle(title string) (name, typ string, ok bool) {
	if m := titlePatterns[0].Pattern.FindStringSubmatch(title); m != nil {
		return m[1], m[2], true
	}
	return title, "", false
}

// keyType is the resource's type: its type parameter, else the part of
// its title after the first @, checked as the parameter is.
func keyType(r *catalog.Resource) (string, error) {
	v, ok := r.Get("type")
	if !ok {
		_, t, ok := splitTitle(r.Title)
		if !ok || t == "" {
			return "", nil
		}
		v = t
	}
	m, err := typeCheck.Munge(v)
	if err != nil {
		return "", &resource.ParamError{Ref: r.Ref(), Param: "type", Msg: err.Error()}
	}
	return catalog.Scalar(m), nil
}

func validate(v resource.Values) error {
	_, err := keyType(v.Resource())
	return err
}

// Retitle shows a key as Puppet's sshkey does, as name@type, once its
// type is known.
// Puppet sets the type first, then the name: a resource whose type is
// refused shows as Sshkey[@], one whose name is refused as
// Sshkey[@type].
func (t Type) Retitle(r *catalog.Resource) (string, bool) {
	typ, err := keyType(r)
	if err != nil {
		if _, ok := r.Get("name"); !ok {
			name, _, _ := splitTitle(r.Title)
			r.Set("name", name)
		}
		return "@", true
	}
	name, _, _ := splitTitle(r.Title)
	if n, ok := r.Get("name"); ok {
		name = catalog.Scalar(n)
	} else {
		r.Set("name", name)
	}
	if _, ok := r.Get("type"); !ok && typ != "" {
		r.Set("type", typ)
	}
	if _, err := checkName(name); err != nil {
		return "@" + typ, true
	}
	return name + "@" + typ, true
}

// Identity is what identifies a key on the machine, name@type, for a
// resource of the catalog as for one listed: the resources metatype does
// not purge a key the catalog manages under another title.
func (Type) Identity(r *catalog.Resource) string {
	name, _, _ := splitTitle(r.Title)
	if n, ok := r.Get("name"); ok {
		name = catalog.Scalar(n)
	}
	typ, _ := keyType(r)
	return name + "@" + typ
}

var (
	leadingOrTrailing = lazyre.New(`^\s|\s$`)
	space             = lazyre.New(`\s`)
)

func checkKey(v catalog.Value) (catalog.Value, error) {
	s := catalog.Scalar(v)
	if leadingOrTrailing.MatchString(s) {
		return nil, fmt.Errorf("Key must contain neither leading nor trailing whitespace: %s", s)
	}
	return v, nil
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
	if space.MatchString(s) {
		return nil, errors.New("Aliases cannot include whitespace")
	}
	if strings.Contains(s, ",") {
		return nil, errors.New("Aliases must be provided as an array, not a comma-separated list")
	}
	return v, nil
}

func checkName(v catalog.Value) (catalog.Value, error) {
	s := catalog.Scalar(v)
	if space.MatchString(s) {
		return nil, errors.New("Resourcename cannot include whitespaces")
	}
	if strings.Contains(s, ",") {
		return nil, errors.New("No comma in resourcename allowed. If you want to specify aliases use the host_aliases property")
	}
	return v, nil
}

// Schema returns sshkey's schema.
func (Type) Schema() *resource.Schema { return schema }

// New returns the instance that manages the key v describes.
func (Type) New(v resource.Values) (resource.Instance, error) {
	typ, err := keyType(v.Resource())
	if err != nil {
		return nil, err
	}
	k := &instance{
		name:    v.String("name"),
		typ:     typ,
		present: v.String("ensure") == "present",
		target:  v.String("target"),
	}
	if v.Has("key") {
		key := v.String("key")
		k.key = &key
	}
	if v.Has("host_aliases") {
		k.aliases = v.Strings("host_aliases")
		if k.aliases == nil {
			k.aliases = []string{}
		}
	}
	return k, nil
}

// hostsFile is one known hosts file: its lines, entries parsed.
type hostsFile struct {
	path    string
	records []*record
	backup  parsedfile.Backup
}

// record is one line: a comment or blank line kept as it is, or an entry
// read as Puppet's parsed provider reads it: split at white space into
// name (with its aliases after commas), type and key, the rest joined to
// the key with single spaces.
type record struct {
	text    string
	entry   bool
	name    string
	aliases []string
	typ     string // "" when the line has no second field
	key     string // "" when the line has no third field
	absent  bool   // removed; left out when the file is written
}

var blank = lazyre.New(`^\s*$`)

func readFile(path string) (*hostsFile, error) {
	f := &hostsFile{path: path}
	lines, err := parsedfile.ReadLines(path)
	if err != nil {
		return nil, err
	}
	for _, line := range lines {
		if strings.HasPrefix(line, "#") || blank.MatchString(line) {
			f.records = append(f.records, &record{text: line})
			continue
		}
		f.records = append(f.records, parseEntry(line))
	}
	return f, nil
}

// parseEntry reads an entry line. Puppet reads a line that starts with
// white space as an entry without a name and fails the whole file; ordo
// reads it without that white space. A line without a type and a key is
// no entry: ordo keeps it as it is, where Puppet reads it as one and then
// fails every change to the file ("Field 'type' is required").
func parseEntry(line string) *record {
	fields := strings.Fields(line)
	if len(fields) < 3 {
		return &record{text: line}
	}
	r := &record{entry: true}
	names := strings.Split(fields[0], ",")
	r.name, r.aliases = names[0], names[1:]
	if len(fields) > 1 {
		r.typ = fields[1]
	}
	if len(fields) > 2 {
		r.key = strings.Join(fields[2:], " ")
	}
	return r
}

// line renders an entry as Puppet writes it; an entry without a type or
// key cannot be written (Puppet: "Field 'type' is required").
func (r *record) line() (string, error) {
	if !r.entry {
		return r.text, nil
	}
	if r.typ == "" {
		return "", errors.New("Field 'type' is required")
	}
	if r.key == "" {
		return "", errors.New("Field 'key' is required")
	}
	return strings.Join(append([]string{r.name}, r.aliases...), ",") + " " + r.typ + " " + r.key, nil
}

func (f *hostsFile) find(name, typ string) *record {
	for _, r := range f.records {
		if r.entry && !r.absent && r.name == name && r.typ == typ {
			return r
		}
	}
	return nil
}

// write backs the file up into the bucket once per run and rewrites it:
// a new file gets mode 0644, as sshkeys_core makes it; an existing one
// keeps its mode.
func (f *hostsFile) write(h *resource.Handle) error {
	if err := f.backup.Once(h, f.path); err != nil {
		return err
	}
	var lines []string
	for _, r := range f.records {
		if r.absent {
			continue
		}
		l, err := r.line()
		if err != nil {
			return err
		}
		lines = append(lines, l)
	}
	return os.WriteFile(f.path, parsedfile.Text(time.Now(), lines), 0o644)
}

// instance manages one key.
type instance struct {
	name, typ string
	present   bool
	key       *string
	aliases   []string // nil: not managed
	target    string
	parsedfile.RunFiles[*hostsFile]

	// After Retrieve.
	file *hostsFile
	rec  *record
}

// ExclusiveKey makes the keys of one file apply one at a time under
// --jobs: they share the file's records, and each rewrites it whole.
func (k *instance) ExclusiveKey() string { return "sshkey:" + k.target }

// Retrieve finds the key in its file.
func (k *instance) Retrieve(ctx context.Context, h *resource.Handle) error {
	f, err := k.File(k.target, readFile)
	if err != nil {
		return parsedfile.PrefetchFailed("sshkey", err)
	}
	k.file, k.rec = f, f.find(k.name, k.typ)
	return nil
}

// Exists reports whether the key is in the file.
func (k *instance) Exists() bool { return k.rec != nil }

// Properties lists ensure, then key and host_aliases when managed.
func (k *instance) Properties() []resource.Property {
	props := []resource.Property{k.ensure()}
	if k.rec == nil {
		return props
	}
	if k.key != nil {
		props = append(props, &resource.StringProperty{PropName: "key", Cur: k.rec.key, Want: *k.key, Set: func() { k.rec.key = *k.key }})
	}
	if k.aliases != nil {
		props = append(props, &aliasProp{k: k, cur: k.rec.aliases, want: k.aliases})
	}
	return props
}

// Flush writes the file after the key changed.
func (k *instance) Flush(ctx context.Context, h *resource.Handle) error {
	return k.file.write(h)
}

func (k *instance) ensure() *resource.Presence {
	return &resource.Presence{
		Type:   "sshkey",
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
	r := &record{entry: true, name: k.name, typ: k.typ, aliases: k.aliases}
	if k.key != nil {
		r.key = *k.key
	}
	k.file.records = append(k.file.records, r)
	k.rec = r
	return nil
}

type aliasProp struct {
	k         *instance
	cur, want []string
}

func (p *aliasProp) Name() string           { return "host_aliases" }
func (p *aliasProp) Current() catalog.Value { return list(p.cur) }
func (p *aliasProp) Desired() catalog.Value { return list(p.want) }
func (p *aliasProp) InSync() bool {
	if len(p.cur) != len(p.want) {
		return false
	}
	for i := range p.cur {
		if p.cur[i] != p.want[i] {
			return false
		}
	}
	return true
}
func (p *aliasProp) Message() string {
	return fmt.Sprintf("host_aliases changed %s to %s", catalog.Format(list(p.cur)), catalog.Format(list(p.want)))
}
func (p *aliasProp) Event() string { return "host_aliases_changed" }
func (p *aliasProp) Sync(context.Context, *resource.Handle) error {
	p.k.rec.aliases = p.want
	return nil
}

func list(s []string) catalog.Value {
	out := make([]catalog.Value, len(s))
	for i, x := range s {
		out[i] = x
	}
	return out
}

// instances lists the keys of the default file, as puppet resource
// sshkey shows them; the first entry of a name and type wins.
func instances(_ context.Context, _ *resource.Handle) ([]*catalog.Resource, error) {
	return instancesOf(DefaultTarget)
}

// find reads the key titled name@type from the default file; a key that
// is not there is absent, with its name and type (Puppet shows the title
// twice over, name@type@type).
func find(_ context.Context, _ *resource.Handle, title string) (*catalog.Resource, error) {
	all, err := instancesOf(DefaultTarget)
	if err != nil {
		return nil, err
	}
	for _, r := range all {
		if r.Title == title {
			return r, nil
		}
	}
	r := &catalog.Resource{Type: "Sshkey", Title: title}
	r.Set("ensure", "absent")
	name, typ, _ := splitTitle(title)
	r.Set("name", name)
	if typ != "" {
		r.Set("type", typ)
	}
	return r, nil
}

func instancesOf(path string) ([]*catalog.Resource, error) {
	f, err := readFile(path)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []*catalog.Resource
	for _, rec := range f.records {
		title := rec.name + "@" + rec.typ
		if !rec.entry || seen[title] {
			continue
		}
		seen[title] = true
		r := &catalog.Resource{Type: "Sshkey", Title: title}
		r.Set("ensure", "present")
		r.Set("name", rec.name)
		r.Set("host_aliases", list(rec.aliases))
		r.Set("key", rec.key)
		r.Set("target", path)
		r.Set("type", rec.typ)
		out = append(out, r)
	}
	return out, nil
}
