package openssl

import (
	"context"
	"crypto"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"os"
	"path/filepath"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// CertType is x509_cert: a certificate file.
type CertType struct{}

var certSchema = resource.NewSchema(resource.Schema{
	Name: "x509_cert",
	Doc:  "An x509 certificate (puppet-openssl): self-signed with openssl req -x509, or made from a request with openssl x509 -req, signed by its key or a CA.",
	Attrs: append([]resource.Attr{
		ensureAttr(),
		pathAttr("The path to the certificate."),
		{Name: "private_key", Doc: "The private key's path; by default the certificate's path with .key for its extension.", Check: resource.CheckFunc("an absolute path", absolute)},
		{Name: "days", Default: int64(3650), Doc: "The days the certificate is valid.", Check: numeric()},
		{Name: "force", Doc: "Make the certificate again when it is not of the private key. Given at all, even as false, it is on, as in the module (its value is a Ruby symbol, which is true).", Check: resource.Boolean()},
		{Name: "password", Doc: "The private key's password."},
		{Name: "req_ext", Default: false, Doc: "Add the v3_req extensions of the template (-extensions v3_req).", Check: resource.YesNo()},
		{Name: "template", Doc: "The openssl configuration file; by default the certificate's path with .cnf for its extension.", Check: resource.CheckFunc("an absolute path", absolute)},
		{Name: "csr", Doc: "A certificate signing request to make the certificate from (openssl x509 -req)."},
		{Name: "ca", Doc: "The CA certificate that signs the certificate (with csr)."},
		{Name: "cakey", Doc: "The CA's private key."},
		{Name: "cakey_password", Doc: "The CA key's password."},
	}, fileAttrs()...),
	Providers: []resource.Provider{{Name: "openssl", Default: true, Doc: "Runs openssl req or openssl x509.", Confine: resource.Confine{Commands: []string{"openssl"}}}},
})

// Schema returns x509_cert's schema.
func (CertType) Schema() *resource.Schema { return certSchema }

// AutoRequire returns, as the module's type does, the ssl_pkey of the
// private key and the certificate's folder (the type declares three file
// autorequires, and the last, the folder, replaces the others).
func (CertType) AutoRequire(r *catalog.Resource, c *catalog.Catalog) []catalog.Ref {
	v := resource.NewValues(certSchema, r)
	path := v.String("path")
	key := orDefault(v, "private_key", sibling(path, ".key"))
	var refs []catalog.Ref
	if c.Resource(catalog.Ref{Type: "Ssl_pkey", Title: key}) != nil {
		refs = append(refs, catalog.Ref{Type: "Ssl_pkey", Title: key})
	}
	return append(refs, autoFiles(c, filepath.Dir(path))...)
}

// New returns the instance that manages the certificate v describes.
func (CertType) New(v resource.Values) (resource.Instance, error) {
	p := permsOf(v)
	path := v.String("path")
	c := &cert{
		path:     path,
		ensure:   ensureOf(v, p),
		perms:    p,
		key:      orDefault(v, "private_key", sibling(path, ".key")),
		days:     catalog.Scalar(v.Get("days")),
		force:    v.Has("force"),
		reqExt:   v.Bool("req_ext"),
		template: orDefault(v, "template", sibling(path, ".cnf")),
		csr:      v.String("csr"),
		ca:       v.String("ca"),
		cakey:    v.String("cakey"),
	}
	c.password, c.hasPassword = secret(v, "password")
	c.caPassword, c.hasCAPassword = secret(v, "cakey_password")
	return c, nil
}

type cert struct {
	path, ensure               string
	perms                      perms
	key, days                  string
	force, reqExt              bool
	template, csr, ca, cakey   string
	password, caPassword       string
	hasPassword, hasCAPassword bool
	state                      fileState
	exists                     bool
}

// Retrieve is the module's exists?: the certificate is there and, with
// force, is of the private key. (Its comparison of the subject and
// alternative names with the template reads an INI file it never loads,
// and so finds them equal.)
func (c *cert) Retrieve(ctx context.Context, h *resource.Handle) error {
	st, err := readState(c.path)
	if err != nil {
		return err
	}
	c.state, c.exists = st, st.exists
	if st.exists && c.force {
		ok, err := certOfKey(ctx, h, c.path, c.key, c.password, c.hasPassword)
		if err != nil {
			return err
		}
		c.exists = ok
	}
	return nil
}

func (c *cert) Exists() bool { return c.state.exists }

func (c *cert) Properties() []resource.Property {
	if c.ensure == "" {
		return nil
	}
	ps := []resource.Property{&resource.Presence{
		Type:   "x509_cert",
		Want:   c.ensure == "present",
		Exists: func() bool { return c.exists },
		Create: c.create,
		Remove: func(context.Context, *resource.Handle) error { return removeFile(c.path) },
	}}
	return append(ps, permProps(c.path, c.perms, &c.state)...)
}

// Refresh makes the certificate again, as the module's type does.
func (c *cert) Refresh(ctx context.Context, h *resource.Handle) error { return c.create(ctx, h) }

// create is the module's create: openssl x509 -req from the request
// (signed by the CA, or by the private key), else openssl req -x509;
// then the file's owner, group and mode.
func (c *cert) create(ctx context.Context, h *resource.Handle) error {
	var args []string
	if c.csr != "" {
		args = []string{"x509", "-req", "-days", c.days, "-in", c.csr, "-out", c.path}
		if c.ca != "" {
			args = append(args, "-extfile", c.template, "-CAcreateserial", "-CA", c.ca, "-CAkey", c.cakey)
		} else {
			args = append(args, "-signkey", c.key)
			if c.reqExt {
				args = append(args, "-extensions", "v3_req", "-extfile", c.template)
			}
		}
	} else {
		args = []string{"req", "-config", c.template, "-new", "-x509", "-days", c.days, "-key", c.key, "-out", c.path}
	}
	password, has := c.caPassword, c.hasCAPassword
	if !has {
		password, has = c.password, c.hasPassword
	}
	if has {
		args = append(args, "-passin", "env:CERTIFICATE_PASSIN")
	}
	if c.reqExt {
		args = append(args, "-extensions", "v3_req")
	}
	if err := runOpenssl(ctx, h, args, password, has); err != nil {
		return err
	}
	return setPerms(c.path, c.perms)
}

// certOfKey is the module's check_private_key: whether the certificate's
// public key is the private key's.
func certOfKey(ctx context.Context, h *resource.Handle, path, key, password string, hasPassword bool) (bool, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return false, err
	}
	der := data
	if b, _ := pem.Decode(data); b != nil {
		der = b.Bytes
	}
	crt, err := x509.ParseCertificate(der)
	if err != nil {
		return false, errors.New("PEM_read_bio_X509: bad base64 decode")
	}
	pub, err := publicKeyOf(ctx, h, key, password, hasPassword)
	if err != nil {
		return false, err
	}
	eq, ok := crt.PublicKey.(interface{ Equal(crypto.PublicKey) bool })
	return ok && eq.Equal(pub), nil
}
