package openssl

import (
	"context"
	"crypto"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// RequestType is x509_request: a certificate signing request file.
type RequestType struct{}

var requestSchema = resource.NewSchema(resource.Schema{
	Name: "x509_request",
	Doc:  "An x509 certificate signing request (puppet-openssl), made with openssl req from a key and a configuration file.",
	Attrs: append([]resource.Attr{
		ensureAttr(),
		pathAttr("The path of the certificate signing request."),
		{Name: "force", Doc: "Make the request again when it is not of the private key. Given at all, even as false, it is on, as in the module (its value is a Ruby symbol, which is true).", Check: resource.Boolean()},
		{Name: "password", Doc: "The private key's password."},
		{Name: "template", Doc: "The openssl configuration file; by default the request's path with .cnf for its extension.", Check: resource.CheckFunc("an absolute path", absolute)},
		{Name: "private_key", Doc: "The private key's path; by default the request's path with .key for its extension.", Check: resource.CheckFunc("an absolute path", absolute)},
		{Name: "encrypted", Default: true, Doc: "Meant to pass -nodes to openssl req when false; as in the module (whose false is a Ruby symbol, which is true), it never does.", Check: resource.Boolean()},
	}, fileAttrs()...),
	Providers: []resource.Provider{{Name: "openssl", Default: true, Doc: "Runs openssl req.", Confine: resource.Confine{Commands: []string{"openssl"}}}},
})

// Schema returns x509_request's schema.
func (RequestType) Schema() *resource.Schema { return requestSchema }

// AutoRequire returns, as the module's type does, the x509_cert named
// after the private key without its extension and the request's folder
// (the type declares three file autorequires, and the last, the folder,
// replaces the others).
func (RequestType) AutoRequire(r *catalog.Resource, c *catalog.Catalog) []catalog.Ref {
	v := resource.NewValues(requestSchema, r)
	key := orDefault(v, "private_key", sibling(v.String("path"), ".key"))
	var refs []catalog.Ref
	cert := sibling(key, "")
	if c.Resource(catalog.Ref{Type: "X509_cert", Title: cert}) != nil {
		refs = append(refs, catalog.Ref{Type: "X509_cert", Title: cert})
	}
	return append(refs, autoFiles(c, filepath.Dir(v.String("path")))...)
}

func orDefault(v resource.Values, name, def string) string {
	if v.Has(name) {
		return v.String(name)
	}
	return def
}

// New returns the instance that manages the request v describes.
func (RequestType) New(v resource.Values) (resource.Instance, error) {
	p := permsOf(v)
	path := v.String("path")
	r := &request{
		path:     path,
		ensure:   ensureOf(v, p),
		perms:    p,
		force:    v.Has("force"),
		template: orDefault(v, "template", sibling(path, ".cnf")),
		key:      orDefault(v, "private_key", sibling(path, ".key")),
	}
	r.password, r.hasPassword = secret(v, "password")
	return r, nil
}

type request struct {
	path, ensure  string
	perms         perms
	force         bool
	template, key string
	password      string
	hasPassword   bool
	state         fileState
	exists        bool
}

// Retrieve is the module's exists?: the request is there and, with
// force, was made with the private key.
func (r *request) Retrieve(ctx context.Context, h *resource.Handle) error {
	st, err := readState(r.path)
	if err != nil {
		return err
	}
	r.state, r.exists = st, st.exists
	if st.exists && r.force {
		ok, err := requestOfKey(ctx, h, r.path, r.key, r.password, r.hasPassword)
		if err != nil {
			return err
		}
		r.exists = ok
	}
	return nil
}

func (r *request) Exists() bool { return r.state.exists }

func (r *request) Properties() []resource.Property {
	if r.ensure == "" {
		return nil
	}
	ps := []resource.Property{&resource.Presence{
		Type:   "x509_request",
		Want:   r.ensure == "present",
		Exists: func() bool { return r.exists },
		Create: r.create,
		Remove: func(context.Context, *resource.Handle) error { return removeFile(r.path) },
	}}
	return append(ps, permProps(r.path, r.perms, &r.state)...)
}

// Refresh makes the request again, as the module's type does.
func (r *request) Refresh(ctx context.Context, h *resource.Handle) error { return r.create(ctx, h) }

// create is the module's create: openssl req, then the file's owner,
// group and mode.
func (r *request) create(ctx context.Context, h *resource.Handle) error {
	args := []string{"req", "-new", "-key", r.key, "-config", r.template, "-out", r.path}
	if r.hasPassword {
		args = append(args, "-passin", "env:CERTIFICATE_PASSIN")
	}
	if err := runOpenssl(ctx, h, args, r.password, r.hasPassword); err != nil {
		return err
	}
	return setPerms(r.path, r.perms)
}

// requestOfKey is the module's check_private_key of a request: whether
// its signature verifies with the key's public key.
func requestOfKey(ctx context.Context, h *resource.Handle, path, key, password string, hasPassword bool) (bool, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return false, err
	}
	csr, err := parseRequest(data)
	if err != nil {
		return false, err
	}
	pub, err := publicKeyOf(ctx, h, key, password, hasPassword)
	if err != nil {
		return false, err
	}
	eq, ok := csr.PublicKey.(interface{ Equal(crypto.PublicKey) bool })
	return ok && eq.Equal(pub) && csr.CheckSignature() == nil, nil
}

func parseRequest(data []byte) (*x509.CertificateRequest, error) {
	der := data
	if b, _ := pem.Decode(data); b != nil {
		der = b.Bytes
	}
	csr, err := x509.ParseCertificateRequest(der)
	if err != nil {
		return nil, errors.New("PEM_read_bio_X509_REQ: bad base64 decode")
	}
	return csr, nil
}

// publicKeyOf reads a private key file, with its password, as Ruby's
// OpenSSL::PKey.read does, and returns its public key. Keys Go does not
// decrypt (PKCS#8) are read by openssl pkey.
func publicKeyOf(ctx context.Context, h *resource.Handle, path, password string, hasPassword bool) (crypto.PublicKey, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	b, _ := pem.Decode(data)
	if b != nil {
		der := b.Bytes
		//lint:ignore SA1019 keys encrypted as the module writes them (Proc-Type and DEK-Info) are read as it reads them.
		if x509.IsEncryptedPEMBlock(b) {
			//lint:ignore SA1019 as above.
			der, err = x509.DecryptPEMBlock(b, []byte(password))
			if err != nil {
				return nil, errors.New("Could not parse PKey: bad decrypt")
			}
		}
		if b.Type != "ENCRYPTED PRIVATE KEY" {
			if k, err := parsePrivate(der); err == nil {
				return k.Public(), nil
			}
		}
	}
	args := []string{opensslPath(), "pkey", "-in", path, "-pubout"}
	var env []string
	if hasPassword {
		args = append(args, "-passin", "env:CERTIFICATE_PASSIN")
		env = []string{"CERTIFICATE_PASSIN=" + password}
	} else {
		args = append(args, "-passin", "pass:")
	}
	res, err := h.Runner.Run(ctx, resource.Command{Argv: args, Env: env, SplitStderr: true})
	if err != nil {
		return nil, err
	}
	pb, _ := pem.Decode(res.Output)
	if res.ExitCode != 0 || pb == nil {
		return nil, errors.New("Could not parse PKey: unsupported")
	}
	return x509.ParsePKIXPublicKey(pb.Bytes)
}

type signer interface{ Public() crypto.PublicKey }

func parsePrivate(der []byte) (signer, error) {
	if k, err := x509.ParsePKCS1PrivateKey(der); err == nil {
		return k, nil
	}
	if k, err := x509.ParseECPrivateKey(der); err == nil {
		return k, nil
	}
	k, err := x509.ParsePKCS8PrivateKey(der)
	if err != nil {
		return nil, err
	}
	s, ok := k.(signer)
	if !ok {
		return nil, fmt.Errorf("unsupported key")
	}
	return s, nil
}
