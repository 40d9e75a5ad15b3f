// Package mailalias implements puppetlabs-mailalias_core's mailalias
// type: entries of the mail alias database, /etc/aliases (or another
// target), read and rewritten whole as the module's aliases provider, a
// Puppet parsed-file provider, does. Like the module, it does not run
// newaliases.
package mailalias

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/parsedfile"
)

// DefaultTarget is the alias file of the provider.
const DefaultTarget = "/etc/aliases"

// provider is the module's only provider.
const provider = "aliases"

// Type is the mailalias resource type.
type Type struct{}

var schema = resource.NewSchema(resource.Schema{
	Name: "mailalias",
	Doc:  "An email alias in the local alias database (puppetlabs-mailalias_core).",
	Attrs: []resource.Attr{
		{Name: "ensure", Kind: resource.KindProperty, Default: "present", Doc: "Whether the alias exists.", Check: resource.Enum("present", "absent")},
		{Name: "name", Namevar: true, Doc: "The alias name."},
		{Name: "recipient", Kind: resource.KindProperty, Arrays: resource.EachAll, Doc: "Where email should be sent; an array for several. Exclusive with file."},
		{Name: "file", Kind: resource.KindProperty, Doc: "A file holding the alias's contents (an :include: entry). Exclusive with recipient.",
			Check: resource.CheckFunc("a fully qualified path", checkFile)},
		{Name: "target", Kind: resource.KindProperty, Default: DefaultTarget, Doc: "The file in which to store the aliases."},
	},
	Providers: []resource.Provider{{Name: provider, Default: true, Doc: "Reads and rewrites the aliases file; newaliases is not run.",
		Prefetch: parsedfile.PrefetchAs(provider, "mailalias", readAliases), Instances: instances}},
	Validate: func(v resource.Values) error {
		if v.Has("recipient") && v.Has("file") {
			return errors.New("You cannot specify both a recipient and a file")
		}
		return nil
	},
})

func checkFile(v catalog.Value) (catalog.Value, error) {
	if s := catalog.Scalar(v); !filepath.IsAbs(s) {
		return nil, fmt.Errorf("File paths must be fully qualified, not '%s'", s)
	}
	return v, nil
}

// Schema returns mailalias's schema.
func (Type) Schema() *resource.Schema { return schema }

// New returns the instance that manages the alias v describes.
func (Type) New(v resource.Values) (resource.Instance, error) {
	e := &instance{
		name:    v.String("name"),
		present: v.String("ensure") == "present",
		target:  v.String("target"),
	}
	if v.Has("recipient") {
		e.recipient = v.Strings("recipient")
		if e.recipient == nil {
			e.recipient = []string{}
		}
	}
	if v.Has("file") {
		f := v.String("file")
		e.file = &f
	}
	return e, nil
}

// aliasFile is one alias file: its lines, aliases parsed.
type aliasFile struct {
	path    string
	records []*record
	backup  parsedfile.Backup
}

// record is one line: text kept as it is (comments, blank lines), or an
// alias.
type record struct {
	text      string
	entry     bool
	name      string
	recipient []string // nil: none
	file      string   // "": none
	absent    bool     // removed; left out when the file is written
}

// textLine matches the lines the provider keeps as they are.
var textLine = lazyre.New(`^#|^\s*$`)

func readAliases(path string) (*aliasFile, error) {
	f := &aliasFile{path: path}
	lines, err := parsedfile.ReadLines(path)
	if err != nil {
		return nil, err
	}
	for _, line := range lines {
		if textLine.MatchString(line) {
			f.records = append(f.records, &record{text: line})
			continue
		}
		r, err := parseLine(line)
		if err != nil {
			return nil, &resource.PrefetchError{Type: "mailalias", Provider: provider, Err: err, Parse: true}
		}
		f.records = append(f.records, r)
	}
	return f, nil
}

// parseLine reads an alias line as the provider does: the name up to the
// first colon, then ":include: FILE" or the recipients.
func parseLine(line string) (*record, error) {
	parts := strings.SplitN(line, ":", 4)
	r := &record{entry: true, name: rubyStrip(parts[0])}
	if len(parts) == 4 && rubyStrip(parts[2]) == "include" {
		r.file = rubyStrip(parts[3])
		return r, nil
	}
	parts = strings.SplitN(line, ":", 2)
	if len(parts) < 2 {
		// The module calls strip on the missing part.
		return nil, errors.New("undefined method `strip' for nil:NilClass")
	}
	r.recipient = splitRecipients(rubyStrip(parts[1]))
	return r, nil
}

// rubyStrip removes what Ruby's String#strip removes.
func rubyStrip(s string) string { return strings.Trim(s, " \t\n\v\f\r\x00") }

const rubySpace = " \t\n\v\f\r"

// splitRecipients splits a recipient list at the commas outside double
// quotes, with the white space around them, drops the empty entries at
// its end, and takes one quote off each end of every recipient, as the
// provider's post_parse does.
func splitRecipients(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] != ',' || strings.Count(s[i+1:], `"`)%2 != 0 {
			continue
		}
		out = append(out, strings.TrimRight(s[start:i], rubySpace))
		start = i + 1
		for start < len(s) && strings.IndexByte(rubySpace, s[start]) >= 0 {
			start++
		}
		i = start - 1
	}
	out = append(out, s[start:])
	for len(out) > 0 && out[len(out)-1] == "" {
		out = out[:len(out)-1]
	}
	for i, d := range out {
		if d != "" && (d[0] == '"' || d[0] == '\'') {
			d = d[1:]
		}
		if d != "" && (d[len(d)-1] == '"' || d[len(d)-1] == '\'') {
			d = d[:len(d)-1]
		}
		out[i] = d
	}
	if out == nil {
		out = []string{}
	}
	return out
}

// needsQuotes matches a recipient the provider writes in double quotes.
var needsQuotes = lazyre.New(`[^-+\w@.]`)

// line renders the record as the provider writes it: the recipients
// (quoted where they hold other characters than letters, digits, _, -,
// +, @ and .) joined by commas, else the included file, else nothing.
func (r *record) line() string {
	switch {
	case !r.entry:
		return r.text
	case r.recipient != nil:
		dest := make([]string, len(r.recipient))
		for i, d := range r.recipient {
			if needsQuotes.MatchString(d) {
				d = `"` + d + `"`
			}
			dest[i] = d
		}
		return r.name + ": " + strings.Join(dest, ",")
	case r.file != "":
		return r.name + ": :include: " + r.file
	}
	return ""
}

func (f *aliasFile) find(name string) *record {
	for _, r := range f.records {
		if r.entry && !r.absent && r.name == name {
			return r
		}
	}
	return nil
}

// write backs the file up into the bucket once per run and rewrites it.
func (f *aliasFile) write(h *resource.Handle) error {
	if err := f.backup.Once(h, f.path); err != nil {
		return err
	}
	var lines []string
	for _, r := range f.records {
		if !r.absent {
			lines = append(lines, r.line())
		}
	}
	if err := os.WriteFile(f.path, parsedfile.Text(time.Now(), lines), 0o600); err != nil {
		// Puppet logs the failure, then fails the resource with it.
		err = parsedfile.WriteFailed(f.path, err)
		if h.Log != nil {
			h.Log.Log(resource.Err, "", err.Error())
		}
		return err
	}
	return nil
}

// instance manages one alias.
type instance struct {
	name      string
	present   bool
	recipient []string // nil: not managed
	file      *string
	target    string
	parsedfile.RunFiles[*aliasFile]

	// After Retrieve.
	af  *aliasFile
	rec *record
}

// ExclusiveKey makes the aliases of one file apply one at a time under
// --jobs: they share the file's records, and each rewrites it whole.
func (e *instance) ExclusiveKey() string { return "mailalias:" + e.target }

// Retrieve finds the alias in its file.
func (e *instance) Retrieve(ctx context.Context, h *resource.Handle) error {
	f, err := e.File(e.target, readAliases)
	if err != nil {
		return parsedfile.PrefetchFailedAs(provider, "mailalias", err)
	}
	e.af, e.rec = f, f.find(e.name)
	return nil
}

// Exists reports whether the alias is in the file.
func (e *instance) Exists() bool { return e.rec != nil }

// Properties lists ensure, then recipient and file when managed.
func (e *instance) Properties() []resource.Property {
	props := []resource.Property{&resource.Presence{
		Type:   "mailalias",
		Want:   e.present,
		Exists: e.Exists,
		Create: e.create,
		Remove: e.remove,
	}}
	if e.rec == nil {
		return props
	}
	if e.recipient != nil {
		props = append(props, &recipientProp{rec: e.rec, cur: e.rec.recipient, want: e.recipient})
	}
	// The module's file property is never changed on an alias that has
	// no included file: Puppet leaves it in sync.
	if e.file != nil && e.rec.file != "" {
		props = append(props, &resource.StringProperty{PropName: "file", Cur: e.rec.file, Want: *e.file, Set: func() { e.rec.file = *e.file }})
	}
	return props
}

// Flush writes the file after the alias changed.
func (e *instance) Flush(ctx context.Context, h *resource.Handle) error {
	return e.af.write(h)
}

// remove marks the alias removed: Flush writes the file without it.
func (e *instance) remove(context.Context, *resource.Handle) error {
	e.rec.absent = true
	return nil
}

// create adds the alias at the end of the file.
func (e *instance) create(context.Context, *resource.Handle) error {
	r := &record{entry: true, name: e.name, recipient: e.recipient}
	if e.file != nil {
		r.file = *e.file
	}
	e.af.records = append(e.af.records, r)
	return nil
}

// recipientProp is the recipient list.
type recipientProp struct {
	rec       *record
	cur, want []string // cur nil: none
}

func list(s []string) catalog.Value {
	out := make([]catalog.Value, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

func (p *recipientProp) Name() string { return "recipient" }
func (p *recipientProp) Current() catalog.Value {
	if p.cur == nil {
		return "absent"
	}
	return list(p.cur)
}
func (p *recipientProp) Desired() catalog.Value { return list(p.want) }
func (p *recipientProp) InSync() bool {
	return p.cur != nil && len(p.cur) == len(p.want) && strings.Join(p.cur, "\x00") == strings.Join(p.want, "\x00")
}
func (p *recipientProp) Message() string {
	if p.cur == nil {
		return fmt.Sprintf("defined 'recipient' as %s", catalog.Format(p.Desired()))
	}
	return fmt.Sprintf("recipient changed %s to %s", catalog.Format(p.Current()), catalog.Format(p.Desired()))
}
func (p *recipientProp) Event() string { return "recipient_changed" }
func (p *recipientProp) Sync(context.Context, *resource.Handle) error {
	p.rec.recipient = p.want
	return nil
}

// instances lists the aliases of the default file, as puppet resource
// mailalias shows them; the first alias of a name wins.
func instances(_ context.Context, _ *resource.Handle) ([]*catalog.Resource, error) {
	return instancesOf(DefaultTarget)
}

func instancesOf(path string) ([]*catalog.Resource, error) {
	f, err := readAliases(path)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []*catalog.Resource
	for _, rec := range f.records {
		if !rec.entry || seen[rec.name] {
			continue
		}
		seen[rec.name] = true
		r := &catalog.Resource{Type: "Mailalias", Title: rec.name}
		r.Set("ensure", "present")
		if rec.recipient != nil {
			r.Set("recipient", list(rec.recipient))
		}
		if rec.file != "" {
			r.Set("file", rec.file)
		}
		r.Set("target", path)
		out = append(out, r)
	}
	return out, nil
}
