// Package javaks implements puppetlabs-java_ks's java_ks type: one entry
// (a trusted certificate, or a private key with its certificate chain)
// of a Java keystore, managed as the module's keytool provider does it,
// with the real keytool and openssl and the keystore password on
// keytool's standard input.
package javaks

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/file"
)

// Type is the java_ks resource type.
type Type struct{}

// titlePatterns read a title alias:target (split at the last colon, as
// the module's greedy pattern does), or a bare alias.
var titlePatterns = []resource.TitlePattern{
	{Pattern: regexp.MustCompile(`(?s)^([^:]+)$`), Attrs: []string{"name"}},
	{Pattern: regexp.MustCompile(`(?is)^(.*):([a-z]:(?:/|\\).*)$`), Attrs: []string{"name", "target"}},
	{Pattern: regexp.MustCompile(`(?s)^(.*):(.*)$`), Attrs: []string{"name", "target"}},
}

var schema = resource.NewSchema(resource.Schema{
	Name: "java_ks",
	Doc:  "One entry of a Java keystore, imported and removed with keytool (puppetlabs-java_ks).",
	Attrs: []resource.Attr{
		{Name: "ensure", Kind: resource.KindProperty, Default: "present", Doc: "present, absent, or latest (re-import when the certificate's fingerprints are not all in the keystore's entry).", Check: resource.Enum("present", "absent", "latest")},
		{Name: "name", Namevar: true, Doc: "The entry's alias, lowercased (a title alias:target gives it and the target).", Check: resource.CheckFunc("a string", downcase)},
		{Name: "target", Doc: "The keystore file."},
		{Name: "certificate", Doc: "A file with the certificate, then zero or more intermediate certificates."},
		{Name: "certificate_content", Doc: "The certificate (and intermediates) as text, instead of certificate."},
		{Name: "storetype", Doc: "The keystore's type: jks, jceks, or pkcs12 (certificate is then a PKCS#12 file to import).", Check: resource.Enum("jceks", "pkcs12", "jks")},
		{Name: "private_key", Doc: "A file with the private key (PEM) to import with the certificate."},
		{Name: "private_key_content", Doc: "The private key as text, instead of private_key."},
		{Name: "private_key_type", Default: "rsa", Doc: "The private key's type: rsa, dsa or ec.", Check: resource.Enum("rsa", "dsa", "ec")},
		{Name: "chain", Doc: "A file with the intermediate certificates, when they are not in certificate."},
		{Name: "password", Kind: resource.KindProperty, Doc: "The keystore's password (6 characters or more); also the private key's.", Check: resource.CheckFunc("a string of 6 characters or more", minLen("password", "characters or greater in length"))},
		{Name: "password_file", Doc: "A file holding the keystore's password, instead of password."},
		{Name: "password_fail_reset", Default: false, Doc: "Delete the keystore and make a new one when the password does not open it.", Check: resource.YesNo()},
		{Name: "destkeypass", Doc: "The password protecting the key in the keystore (6 characters or more).", Check: resource.CheckFunc("a string of 6 characters or more", minLen("destkeypass", "characters long; must be of length 6 or greater"))},
		{Name: "trustcacerts", Default: false, Doc: "Pass -trustcacerts to keytool (to add a certificate authority).", Check: resource.YesNo()},
		{Name: "path", Doc: "The search path for keytool and openssl: a list, or folders joined by ':'."},
		{Name: "keytool_timeout", Default: int64(120), Doc: "Seconds each keytool command may take."},
		{Name: "source_password", Doc: "The password of a PKCS#12 certificate file (storetype pkcs12)."},
		{Name: "source_alias", Doc: "The entry of the PKCS#12 file to import (storetype pkcs12)."},
	},
	TitlePatterns: titlePatterns,
	// Entries are told apart by alias and target together.
	NonIsomorphic: true,
	Providers:     []resource.Provider{{Name: "keytool", Default: true, Doc: "Runs keytool (and openssl to make PKCS#12 bundles)."}},
	Validate:      validate,
})

func downcase(v catalog.Value) (catalog.Value, error) {
	s, ok := v.(string)
	if !ok {
		return nil, &resource.MungeError{Msg: fmt.Sprintf("the alias must be a string, not %s", resource.Inspect(v))}
	}
	return strings.ToLower(s), nil
}

// minLen is the length check of password and destkeypass.
func minLen(name, tail string) func(catalog.Value) (catalog.Value, error) {
	return func(v catalog.Value) (catalog.Value, error) {
		s := catalog.Scalar(resource.Unsensitive(v))
		if n := len([]rune(s)); n < 6 {
			if name == "password" {
				return nil, &resource.MungeError{Msg: fmt.Sprintf("password is %d characters long; must be 6 characters or greater in length", n)}
			}
			return nil, &resource.MungeError{Msg: fmt.Sprintf("%s is %d %s", name, n, tail)}
		}
		return v, nil
	}
}

func validate(v resource.Values) error {
	if v.String("ensure") != "absent" {
		switch {
		case !v.Has("certificate") && !v.Has("certificate_content"):
			return errors.New("You must pass one of 'certificate' or 'certificate_content'")
		case v.Has("certificate") && v.Has("certificate_content"):
			return errors.New("You must pass either 'certificate' or 'certificate_content', not both.")
		case v.Has("private_key") && v.Has("private_key_content"):
			return errors.New("You must pass either 'private_key' or 'private_key_content', not both.")
		}
	}
	if v.Has("password") && v.Has("password_file") {
		return errors.New("You must pass either 'password' or 'password_file', not both.")
	}
	if !v.Has("password") && !v.Has("password_file") {
		return errors.New("You must pass one of 'password' or 'password_file'.")
	}
	if v.String("storetype") == "pkcs12" && !v.Has("source_password") {
		return errors.New("You must provide 'source_password' when using a 'pkcs12' storetype.")
	}
	if _, ok := targetOf(v); !ok {
		return errors.New("target is required: give it, or a title alias:target")
	}
	return nil
}

// targetOf is the target parameter, else the part of the title after
// its last colon.
func targetOf(v resource.Values) (string, bool) {
	if v.Has("target") {
		return v.String("target"), true
	}
	return v.Schema().TitleValue(v.Resource().Title, "target")
}

// Schema returns java_ks's schema.
func (Type) Schema() *resource.Schema { return schema }

// AutoRequire returns the files the module's type autorequires: the
// private key, certificate and chain files and the keystore's folder.
func (Type) AutoRequire(r *catalog.Resource, c *catalog.Catalog) []catalog.Ref {
	v := resource.NewValues(schema, r)
	var refs []catalog.Ref
	for _, p := range []string{"private_key", "certificate", "chain"} {
		if v.Has(p) {
			if ref, ok := file.Find(c, v.String(p)); ok {
				refs = append(refs, ref)
			}
		}
	}
	if t, ok := targetOf(v); ok {
		if ref, ok := file.Find(c, filepath.Dir(t)); ok {
			refs = append(refs, ref)
		}
	}
	return refs
}

// New returns the instance that manages the entry v describes.
func (Type) New(v resource.Values) (resource.Instance, error) {
	target, _ := targetOf(v)
	s := spec{
		alias:          v.String("name"),
		target:         target,
		ensure:         v.String("ensure"),
		certificate:    v.String("certificate"),
		certContent:    catalog.Scalar(resource.Unsensitive(v.Get("certificate_content"))),
		hasCertContent: v.Has("certificate_content"),
		privateKey:     v.String("private_key"),
		keyContent:     catalog.Scalar(resource.Unsensitive(v.Get("private_key_content"))),
		hasKeyContent:  v.Has("private_key_content"),
		hasKey:         v.Has("private_key") || v.Has("private_key_content"),
		chain:          v.String("chain"),
		storetype:      v.String("storetype"),
		password:       catalog.Scalar(resource.Unsensitive(v.Get("password"))),
		hasPassword:    v.Has("password"),
		passwordFile:   v.String("password_file"),
		failReset:      v.Bool("password_fail_reset"),
		destkeypass:    catalog.Scalar(resource.Unsensitive(v.Get("destkeypass"))),
		hasDestkeypass: v.Has("destkeypass"),
		trustcacerts:   v.Bool("trustcacerts"),
		sourcePassword: catalog.Scalar(resource.Unsensitive(v.Get("source_password"))),
		hasSourcePw:    v.Has("source_password"),
		sourceAlias:    v.String("source_alias"),
		timeout:        timeoutOf(v.Get("keytool_timeout")),
		location:       v.Resource().Location(),
	}
	for _, p := range catalog.Strings(v.Get("path")) {
		s.path = append(s.path, strings.Split(p, ":")...)
	}
	return &instance{spec: s}, nil
}

// fingerprintBlock and fingerprintLine read the digests keytool prints
// for each certificate, as the module's extract_fingerprint does.
var (
	fingerprintBlock = regexp.MustCompile(`(?ms)^Certificate fingerprints:(.*?)Signature?`)
	fingerprintLine  = regexp.MustCompile(`(?m)^\s+\S+:\s+(\S+)`)
)

// fingerprints returns every digest of every certificate keytool's
// output shows.
func fingerprints(out string) []string {
	var fps []string
	for _, b := range fingerprintBlock.FindAllStringSubmatch(out, -1) {
		for _, m := range fingerprintLine.FindAllStringSubmatch(b[1], -1) {
			fps = append(fps, m[1])
		}
	}
	return fps
}

// subset reports whether every element of a is in b.
func subset(a, b []string) bool {
	in := make(map[string]bool, len(b))
	for _, x := range b {
		in[x] = true
	}
	for _, x := range a {
		if !in[x] {
			return false
		}
	}
	return true
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// ensure is java_ks's ensure property.
type ensure struct{ i *instance }

func (e ensure) Name() string { return "ensure" }

func (e ensure) Current() catalog.Value {
	if e.i.exists {
		return "present"
	}
	return "absent"
}

func (e ensure) Desired() catalog.Value { return e.i.spec.ensure }

// InSync is the module's insync?: latest is in sync when every
// fingerprint of the certificate (and chain) is in the keystore's entry.
func (e ensure) InSync() bool {
	switch e.i.spec.ensure {
	case "absent":
		return !e.i.exists
	case "latest":
		return e.i.exists && e.i.latestInSync
	}
	return e.i.exists
}

func (e ensure) Message() string {
	switch {
	case !e.i.exists:
		return "created"
	case e.i.spec.ensure == "absent":
		return "removed"
	}
	return fmt.Sprintf("ensure changed '%s' to '%s'", e.Current(), e.Desired())
}

func (e ensure) Event() string {
	switch {
	case e.i.spec.ensure == "absent":
		return "java_ks_removed"
	case !e.i.exists:
		return "java_ks_created"
	}
	return "java_ks_changed"
}

func (e ensure) Sync(ctx context.Context, h *resource.Handle) error {
	switch {
	case e.i.spec.ensure == "absent":
		return e.i.wrap(e.i.destroy(ctx, h))
	case e.i.spec.ensure == "latest" && e.i.exists:
		if err := e.i.destroy(ctx, h); err != nil {
			return e.i.wrap(err)
		}
	}
	return e.i.wrap(e.i.create(ctx, h))
}

// passwordProp is the password property: the module's provider reads it
// back from the resource, so it is always in sync.
type passwordProp struct{}

func (passwordProp) Name() string                                 { return "password" }
func (p passwordProp) Current() catalog.Value                     { return p.Desired() }
func (passwordProp) Desired() catalog.Value                       { return catalog.Sensitive{Value: "[redacted]"} }
func (passwordProp) InSync() bool                                 { return true }
func (passwordProp) Sync(context.Context, *resource.Handle) error { return nil }
func (passwordProp) Message() string                              { return "" }
func (passwordProp) Event() string                                { return "password_changed" }
