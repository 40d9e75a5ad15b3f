// Package aptkey implements puppetlabs-apt's apt_key type: a key of apt's
// keyring, added with apt-key from content, a source (a path, or an
// http(s) or ftp URL) or a key server, and removed with apt-key del, as
// the module's apt_key provider does; what the keyring holds is read once
// per run with apt-key adv --list-keys.
package aptkey

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/file"
	"github.com/ordoproject/ordo/internal/resource/syscmd"
)

// The commands the provider runs, as the module names them.
const (
	aptKey = "/usr/bin/apt-key"
	gpg    = "/usr/bin/gpg"
)

// Type is the apt_key resource type.
type Type struct{}

var (
	idPatterns = []*lazyre.Regexp{
		lazyre.New(`\A(0x)?[0-9a-fA-F]{8}\z`),
		lazyre.New(`\A(0x)?[0-9a-fA-F]{16}\z`),
		lazyre.New(`\A(0x)?[0-9a-fA-F]{40}\z`),
	}
	sourcePatterns = []resource.Pattern{
		lazyre.New(`\Ahttps?://`),
		lazyre.New(`\Aftp://`),
		lazyre.New(`\A/\w+`),
	}
	serverPattern = lazyre.New(`\A((hkp|hkps|http|https)://)?([a-z\d])([a-z\d-]{0,61}\.)+[a-z\d]+(:\d{2,5})?(/[a-zA-Z\d\-_.]+)*/?$`)
)

// idCheck accepts a short or long id or a fingerprint, with or without
// 0x, and munges it to upper case without the 0x.
var idCheck = resource.CheckFunc("an 8, 16 or 40 digit hexadecimal id, with or without 0x", func(v catalog.Value) (catalog.Value, error) {
	s, ok := v.(string)
	if ok {
		for _, p := range idPatterns {
			if p.MatchString(s) {
				return strings.ToUpper(strings.TrimPrefix(s, "0x")), nil
			}
		}
	}
	return nil, fmt.Errorf("Invalid value %s. Valid values match /%s/, /%s/, /%s/.", resource.Inspect(v),
		rubyRegexp(idPatterns[0]), rubyRegexp(idPatterns[1]), rubyRegexp(idPatterns[2]))
})

// rubyRegexp writes a pattern as Ruby shows it (\A, \Z).
func rubyRegexp(re *lazyre.Regexp) string {
	return strings.Replace(re.String(), `\z`, `\Z`, 1)
}

func readOnly(name, doc string) resource.Attr {
	return resource.Attr{Name: name, Kind: resource.KindProperty, Doc: doc + " Read only: a resource that gives another value fails."}
}

var schema = resource.NewSchema(resource.Schema{
	Name: "apt_key",
	Doc:  "A key of apt's keyring (puppetlabs-apt).",
	Attrs: []resource.Attr{
		// No default: without ensure, nothing is managed (the module's
		// ensurable has none).
		{Name: "ensure", Kind: resource.KindProperty, Doc: "Whether the key is in the keyring (unset: the key is not managed).", Check: resource.Enum("present", "absent")},
		{Name: "id", Namevar: true, Doc: "The key's fingerprint (40 digits), long (16) or short (8) id.", Check: idCheck},
		{Name: "content", Doc: "The key itself."},
		{Name: "source", Doc: "Where the key comes from: a path, or an http(s) or ftp URL.", Check: &resource.EnumCheck{Patterns: sourcePatterns}},
		{Name: "server", Default: "keyserver.ubuntu.com", Doc: "The key server the key is received from when neither content nor source is given.", Check: &resource.EnumCheck{Patterns: []resource.Pattern{serverPattern}}},
		{Name: "options", Doc: "apt-key's --keyserver-options."},
		{Name: "refresh", Default: false, Doc: "Add an expired key again.", Check: resource.YesNo()},
		{Name: "weak_ssl", Default: false, Doc: "Fetch an https source without verifying its certificate.", Check: resource.YesNo()},
		readOnly("fingerprint", "The key's 40 digit fingerprint."),
		readOnly("long", "The key's 16 digit id."),
		readOnly("short", "The key's 8 digit id."),
		readOnly("expired", "Whether the key has expired."),
		readOnly("expiry", "When the key expires (YYYY-MM-DD)."),
		readOnly("size", "The key's size."),
		readOnly("type", "The key's type: rsa, dsa, ecc or ecdsa."),
		readOnly("created", "When the key was made (YYYY-MM-DD)."),
	},
	Providers: []resource.Provider{{
		Name: "apt_key", Default: true, Doc: "Runs apt-key (and gpg to check a key's fingerprint).",
		// apt-key is there only on the Debian family, where the module
		// confines the provider.
		Confine:  resource.Confine{Commands: []string{aptKey}},
		Prefetch: prefetch,
	}},
	Validate: func(v resource.Values) error {
		if v.Bool("refresh") && v.String("ensure") == "absent" {
			return resource.BareParamError(v.Ref(), "refresh", "ensure => absent and refresh => true are mutually exclusive")
		}
		if v.Has("content") && v.Has("source") {
			return resource.BareParamError(v.Ref(), "content", "The properties content and source are mutually exclusive.")
		}
		return nil
	},
	Warn: func(v resource.Values) []resource.Note {
		if len(v.String("id")) < 40 {
			return []resource.Note{{Level: resource.Warning, Msg: "The id should be a full fingerprint (40 characters), see README."}}
		}
		return nil
	},
})

// Schema returns apt_key's schema.
func (Type) Schema() *resource.Schema { return schema }

// AutoRequire returns the file of a source that is a path.
func (Type) AutoRequire(r *catalog.Resource, c *catalog.Catalog) []catalog.Ref {
	if s, ok := r.Get("source"); ok {
		if p, ok := s.(string); ok && strings.HasPrefix(p, "/") {
			if ref, ok := file.Find(c, p); ok {
				return []catalog.Ref{ref}
			}
		}
	}
	return nil
}

// spec is an apt_key's checked attributes.
type spec struct {
	ensure     bool // ensure is given
	present    bool
	id         string
	content    string
	hasContent bool
	source     string
	server     string
	options    string
	hasOptions bool
	refresh    bool
	weakSSL    bool
	wanted     map[string]catalog.Value // the read-only properties the resource gives
	location   string                   // where the resource was declared, for messages
}

// New returns the instance that manages the key v describes.
func (Type) New(v resource.Values) (resource.Instance, error) {
	s := spec{
		ensure:   v.Has("ensure"),
		present:  v.String("ensure") != "absent",
		id:       v.String("id"),
		server:   v.String("server"),
		refresh:  v.Bool("refresh"),
		weakSSL:  v.Bool("weak_ssl"),
		wanted:   map[string]catalog.Value{},
		location: v.Resource().Location(),
	}
	s.content, s.hasContent = v.String("content"), v.Has("content")
	s.source = v.String("source")
	s.options, s.hasOptions = v.String("options"), v.Has("options")
	for _, p := range readOnlyProps {
		if x, ok := v.Lookup(p); ok {
			s.wanted[p] = x
		}
	}
	return &instance{spec: s}, nil
}

var readOnlyProps = []string{"fingerprint", "long", "short", "expired", "expiry", "size", "type", "created"}

// instance manages one key.
type instance struct {
	spec
	keys  *keyring
	found *key
}

// Prefetched takes the provider's listing of the keyring.
func (k *instance) Prefetched(data any) {
	if r, ok := data.(*keyring); ok {
		k.keys = r
	}
}

// Retrieve finds the key in the keyring by its fingerprint, long or short
// id, as the module's prefetch matches names of those lengths.
func (k *instance) Retrieve(ctx context.Context, h *resource.Handle) error {
	if k.keys == nil {
		r, err := list(ctx, h)
		if err != nil {
			return err
		}
		k.keys = r
	}
	k.found = k.keys.find(k.id)
	return nil
}

// Exists reports whether the key is there; an expired key is not, for a
// resource that refreshes expired keys.
func (k *instance) Exists() bool {
	return k.found != nil && !(k.refresh && k.found.expired)
}

// Properties lists ensure and the read-only properties the resource gives.
func (k *instance) Properties() []resource.Property {
	var ps []resource.Property
	if k.ensure {
		ps = append(ps, k.ensureProp())
	}
	for _, p := range readOnlyProps {
		if want, ok := k.wanted[p]; ok {
			ps = append(ps, &readOnlyProp{k: k, name: p, want: want})
		}
	}
	return ps
}

// ensureProp is the key's ensure property; the module's own failures
// are wrapped (see wrap).
func (k *instance) ensureProp() *resource.Presence {
	return &resource.Presence{
		Type:   "apt_key",
		Want:   k.present,
		Exists: k.Exists,
		Create: func(ctx context.Context, h *resource.Handle) error { return k.wrap("present", k.create(ctx, h)) },
		Remove: func(ctx context.Context, h *resource.Handle) error { return k.wrap("absent", k.destroy(ctx, h)) },
	}
}

// wrap gives the module's own failures (Ruby errors, not a command that
// failed) to set ensure to want Puppet's wrapping: "Could not set
// 'present' on ensure: MSG (file: F, line: L)", with MSG as its cause.
func (k *instance) wrap(want string, err error) error {
	var ee *syscmd.ExecError
	if err == nil || errors.As(err, &ee) {
		return err
	}
	return &resource.WrappedError{
		Msg:   strings.TrimSpace(fmt.Sprintf("Could not set '%s' on ensure: %v %s", want, err, k.location)),
		Cause: err,
	}
}

// readOnlyProp is one of the key's read-only properties: a resource that
// wants another value than the key's fails, as the module's setters do.
type readOnlyProp struct {
	k    *instance
	name string
	want catalog.Value
}

func (p *readOnlyProp) Name() string { return p.name }
func (p *readOnlyProp) Current() catalog.Value {
	if p.k.found == nil {
		return "absent"
	}
	if p.name == "expired" {
		return p.k.found.expired
	}
	return p.k.found.property(p.name)
}
func (p *readOnlyProp) Desired() catalog.Value { return p.want }

// InSync compares as Puppet does, the key's value with the wanted one
// or its string: expired is a boolean, so true is in sync and "true" is
// not; type is a Ruby symbol, which no value of a manifest equals; an
// expiry the key has not never is.
func (p *readOnlyProp) InSync() bool {
	if p.k.found == nil {
		return false
	}
	switch p.name {
	case "expired":
		b, ok := p.want.(bool)
		return ok && b == p.k.found.expired
	case "type":
		return false
	case "expiry":
		if p.k.found.expiry == "" {
			return false
		}
	}
	return p.k.found.property(p.name) == catalog.Scalar(p.want)
}
func (p *readOnlyProp) Sync(ctx context.Context, h *resource.Handle) error {
	return errors.New("This is a read-only property.")
}
func (p *readOnlyProp) Message() string {
	return fmt.Sprintf("%s changed %s to %s", p.name, catalog.Format(p.Current()), catalog.Format(p.want))
}
func (p *readOnlyProp) Event() string { return p.name + "_changed" }
