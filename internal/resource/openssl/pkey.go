package openssl

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// PkeyType is ssl_pkey: a private key file.
type PkeyType struct{}

var pkeySchema = resource.NewSchema(resource.Schema{
	Name: "ssl_pkey",
	Doc:  "An SSL private key (puppet-openssl): an RSA or EC key written as PEM, encrypted with AES-256-CBC when a password is given.",
	Attrs: append([]resource.Attr{
		ensureAttr(),
		pathAttr("The path to the key."),
		{Name: "authentication", Default: "rsa", Doc: "The key's algorithm: rsa or ec.", Check: resource.Enum("rsa", "ec")},
		{Name: "size", Default: int64(2048), Doc: "The size in bits of an RSA key.", Check: numeric()},
		{Name: "curve", Default: "secp384r1", Doc: "The curve of an EC key."},
		{Name: "password", Doc: "The password the key is encrypted with; none leaves it in clear."},
	}, fileAttrs()...),
	Providers: []resource.Provider{{Name: "openssl", Default: true, Doc: "Makes private keys as Ruby's OpenSSL library does."}},
})

// Schema returns ssl_pkey's schema.
func (PkeyType) Schema() *resource.Schema { return pkeySchema }

// AutoRequire returns the key's folder.
func (PkeyType) AutoRequire(r *catalog.Resource, c *catalog.Catalog) []catalog.Ref {
	v := resource.NewValues(pkeySchema, r)
	return autoFiles(c, filepath.Dir(v.String("path")))
}

// New returns the instance that manages the key v describes.
func (PkeyType) New(v resource.Values) (resource.Instance, error) {
	p := permsOf(v)
	k := &pkey{
		path:   v.String("path"),
		ensure: ensureOf(v, p),
		perms:  p,
		auth:   v.String("authentication"),
		size:   atoi(v.Get("size")),
		curve:  v.String("curve"),
		where:  v.Resource().Location(),
	}
	k.password, k.hasPassword = secret(v, "password")
	return k, nil
}

// atoi is Ruby's to_i of a size: its leading digits, else 0.
func atoi(v catalog.Value) int {
	s := catalog.Scalar(v)
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	n, _ := strconv.Atoi(s[:i])
	return n
}

type pkey struct {
	path, ensure string
	perms        perms
	auth, curve  string
	size         int
	password     string
	hasPassword  bool
	state        fileState
	where        string // where the resource was declared
}

func (k *pkey) Retrieve(ctx context.Context, h *resource.Handle) error {
	st, err := readState(k.path)
	k.state = st
	return err
}

func (k *pkey) Exists() bool { return k.state.exists }

func (k *pkey) Properties() []resource.Property {
	if k.ensure == "" {
		return nil
	}
	ps := []resource.Property{&resource.Presence{
		Type:   "ssl_pkey",
		Want:   k.ensure == "present",
		Exists: func() bool { return k.state.exists },
		Create: func(ctx context.Context, h *resource.Handle) error {
			// A Ruby error, not Puppet's: Puppet says where the
			// resource was declared and logs the cause after it.
			if err := k.create(ctx, h); err != nil {
				return &resource.WrappedError{Msg: strings.TrimSpace(fmt.Sprintf("Could not set 'present' on ensure: %v %s", err, k.where)), Cause: err}
			}
			return nil
		},
		Remove: func(context.Context, *resource.Handle) error { return removeFile(k.path) },
	}}
	return append(ps, permProps(k.path, k.perms, &k.state)...)
}

// create is the module's create: a new key, as PEM, written to path,
// then its owner, group and mode.
func (k *pkey) create(ctx context.Context, h *resource.Handle) error {
	block, err := k.generate(ctx, h)
	if err != nil {
		return err
	}
	if k.hasPassword {
		//lint:ignore SA1019 the module writes OpenSSL's traditional encrypted PEM (Proc-Type and DEK-Info), which is this.
		block, err = x509.EncryptPEMBlock(rand.Reader, block.Type, block.Bytes, []byte(k.password), x509.PEMCipherAES256)
		if err != nil {
			return err
		}
	}
	if err := writeFile(k.path, pem.EncodeToMemory(block)); err != nil {
		return err
	}
	return setPerms(k.path, k.perms)
}

// goCurves are the curves Go makes keys on, by OpenSSL's names.
var goCurves = map[string]elliptic.Curve{
	"prime256v1": elliptic.P256(), "secp256r1": elliptic.P256(),
	"secp384r1": elliptic.P384(), "secp521r1": elliptic.P521(),
	"secp224r1": elliptic.P224(),
}

// generate makes the key as a PEM block of OpenSSL's traditional form
// (RSA PRIVATE KEY, EC PRIVATE KEY), as Ruby's to_pem writes it. Keys Go
// does not make (RSA under 1024 bits, curves other than NIST's) are made
// by the openssl command.
func (k *pkey) generate(ctx context.Context, h *resource.Handle) (*pem.Block, error) {
	switch k.auth {
	case "ec":
		if c, ok := goCurves[k.curve]; ok {
			key, err := ecdsa.GenerateKey(c, rand.Reader)
			if err != nil {
				return nil, err
			}
			der, err := x509.MarshalECPrivateKey(key)
			if err != nil {
				return nil, err
			}
			return &pem.Block{Type: "EC PRIVATE KEY", Bytes: der}, nil
		}
		return k.generateWithOpenssl(ctx, h, []string{"ecparam", "-name", k.curve, "-genkey", "-noout"}, "EC PRIVATE KEY",
			fmt.Sprintf("unknown curve name (%s)", k.curve))
	default:
		if k.size < 512 {
			return nil, fmt.Errorf(`EVP_PKEY_CTX_ctrl_str(ctx, "rsa_keygen_bits", "%d"): key size too small`, k.size)
		}
		if k.size >= 1024 {
			key, err := rsa.GenerateKey(rand.Reader, k.size)
			if err != nil {
				return nil, err
			}
			return &pem.Block{Type: "RSA PRIVATE KEY", Bytes: x509.MarshalPKCS1PrivateKey(key)}, nil
		}
		return k.generateWithOpenssl(ctx, h, []string{"genrsa", "-traditional", strconv.Itoa(k.size)}, "RSA PRIVATE KEY",
			"EVP_PKEY_keygen: key size too small")
	}
}

// generateWithOpenssl runs openssl to make a key, which it prints; its
// failure is said as Ruby's OpenSSL says it (failure).
func (k *pkey) generateWithOpenssl(ctx context.Context, h *resource.Handle, args []string, kind, failure string) (*pem.Block, error) {
	res, err := h.Runner.Run(ctx, resource.Command{Argv: append([]string{opensslPath()}, args...), SplitStderr: true})
	if err != nil {
		return nil, err
	}
	if res.ExitCode != 0 {
		return nil, fmt.Errorf("%s", failure)
	}
	for rest := res.Output; ; {
		var b *pem.Block
		b, rest = pem.Decode(rest)
		if b == nil {
			return nil, fmt.Errorf("%s", failure)
		}
		if b.Type == kind {
			return &pem.Block{Type: kind, Bytes: b.Bytes}, nil
		}
	}
}

// writeFile writes a new file as Ruby's File.write makes one (its mode
// 0666 less the umask), but through a temporary file that no one else
// can read until it holds the whole content.
func writeFile(path string, data []byte) error {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer os.Remove(tmp)
	// The mode a new file gets here, from the umask.
	probe := tmp + ".mode"
	pf, err := os.OpenFile(probe, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o666)
	if err != nil {
		f.Close()
		return err
	}
	st, err := pf.Stat()
	pf.Close()
	os.Remove(probe)
	if err != nil {
		f.Close()
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Chmod(st.Mode().Perm()); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
